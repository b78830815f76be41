/** Session bodies for the hosted page tests (HTTP and browser). */

/** Partner-controlled text that would run script if it reached the page unescaped. Each one
 * sets window.__pwned so a test can prove none of them ran. */
export const HOSTILE_NAMES = [
  '<script>window.__pwned = "script"</script>',
  '<img src=x onerror="window.__pwned = \'img\'">',
  '"><svg onload="window.__pwned = \'svg\'">',
  "' onmouseover='window.__pwned = \"attr\"' x='",
  '\u2028</script><script>window.__pwned = "u2028"</script>\u2029',
  '</td></tr></table><iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>',
];

export function sessionBody(
  ref: string,
  origins: string[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    client_customer_ref: 'tp-a-1',
    client_reference_id: ref,
    amount: { currency: 'GBP', value: 1250 },
    due_date: '2026-12-31',
    items: [
      {
        item_name: 'Deposit, flat 4B',
        item_ref: 'dep-4b',
        item_type: 'deposit',
        amount: { currency: 'GBP', value: 1200 },
      },
      { item_name: 'Platform fee', item_type: 'platform_fee', amount: { currency: 'GBP', value: 50 } },
    ],
    recipient_details: [
      {
        recipient_id: 'rcp-a-1-gbp',
        amount: { currency: 'GBP', value: 1250 },
        purpose_of_transaction: 'PROPERTY_PURCHASE',
        payment_reference: ref,
      },
    ],
    allowed_origins: origins,
    ...extra,
  };
}

export function hostileItems(): Array<Record<string, unknown>> {
  return HOSTILE_NAMES.map((name, i) => ({
    item_name: name,
    item_ref: name,
    item_type: name,
    amount: { currency: 'GBP', value: i === 0 ? 1250 : 0 },
  }));
}
