/**
 * The catalogue of broken variants of the mock, one fault each, named after the check that must
 * catch it: a check that no broken implementation trips could be a check that cannot fail, and
 * the correct mock must stay silent.
 */
import {
  addDecimal,
  compareDecimal,
  formatDecimal,
  parseDecimal,
  type Decimal,
} from 'cross-border-payments-runtime/payments';
import { generateWebhookSecret } from '../../packages/runtime/src/webhooks/signing/sign.js';
import { firmVariants } from './firm-variants.js';
import type { ProxiedRequest, ProxiedResponse, ProxyHooks, WebhookEvent } from './proxy.js';

export interface VariantContext {
  /** Wallet currency per customer id (assumption A-CONVERSION). */
  wallets: Record<string, string>;
  /** A valid access token of the primary client, for the variants that fill in or swap tokens. */
  token(): Promise<string>;
  primaryClientId: string;
  /** The mock behind the proxy (for variants that ask it something on the side). */
  upstream: string;
}

export interface Variant {
  /** `<check id>/<fault>`. */
  name: string;
  /** The check that must fail. */
  check: string;
  /** Other checks the suite needs to run for `check` to see the fault (e.g. requests to judge). */
  with?: string[];
  /** Checks of `with` that the fault also breaks, unavoidably (a redirect is no refusal either). */
  alsoCaughtBy?: string[];
  /** The fault breaks an expectation that rests on an assumption: caught with --strict only (the reason). */
  strict?: string;
  fault: string;
  hooks(ctx: VariantContext): ProxyHooks;
  /**
   * The run addresses the target by this host name (not loopback) instead of 127.0.0.1; the
   * test's fetch maps it back to the proxy, so nothing leaves the machine.
   */
  publicHost?: string;
}

type Body = Record<string, any>;
const PAYMENTS = /^\/v3\/customers\/([^/]+)\/payments$/;
const SESSIONS = /^\/v1\/customers\/([^/]+)\/sessions$/;
const isCreate = (r: ProxiedRequest, re: RegExp) => r.method === 'POST' && re.test(r.path);
const customerOf = (r: ProxiedRequest, re: RegExp) => re.exec(r.path)![1];
const reject = (rule: string): ProxiedResponse => ({
  status: 400,
  headers: {},
  body: { errors: [{ rule, pointer: '/client_reference_id', message: 'duplicate', source: 'variant' }] },
});

const base: readonly Variant[] = [
  {
    name: 'negative/accepts-recipient-sum-mismatch',
    check: 'negative',
    fault: 'a payment whose recipient amounts do not sum to amount is accepted',
    hooks: () => ({
      request(r) {
        if (!isCreate(r, PAYMENTS)) return r;
        const b = structuredClone(r.body) as Body;
        const items: Body[] = Array.isArray(b?.recipient_details) ? b.recipient_details : [];
        const values = items.map((i) => parseDecimal(i?.amount?.value));
        const wellFormed = [b?.amount, ...items.map((i) => i?.amount)].every(
          (a) => typeof a?.currency === 'string' && /^[A-Z]{3}$/.test(a.currency),
        );
        if (!wellFormed || values.length === 0 || values.some((v) => v === undefined)) return r;
        const sum = (values as Decimal[]).reduce((a, v) => addDecimal(a, v));
        const total = parseDecimal(b.amount.value);
        const mixed = items.some((i) => i.amount.currency !== b.amount.currency);
        if (total && compareDecimal(sum, total) === 0 && !mixed) return r;
        // The fault: "repair" the request so that the mock accepts what it should refuse.
        for (const i of items) i.amount.currency = b.amount.currency;
        b.amount.value = Number(formatDecimal(sum));
        return { ...r, body: b };
      },
    }),
  },
  {
    name: 'negative/accepts-missing-quote',
    check: 'negative',
    // Firm: the fixtures state the wallet currency, so the conversion is known (Create payment rule 1).
    fault: 'a conversion payment without quote_id is accepted',
    hooks: (ctx) => ({
      request(r) {
        if (!isCreate(r, PAYMENTS)) return r;
        const b = r.body as Body;
        const wallet = ctx.wallets[customerOf(r, PAYMENTS)];
        const currency = b?.amount?.currency;
        if (
          !b ||
          b.quote_id !== undefined ||
          !wallet ||
          typeof currency !== 'string' ||
          !/^[A-Z]{3}$/.test(currency) ||
          currency === wallet
        )
          return r;
        const payment = {
          payment_id: `pay-variant-${Date.now()}`,
          instruction_number: 'IN-VARIANT',
          amount: b.amount,
          recipient_details: b.recipient_details ?? [],
          status: 'AWAITING_FUNDS',
          created_datetime: new Date().toISOString(),
        };
        return { status: 201, headers: {}, body: payment };
      },
    }),
  },
  {
    name: 'lifecycle/skips-payout-credited',
    check: 'lifecycle',
    fault: 'one PAYOUT_CREDITED per payment is never sent',
    hooks: () => {
      const skipped = new Set<string>();
      return {
        webhook: (e) => {
          if (e.status !== 'PAYOUT_CREDITED' || skipped.has(e.payment_id)) return [e];
          skipped.add(e.payment_id);
          return [];
        },
      };
    },
  },
  {
    name: 'lifecycle/completes-early',
    check: 'lifecycle',
    fault: 'PAYMENT_COMPLETED is stamped before the recipients are credited',
    hooks: () => ({
      webhook: (e) =>
        e.status === 'PAYMENT_COMPLETED'
          ? [{ ...e, event_timestamp: new Date(Date.parse(e.event_timestamp) - 60_000).toISOString() }]
          : [e],
    }),
  },
  {
    name: 'lifecycle/event-after-cancelled',
    check: 'lifecycle',
    fault: 'an event follows CANCELLED',
    hooks: () => ({
      webhook: (e): WebhookEvent[] =>
        e.status === 'CANCELLED'
          ? [
              e,
              {
                ...e,
                event_id: `${e.event_id}-after`,
                status: 'RECEIVED_FUNDS',
                event_timestamp: new Date(Date.parse(e.event_timestamp) + 1000).toISOString(),
              },
            ]
          : [e],
    }),
  },
  {
    name: 'lifecycle/bad-signature',
    check: 'lifecycle',
    strict: 'the signing scheme is not shown (A-WEBHOOK-SIGNATURE)',
    fault: "deliveries are signed with another secret than the subscription's",
    hooks: () => {
      const other = generateWebhookSecret();
      return { signingSecret: () => other };
    },
  },
  {
    name: 'auth/answers-without-token',
    check: 'auth',
    fault: 'requests without a token are served',
    hooks: (ctx) => ({
      async request(r) {
        if (r.headers.authorization || r.headers.apikey || r.path.startsWith('/auth/')) return r;
        return { ...r, headers: { ...r.headers, authorization: `Bearer ${await ctx.token()}` } };
      },
    }),
  },
  {
    name: 'auth/ignores-tenant',
    check: 'auth',
    strict: 'per-client isolation is not stated (A-TENANT-ISOLATION)',
    fault: "a valid token of any client reaches every client's customers",
    hooks: (ctx) => {
      // Tokens issued to the other sandbox clients, seen on their way back from the token endpoint.
      const foreign = new Set<string>();
      return {
        async request(r) {
          const token = /^Bearer (.+)$/.exec(r.headers.authorization ?? '')?.[1];
          if (!token || !foreign.has(token)) return r;
          return { ...r, headers: { ...r.headers, authorization: `Bearer ${await ctx.token()}` } };
        },
        response(r, res) {
          const clientId = (r.body as Body | undefined)?.client_id;
          const token = (res.body as Body | undefined)?.access_token;
          if (r.path.startsWith('/auth/') && typeof token === 'string' && clientId !== ctx.primaryClientId)
            foreign.add(token);
          return res;
        },
      };
    },
  },
  {
    name: 'uniqueness/accepts-duplicate-session-reference',
    check: 'uniqueness',
    fault: 'a client_reference_id reused for the same customer creates another session',
    hooks: () => {
      const used = new Set<string>();
      let n = 0;
      return {
        request(r) {
          const ref = (r.body as Body | undefined)?.client_reference_id;
          if (!isCreate(r, SESSIONS) || typeof ref !== 'string') return r;
          const key = `${customerOf(r, SESSIONS)} ${ref}`;
          if (!used.has(key)) {
            used.add(key);
            return r;
          }
          return { ...r, body: { ...(r.body as Body), client_reference_id: `${ref.slice(0, 30)}-d${++n}` } };
        },
      };
    },
  },
  {
    name: 'uniqueness/rejects-non-third-party-duplicate',
    check: 'uniqueness',
    fault: 'a reused client_reference_id of a non-third-party payment is refused',
    hooks: () => {
      const used = new Set<string>();
      return {
        request(r) {
          const b = r.body as Body | undefined;
          if (!isCreate(r, PAYMENTS) || typeof b?.client_reference_id !== 'string' || b.is_third_party_payment === true)
            return r;
          const key = `${customerOf(r, PAYMENTS)} ${b.client_reference_id}`;
          if (used.has(key)) return reject('payment.client-reference-unique');
          used.add(key);
          return r;
        },
      };
    },
  },
  {
    name: 'recipient-check/ignores-confirm-recipient',
    check: 'recipient-check',
    strict: 'the inner fields of confirm_recipient are not shown (A-CONFIRM-RECIPIENT)',
    fault: 'confirm_recipient is dropped, so a failed name check can never be overridden',
    hooks: () => ({
      request(r) {
        const b = r.body as Body | undefined;
        if (!isCreate(r, PAYMENTS) || b?.confirm_recipient === undefined) return r;
        const { confirm_recipient: _dropped, ...rest } = b;
        return { ...r, body: rest };
      },
    }),
  },
  {
    name: 'sessions/lookup-hides-payment',
    check: 'sessions',
    fault: 'the session lookup never reports the payment made through the session',
    hooks: () => ({
      response(r, res) {
        const sessions = (res.body as { sessions?: Body[] } | undefined)?.sessions;
        if (r.method !== 'GET' || !SESSIONS.test(r.path) || !Array.isArray(sessions)) return res;
        return {
          ...res,
          body: { sessions: sessions.map(({ payment_id: _p, ...s }) => ({ ...s, has_payment: false })) },
        };
      },
    }),
  },
  {
    name: 'spec-status/undocumented-status',
    check: 'spec-status',
    with: ['negative'],
    // Every operation documents the 2XX, 4XX and 5XX ranges (no closed list fails a 422 or 429), so the
    // status no document lists is a redirect: RFC 9110 §15, an API call ends in 2xx, 4xx or 5xx.
    fault: 'Request a virtual account answers a refusal with 303, a status no operation documents',
    alsoCaughtBy: ['negative'],
    hooks: () => ({
      response: (r, res) =>
        r.method === 'POST' && /\/virtual-accounts$/.test(r.path) && res.status === 400 ? { ...res, status: 303 } : res,
    }),
  },
  {
    name: 'spec-content-type/json-as-text',
    check: 'spec-content-type',
    strict: 'media types are not shown (A-JSON)',
    with: ['positive'],
    fault: 'the session lookup answers its JSON as text/plain',
    hooks: () => ({
      response: (r, res) =>
        r.method === 'GET' && SESSIONS.test(r.path)
          ? { ...res, headers: { ...res.headers, 'content-type': 'text/plain' }, body: JSON.stringify(res.body) }
          : res,
    }),
  },
  {
    name: 'spec-schema/wrong-field-type',
    check: 'spec-schema',
    with: ['positive'],
    fault: 'instruction_number of a created payment is a number',
    hooks: () => ({
      response: (r, res) =>
        isCreate(r, PAYMENTS) && res.status < 300 && typeof res.body === 'object'
          ? { ...res, body: { ...(res.body as Body), instruction_number: 12345 } }
          : res,
    }),
  },
];

/** The old faults, and one per firm seed statement the suite used to miss (firm-variants.ts). */
export const variants: readonly Variant[] = [...base, ...firmVariants];
