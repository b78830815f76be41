/** A valid Create payment (v3) request: three recipients, same currency, sums exactly. */
export function paymentRequest(): Record<string, unknown> {
  return {
    purpose_of_transaction: 'PROPERTY_PURCHASE',
    amount: { currency: 'GBP', value: 100 },
    recipient_details: [
      { recipient_id: 'r-1', amount: { currency: 'GBP', value: 33.33 }, purpose_of_transaction: 'PROPERTY_PURCHASE' },
      { recipient_id: 'r-2', amount: { currency: 'GBP', value: 33.33 }, payment_reference: 'INV-2' },
      { recipient_id: 'r-3', amount: { currency: 'GBP', value: 33.34 }, purpose_of_transaction: 'BILL_PAYMENTS' },
    ],
    client_reference_id: 'ref-0001',
  };
}

export const CREATE_PAYMENT_STATELESS = ['payment.recipient-sum', 'payment.third-party-fields'];

export const CREATE_PAYMENT_STATEFUL = [
  'payment.quote-required',
  'payment.quote-usable',
  'payment.third-party-known',
  'payment.client-reference-unique',
  'payment.recipient-active',
  'payment.confirm-recipient-after-failure',
];
