/**
 * Broken variants for the firm statements of the service description that the firm-statements check covers
 * (conformance/suites/api/checks/firm-statements/, one module per scenario):
 * each accepts what the seed forbids, and each must be caught by the check named first.
 */
import type { Variant } from './catalogue.js';
import type { ProxiedRequest } from './proxy.js';

type Body = Record<string, any>;
const PAYMENTS = /^\/v3\/customers\/([^/]+)\/payments$/;
const VIRTUAL_ACCOUNTS = /^\/v1\/customers\/([^/]+)\/virtual-accounts$/;
const isPost = (r: ProxiedRequest, re: RegExp) => r.method === 'POST' && re.test(r.path);

export const firmVariants: readonly Variant[] = [
  {
    name: 'firm-statements/accepts-inactive-recipient',
    check: 'firm-statements',
    fault:
      'a payment to an inactive recipient is accepted (Create ' +
      'payment rule 2: "Recipient details must be valid and active")',
    hooks: () => ({
      request(r) {
        if (!isPost(r, PAYMENTS)) return r;
        const b = structuredClone(r.body) as Body;
        // The sandbox's inactive fixture recipient has an active GBP sibling of the same customer.
        for (const d of Array.isArray(b?.recipient_details) ? b.recipient_details : []) {
          if (typeof d?.recipient_id === 'string') d.recipient_id = d.recipient_id.replace(/-inactive$/, '-gbp');
        }
        return { ...r, body: b };
      },
    }),
  },
  {
    name: 'firm-statements/accepts-expired-quote',
    check: 'firm-statements',
    fault: 'a payment on an expired quote is accepted (Create payment rule 1: the quote must "not be expired")',
    hooks: (ctx) => {
      const expiry = new Map<string, { at: number; sell: string; buy: string; customer: string }>();
      return {
        async request(r) {
          const quote = (r.body as Body | undefined)?.quote_id;
          const known = typeof quote === 'string' ? expiry.get(quote) : undefined;
          if (!isPost(r, PAYMENTS) || !known) return r;
          const auth = { authorization: r.headers.authorization ?? '' };
          const clock = (await (await fetch(`${ctx.upstream}/_sandbox/clock`, { headers: auth })).json()) as {
            now: string;
          };
          if (Date.parse(clock.now) < known.at) return r;
          // The fault: swap the expired quote for a fresh one behind the caller's back.
          const res = await fetch(`${ctx.upstream}/_sandbox/customers/${known.customer}/quotes`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ sell_currency: known.sell, buy_currency: known.buy }),
          });
          const fresh = ((await res.json()) as { quote_id: string }).quote_id;
          return { ...r, body: { ...(r.body as Body), quote_id: fresh } };
        },
        response(r, res) {
          const m = /^\/_sandbox\/customers\/([^/]+)\/quotes$/.exec(r.path);
          const q = res.body as Body | undefined;
          if (m && r.method === 'POST' && typeof q?.quote_id === 'string' && typeof q.expires_at === 'string') {
            expiry.set(q.quote_id, {
              at: Date.parse(q.expires_at),
              sell: String(q.sell_currency),
              buy: String(q.buy_currency),
              customer: m[1],
            });
          }
          return res;
        },
      };
    },
  },
  {
    name: 'firm-statements/eur-account-without-vban-country',
    check: 'firm-statements',
    fault: 'an EUR virtual account without vban_country is accepted ("mandatory for EUR and GBP virtual accounts")',
    hooks: () => ({
      request(r) {
        const b = r.body as Body | undefined;
        if (!isPost(r, VIRTUAL_ACCOUNTS) || b?.currency !== 'EUR' || b.vban_country !== undefined) return r;
        return { ...r, body: { ...b, vban_country: 'DEU' } };
      },
    }),
  },
  {
    name: 'firm-statements/virtual-account-for-inactive-customer',
    check: 'firm-statements',
    fault:
      'a virtual account is created for a customer that is not active (What ' +
      'the service does: "available for registered and active customers")',
    hooks: () => {
      let n = 0;
      return {
        response(r, res) {
          const refusal = JSON.stringify(res.body ?? '').includes('virtual-account.customer-active');
          if (!isPost(r, VIRTUAL_ACCOUNTS) || res.status !== 400 || !refusal) return res;
          return { status: 201, headers: {}, body: { unique_identifier: `va-variant-${++n}` } };
        },
      };
    },
  },
  {
    name: 'firm-statements/unknown-customer-answered-2xx',
    check: 'firm-statements',
    fault: 'a request for an unknown customer is served (2xx) instead of 404 (Errors table: 404 Not Found)',
    hooks: (ctx) => ({
      request(r) {
        const m = /^(\/(?:api\/)?v\d\/customers\/)([^/]+)(\/.*)?$/.exec(r.path);
        const known = Object.keys(ctx.wallets)[0];
        if (!m || m[2] in ctx.wallets || !known) return r;
        return { ...r, path: `${m[1]}${known}${m[3] ?? ''}` };
      },
    }),
  },
  {
    name: 'firm-statements/float-sum',
    check: 'firm-statements',
    fault:
      'recipient amounts are summed as binary floats, so 10.10 + 20.20 misses 30.30 and the ' +
      'payment is refused (Create payment rule 3: "the sum of entry amounts equals amount")',
    hooks: () => ({
      request(r) {
        const b = r.body as Body | undefined;
        const items: Body[] = Array.isArray(b?.recipient_details) ? b.recipient_details : [];
        const values = items.map((i) => i?.amount?.value);
        if (
          !isPost(r, PAYMENTS) ||
          typeof b?.amount?.value !== 'number' ||
          values.length === 0 ||
          !values.every((v) => typeof v === 'number')
        )
          return r;
        // The fault: IEEE 754 addition and exact equality.
        const sum = (values as number[]).reduce((a, v) => a + v, 0);
        if (sum === b.amount.value) return r;
        return {
          status: 400,
          headers: {},
          body: {
            errors: [
              {
                rule: 'payment.recipient-sum',
                pointer: '/amount/value',
                message: `sum ${sum} != ${b.amount.value}`,
                source: 'variant',
              },
            ],
          },
        };
      },
    }),
  },
  {
    name: 'firm-statements/payments-served-on-the-apikey-alone',
    check: 'firm-statements',
    fault:
      'a legacy payment endpoint serves a call that carries the apikey alone (Authentication, ' +
      'OAuth 2.0: "payments ... require a Bearer token"; the legacy endpoints are payments)',
    hooks: (ctx) => ({
      async request(r) {
        const legacy = r.method === 'GET' && /^\/v1\/customers\/[^/]+\/payments(\/[^/]+)?$/.test(r.path);
        if (!legacy || r.headers.authorization || !r.headers.apikey) return r;
        return { ...r, headers: { ...r.headers, authorization: `Bearer ${await ctx.token()}` } };
      },
    }),
  },
  {
    name: 'firm-statements/plain-http',
    check: 'firm-statements',
    fault:
      'a deployed (non-loopback) target answers over plain http ' +
      '(Authentication, OAuth 2.0 step 6: "All requests use HTTPS.")',
    publicHost: 'sandbox.provider.example',
    hooks: () => ({}),
  },
  {
    name: 'lifecycle/payout-without-recipient-id',
    check: 'lifecycle',
    fault:
      'PAYOUT_INITIATED is sent without recipient_id (States and ' +
      'transitions, row 4: "One webhook per recipient, with recipient_id")',
    hooks: () => ({ webhook: (e) => [e.status === 'PAYOUT_INITIATED' ? { ...e, recipient_id: undefined } : e] }),
  },
];
