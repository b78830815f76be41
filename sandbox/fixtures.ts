/**
 * The sandbox fixtures (SANDBOX CONTRACT, sandbox/README.md). Credentials are fixed and
 * sandbox-only: they open nothing but this mock, so printing them is intended.
 */
import type { ClientRecord } from './types.js';

export const SANDBOX_CLIENTS: readonly ClientRecord[] = Object.freeze([
  { clientId: 'sandbox-client-a', clientSecret: 'sandbox-secret-a', apiKey: 'sandbox-apikey-a' },
  { clientId: 'sandbox-client-b', clientSecret: 'sandbox-secret-b' },
]);

export interface FixtureSeed {
  customers: Array<{ customer_id: string; clientId: string; wallet_currency: string; status: 'active' | 'inactive' }>;
  recipients: Array<{
    recipient_id: string;
    customer_id: string;
    currency: string;
    status: 'active' | 'inactive';
    name: string;
  }>;
  quotes: Array<{
    quote_id: string;
    customer_id: string;
    sell_currency: string;
    buy_currency: string;
    expiresInSeconds: number;
  }>;
  thirdParties: Array<{ customer_id: string; client_customer_ref: string; data: Record<string, unknown> }>;
}

const CUSTOMERS: FixtureSeed['customers'] = [
  { customer_id: 'cust-a-1', clientId: 'sandbox-client-a', wallet_currency: 'GBP', status: 'active' },
  { customer_id: 'cust-a-2', clientId: 'sandbox-client-a', wallet_currency: 'EUR', status: 'active' },
  { customer_id: 'cust-b-1', clientId: 'sandbox-client-b', wallet_currency: 'GBP', status: 'active' },
  // Registered but not active: it gets no virtual account (What the service does) and no recipients.
  { customer_id: 'cust-a-inactive', clientId: 'sandbox-client-a', wallet_currency: 'GBP', status: 'inactive' },
];

/** Per customer: an active GBP and EUR recipient and one inactive (GBP). */
function recipientsOf(customerId: string): FixtureSeed['recipients'] {
  const short = customerId.replace(/^cust-/, '');
  return [
    {
      recipient_id: `rcp-${short}-gbp`,
      customer_id: customerId,
      currency: 'GBP',
      status: 'active',
      name: `Recipient ${short} GBP Ltd`,
    },
    {
      recipient_id: `rcp-${short}-eur`,
      customer_id: customerId,
      currency: 'EUR',
      status: 'active',
      name: `Recipient ${short} EUR GmbH`,
    },
    {
      recipient_id: `rcp-${short}-inactive`,
      customer_id: customerId,
      currency: 'GBP',
      status: 'inactive',
      name: `Recipient ${short} Closed`,
    },
  ];
}

export function fixtureSeed(): FixtureSeed {
  return {
    customers: CUSTOMERS.map((c) => ({ ...c })),
    recipients: CUSTOMERS.filter((c) => c.status === 'active').flatMap((c) => recipientsOf(c.customer_id)),
    quotes: [
      {
        quote_id: 'quote-a-1-gbp-eur',
        customer_id: 'cust-a-1',
        sell_currency: 'GBP',
        buy_currency: 'EUR',
        expiresInSeconds: 15 * 60,
      },
    ],
    thirdParties: [
      {
        customer_id: 'cust-a-1',
        client_customer_ref: 'tp-a-1',
        data: { client_customer_ref: 'tp-a-1', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.invalid' },
      },
    ],
  };
}
