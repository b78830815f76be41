/** Picking customers, recipients and third parties out of the target's fixtures. */
import type { TargetFixtures } from './config-file.js';

export type Customer = TargetFixtures['customers'][number];
export type Recipient = TargetFixtures['recipients'][number];

export function activeRecipients(f: TargetFixtures, customerId: string, currency?: string): Recipient[] {
  return f.recipients.filter(
    (r) =>
      r.customer_id === customerId &&
      (r.status ?? 'active') === 'active' &&
      (currency === undefined || r.currency === currency),
  );
}

/** A customer with a wallet currency and an active recipient in it (same-currency payment). */
export function sameCurrencyCustomer(
  f: TargetFixtures,
): { customer: Customer; currency: string; recipient: Recipient } | undefined {
  for (const c of f.customers) {
    const w = c.wallet_currency;
    const r = w ? activeRecipients(f, c.customer_id, w)[0] : undefined;
    if (w && r) return { customer: c, currency: w, recipient: r };
  }
  return undefined;
}

/** A customer with an active recipient in another currency than its wallet (assumption A-CONVERSION). */
export function conversionCustomer(
  f: TargetFixtures,
): { customer: Customer; sell: string; buy: string; recipient: Recipient } | undefined {
  for (const c of f.customers) {
    const r = activeRecipients(f, c.customer_id).find((x) => x.currency && x.currency !== c.wallet_currency);
    if (c.wallet_currency && r?.currency)
      return { customer: c, sell: c.wallet_currency, buy: r.currency, recipient: r };
  }
  return undefined;
}

export function thirdPartyCustomer(
  f: TargetFixtures,
): { customer: Customer; currency: string; recipient: Recipient; ref: string } | undefined {
  for (const tp of f.third_parties) {
    const c = f.customers.find((x) => x.customer_id === tp.customer_id);
    const w = c?.wallet_currency;
    const r = w ? activeRecipients(f, tp.customer_id, w)[0] : undefined;
    if (c && w && r) return { customer: c, currency: w, recipient: r, ref: tp.client_customer_ref };
  }
  return undefined;
}

export function inactiveRecipient(f: TargetFixtures, customerId: string): Recipient | undefined {
  return f.recipients.find((r) => r.customer_id === customerId && r.status !== undefined && r.status !== 'active');
}
