/**
 * Legitimate variations of the mock: how a provider could honestly behave where the seed says
 * "not shown", "usually", "may", "order is not guaranteed", "retries", "up to 5 minutes", and the
 * ordinary provider styles (nulls, nested data, delivery metadata, per-payment event ids, other
 * success and error codes). Each must end with 0 failures; warnings are fine.
 */
import type { VariantContext } from './catalogue.js';
import type { ProxiedRequest, ProxiedResponse, ProxyHooks, WebhookEvent } from './proxy.js';

export interface LegitimateVariant {
  name: string;
  /** The seed words that allow it. */
  seed: string;
  /** The checks that see it. */
  checks: string[];
  /** What the report must tell the partner about it (a note), when anything. */
  note?: RegExp;
  /** `--require` for the run (a legitimate behaviour must not fail a pipeline that requires everything). */
  require?: string[];
  hooks(ctx: VariantContext): ProxyHooks;
}

type Body = Record<string, unknown>;
const PAYMENTS = /^\/v3\/customers\/[^/]+\/payments$/;
const SESSIONS = /^\/v1\/customers\/([^/]+)\/sessions$/;
const VIRTUAL_ACCOUNTS = /^\/v1\/customers\/[^/]+\/virtual-accounts$/;
const isPost = (r: ProxiedRequest, re: RegExp) => r.method === 'POST' && re.test(r.path);
const shift = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();
const END = new Set(['PAYMENT_COMPLETED', 'CANCELLED']);
/** An RFC 3339 timestamp of second precision (the second it falls in). */
const toSecond = (iso: string) =>
  new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toISOString().replace('.000Z', 'Z');
const isObject = (v: unknown): v is Body => v !== null && typeof v === 'object' && !Array.isArray(v);
/** A call of the API itself (not the sandbox's control API, not the token endpoint). */
const isApiCall = (r: ProxiedRequest) => !r.path.startsWith('/_sandbox/') && !r.path.startsWith('/auth/');
const throttled = (status: 429 | 503, retryAfter: string): ProxiedResponse => ({
  status,
  headers: { 'retry-after': retryAfter },
  body: { message: status === 429 ? 'Too many requests' : 'Service unavailable' },
});

/** Holds a payment's events until its end arrives, then hands them to `release`. */
function buffered(release: (events: WebhookEvent[]) => WebhookEvent[]): ProxyHooks {
  const held = new Map<string, WebhookEvent[]>();
  return {
    webhook(e) {
      const list = [...(held.get(e.payment_id) ?? []), e];
      if (!END.has(e.status)) {
        held.set(e.payment_id, list);
        return [];
      }
      held.delete(e.payment_id);
      return release(list);
    },
  };
}

/**
 * A funded wallet: every payment of `customers` (default: all) is paid as soon as it exists, its
 * first webhook PROCESSING. The driver's deliver-funds finds nothing to do; its cancel finds a
 * payment that never awaited funds (the sandbox answers 409).
 */
export function fundedWallet(ctx: VariantContext, customers?: readonly string[]): ProxyHooks {
  const owner = new Map<string, string>();
  const funded = new Map<string, Promise<void>>();
  const isFunded = (paymentId: string) => customers === undefined || customers.includes(owner.get(paymentId) ?? '');
  const fund = (paymentId: string) => {
    let done = funded.get(paymentId);
    if (!done) {
      done = (async () => {
        const res = await fetch(`${ctx.upstream}/_sandbox/payments/${encodeURIComponent(paymentId)}/deliver-funds`, {
          method: 'POST',
          headers: { authorization: `Bearer ${await ctx.token()}`, 'content-type': 'application/json' },
          body: '{}',
        });
        await res.body?.cancel();
      })();
      funded.set(paymentId, done);
    }
    return done;
  };
  const sessions = new Map<string, string>();
  return {
    async request(r) {
      const m = /^\/_sandbox\/payments\/([^/]+)\/(deliver-funds|cancel)$/.exec(r.path);
      const paymentId = m ? decodeURIComponent(m[1]) : '';
      if (!m || !isFunded(paymentId)) return r;
      await fund(paymentId);
      return m[2] === 'deliver-funds'
        ? { status: 200, headers: {}, body: { payment_id: paymentId, note: 'the funds were already there' } }
        : r;
    },
    response(r, res) {
      const body = isObject(res.body) ? res.body : {};
      const customer = /^\/v[13]\/customers\/([^/]+)\/(payments|sessions)$/.exec(r.path)?.[1];
      if (r.method === 'POST' && customer && typeof body.session_id === 'string')
        sessions.set(body.session_id, customer);
      const paid = /^\/_sandbox\/sessions\/([^/]+)\/pay$/.exec(r.path);
      const payer = paid ? sessions.get(decodeURIComponent(paid[1])) : r.method === 'POST' ? customer : undefined;
      if (payer !== undefined && typeof body.payment_id === 'string') {
        owner.set(body.payment_id, payer);
        // Its first webhook may have gone out before this answer: paid now all the same.
        if (isFunded(body.payment_id)) void fund(body.payment_id);
      }
      return res;
    },
    webhook(e) {
      if (e.status !== 'AWAITING_FUNDS' || !isFunded(e.payment_id)) return [e];
      void fund(e.payment_id);
      return [{ ...e, status: 'PROCESSING' }];
    },
  };
}

export const legitimateVariants: readonly LegitimateVariant[] = [
  {
    name: 'events/order-not-guaranteed',
    seed: 'Events, consumer rule 2: "Order is not guaranteed; event_timestamp determines the real order."',
    checks: ['lifecycle'],
    hooks: () => buffered((events) => [...events].reverse()),
  },
  {
    name: 'events/retries-with-delivery-metadata',
    seed: 'Events, consumer rule 1: "A repeated event_id is a duplicate (delivery retry or redelivery)"',
    checks: ['lifecycle'],
    hooks: () => ({ webhook: (e) => [e, { ...e, delivery_attempt: 2, redelivered_at: new Date().toISOString() }] }),
  },
  {
    name: 'events/late-retry-of-an-early-event',
    seed: 'Events: "Retry schedule: not shown"; consumer rule 2 (order not guaranteed)',
    checks: ['lifecycle'],
    // The first attempt of AWAITING_FUNDS is lost; its retry arrives after PAYMENT_COMPLETED.
    hooks: () =>
      buffered((events) => [
        ...events.filter((e) => e.status !== 'AWAITING_FUNDS'),
        ...events.filter((e) => e.status === 'AWAITING_FUNDS'),
      ]),
  },
  {
    name: 'events/first-webhook-processing',
    seed: 'Events table: "PROCESSING | May be the first webhook"',
    checks: ['lifecycle'],
    hooks: () => ({ webhook: (e) => [e.status === 'AWAITING_FUNDS' ? { ...e, status: 'PROCESSING' } : e] }),
  },
  {
    name: 'events/first-webhook-not-awaiting-funds',
    seed: 'Events table: "AWAITING_FUNDS | Usually the first webhook" (a payment funded from the wallet at once)',
    checks: ['lifecycle'],
    hooks: () => ({
      webhook: (e) => (e.status === 'AWAITING_FUNDS' ? [] : [e]),
    }),
  },
  {
    name: 'events/completed-4-minutes-after-last-credit',
    seed:
      'States and transitions, row 6: PAYMENT_COMPLETED "may ' +
      'arrive up to 5 minutes after the last PAYOUT_CREDITED"',
    checks: ['lifecycle'],
    hooks: () => ({
      webhook: (e) => [e.status === 'PAYMENT_COMPLETED' ? { ...e, event_timestamp: shift(e.event_timestamp, 240) } : e],
    }),
  },
  {
    name: 'events/bounced-back-after-completion',
    seed: 'States and transitions: "Transitions of BOUNCED_BACK ... not shown"',
    checks: ['lifecycle'],
    hooks: () => ({
      webhook: (e) =>
        e.status === 'PAYMENT_COMPLETED'
          ? [
              e,
              {
                ...e,
                event_id: `${e.event_id}-bounce`,
                status: 'BOUNCED_BACK',
                event_timestamp: shift(e.event_timestamp, 60),
              },
            ]
          : [e],
    }),
  },
  {
    name: 'events/same-currency-without-fx-completed',
    seed:
      'States and transitions: FX_COMPLETED on "Conversion done" ' +
      '(none happens for a same-currency payment; A-STATE-2)',
    checks: ['lifecycle'],
    hooks: () => ({ webhook: (e) => (e.status === 'FX_COMPLETED' ? [] : [e]) }),
  },
  {
    name: 'events/nulls-for-absent-fields',
    seed: 'Events: "Complete payload schema: not shown" (null for a field that does not apply)',
    checks: ['lifecycle'],
    hooks: () => ({
      webhook: (e) => [
        {
          session_id: null,
          client_customer_ref: null,
          recipient_id: null,
          ...Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined)),
        } as unknown as WebhookEvent,
      ],
    }),
  },
  {
    name: 'events/fields-under-data',
    seed: 'Events: "Fields that appear in a webhook: ..." (where in the payload: not shown)',
    checks: ['lifecycle'],
    hooks: () => ({
      webhook: ({ recipient_id, client_reference_id, client_customer_ref, session_id, ...top }) => [
        {
          ...top,
          type: 'payment.status',
          data: { recipient_id, client_reference_id, client_customer_ref, session_id },
        } as WebhookEvent,
      ],
    }),
  },
  {
    name: 'events/per-payment-event-ids',
    seed: 'Events, consumer rule 1: event_id is the idempotency key (its scope: not shown)',
    checks: ['lifecycle'],
    hooks: () => {
      const n = new Map<string, number>();
      return {
        webhook: (e) => {
          const i = (n.get(e.payment_id) ?? 0) + 1;
          n.set(e.payment_id, i);
          return [{ ...e, event_id: `evt-${i}` }];
        },
      };
    },
  },
  {
    name: 'events/completed-exactly-5-minutes-after-last-credit',
    seed:
      'States and transitions, row 6: PAYMENT_COMPLETED "may arrive up ' +
      'to 5 minutes after the last PAYOUT_CREDITED" (the edge itself)',
    checks: ['lifecycle'],
    hooks: () =>
      buffered((events) => {
        const credited = events.filter((e) => e.status === 'PAYOUT_CREDITED').map((e) => Date.parse(e.event_timestamp));
        if (credited.length === 0) return events;
        const edge = new Date(Math.max(...credited) + 300_000).toISOString();
        return events.map((e) => (e.status === 'PAYMENT_COMPLETED' ? { ...e, event_timestamp: edge } : e));
      }),
  },
  {
    name: 'events/retries-of-the-whole-flow-after-its-end',
    seed:
      'Events: "Retry schedule: not shown"; consumer rule 1: "A ' +
      'repeated event_id is a duplicate (delivery retry or redelivery)"',
    checks: ['lifecycle'],
    // A provider whose first attempts all went unacknowledged retries every event of the payment
    // much later (hours, in production), after the end, with its original event_timestamp.
    hooks: () => buffered((events) => [...events, ...events.map((e) => ({ ...e, delivery_attempt: 6 }))]),
  },
  {
    name: 'http/rate-limited-with-retry-after',
    seed: 'Limits: "Rate limits ... not shown" (a 429 with Retry-After, RFC 6585 §4, then success)',
    checks: ['positive', 'negative', 'spec-status'],
    note: /the target throttled \d+ requests? \(\d+× HTTP 429\)/,
    hooks: () => {
      let calls = 0;
      let refused = 0;
      return {
        request(r) {
          if (!isApiCall(r)) return r;
          // Some calls, not all: the 5th, 15th, 25th and 35th call of the run are throttled once.
          return ++calls % 10 === 5 && ++refused <= 4 ? throttled(429, '1') : r;
        },
      };
    },
  },
  {
    name: 'http/unavailable-with-retry-after',
    seed:
      'Errors, rule 3: "The exact status for each: not shown"; Limits: "Rate limits ... ' +
      'not shown" (a 503 with Retry-After, RFC 9110 §15.6.4, during a short maintenance)',
    checks: ['positive', 'spec-status'],
    note: /the target throttled \d+ requests? \(\d+× HTTP 503\): \d+ retried after Retry-After/,
    hooks: () => {
      const seen = new Set<string>();
      return {
        request(r) {
          if (!isApiCall(r) || r.method !== 'GET') return r;
          // The first read of each path is refused once; the retry is served.
          const key = r.path.replace(/\/customers\/[^/]+/, '/customers/{id}');
          if (seen.has(key)) return r;
          seen.add(key);
          return throttled(503, '1');
        },
      };
    },
  },
  {
    name: 'http/virtual-account-accepted-202',
    seed:
      'Request a virtual account: "The response means that virtual ' +
      'account creation has been initiated" (success codes: not shown)',
    checks: ['positive', 'firm-statements', 'spec-status'],
    hooks: () => ({
      response: (r, res) => (isPost(r, VIRTUAL_ACCOUNTS) && res.status < 300 ? { ...res, status: 202 } : res),
    }),
  },
  {
    name: 'auth/apikey-alone-refused-on-customer-operations',
    seed:
      'Authentication, API key: "Used by partner integrations and the public Property Transaction ' +
      'Fee API and Referrals API" (which operations take it: not stated, A-SECURITY-UNSTATED)',
    checks: ['firm-statements', 'auth'],
    hooks: () => ({
      request: (r) =>
        isApiCall(r) && r.headers.apikey !== undefined && r.headers.authorization === undefined
          ? { status: 401, headers: { 'www-authenticate': 'Bearer' }, body: { message: 'Bearer token required' } }
          : r,
    }),
  },
  {
    name: 'http/created-answered-200',
    seed: 'Endpoints: "Success status codes of all operations: not shown"',
    checks: ['positive', 'spec-status'],
    hooks: () => ({
      response: (r, res) =>
        r.method === 'POST' && res.status === 201 && !r.path.startsWith('/_sandbox/') ? { ...res, status: 200 } : res,
    }),
  },
  {
    name: 'http/refusals-as-422',
    seed: 'Errors, rule 3: "The exact status for each: not shown"',
    checks: ['negative', 'spec-status'],
    hooks: () => ({
      response: (r, res) =>
        (isPost(r, PAYMENTS) || isPost(r, VIRTUAL_ACCOUNTS)) && res.status === 400
          ? { ...res, status: 422, body: { message: 'Unprocessable' } }
          : res,
    }),
  },
  {
    name: 'http/missing-token-as-403',
    seed: 'Errors table: 401 is listed for Request virtual account only (a gateway may answer 403)',
    checks: ['auth', 'spec-status'],
    hooks: () => ({
      response: (r, res) =>
        res.status === 401 && !r.path.startsWith('/auth/') && !/virtual-accounts/.test(r.path)
          ? { ...res, status: 403 }
          : res,
    }),
  },
  {
    name: 'http/lower-case-codes-normalised',
    seed: 'Amount object: currency "3 characters, ISO 4217 code" (case not stated)',
    checks: ['negative'],
    hooks: () => ({
      request(r) {
        if (!isPost(r, PAYMENTS) && !isPost(r, VIRTUAL_ACCOUNTS)) return r;
        const text = JSON.stringify(r.body ?? null).replace(
          /"(currency|vban_country)":"([a-z]{3})"/g,
          (_m, k: string, v: string) => `"${k}":"${v.toUpperCase()}"`,
        );
        return { ...r, body: JSON.parse(text) as Body };
      },
    }),
  },
  {
    name: 'http/unneeded-quote-ignored',
    seed: 'Payment request table: quote_id "omitted entirely for a same-currency payment" (a refusal is not stated)',
    checks: ['negative'],
    hooks: () => ({
      request(r) {
        const b = r.body as Body | undefined;
        if (!isPost(r, PAYMENTS) || b?.quote_id !== 'cbp-unneeded-quote') return r;
        const { quote_id: _ignored, ...rest } = b;
        return { ...r, body: rest };
      },
    }),
  },
  {
    name: 'http/timestamps-without-offset',
    seed: 'Payment table: created_datetime "datetime" (format not shown)',
    checks: ['positive', 'spec-schema'],
    hooks: () => ({
      response: (r, res) =>
        isPost(r, PAYMENTS) && res.status < 300 && typeof (res.body as Body | undefined)?.created_datetime === 'string'
          ? {
              ...res,
              body: {
                ...(res.body as Body),
                created_datetime: String((res.body as Body).created_datetime).replace(/(\.\d+)?Z$/, ''),
              },
            }
          : res,
    }),
  },
  {
    name: 'events/svix-signature-headers',
    seed:
      'Events: "through a third-party webhook delivery provider that signs deliveries"; "Signature ' +
      'header names and verification scheme: not shown" (Svix: svix-id, svix-timestamp, svix-signature)',
    checks: ['lifecycle'],
    hooks: () => ({
      deliveryHeaders: (std) => ({
        'svix-id': std['webhook-id'],
        'svix-timestamp': std['webhook-timestamp'],
        'svix-signature': std['webhook-signature'],
      }),
    }),
  },
  {
    name: 'http/explicit-nulls-for-absent-optional-fields',
    seed:
      'Payment table: six fields; "Fields of a session record beyond those listed: not shown" ' +
      '(a Jackson-style provider writes null for an optional field it has no value for)',
    checks: ['positive', 'sessions', 'spec-schema'],
    hooks: () => ({
      response(r, res) {
        if (res.status >= 300 || !isObject(res.body)) return res;
        if (isPost(r, PAYMENTS))
          return {
            ...res,
            body: { quote_id: null, client_customer_ref: null, session_id: null, payment_reference: null, ...res.body },
          };
        const sessions = res.body.sessions;
        if (r.method === 'GET' && SESSIONS.test(r.path) && Array.isArray(sessions))
          return {
            ...res,
            body: {
              ...res.body,
              sessions: sessions.map((x) => (isObject(x) ? { payment_id: null, ...x, client_reference_id: null } : x)),
            },
          };
        return res;
      },
    }),
  },
  {
    name: 'sessions/url-with-query-string',
    seed:
      'Create hosted payment session: "The response carries a session URL" ' +
      '(its field name: not shown; a signed URL carries its token in the query)',
    checks: ['positive', 'firm-statements'],
    hooks: () => ({
      response(r, res) {
        if (!isPost(r, SESSIONS) || res.status >= 300 || !isObject(res.body)) return res;
        const { session_url: _renamed, ...rest } = res.body;
        return {
          ...res,
          body: {
            ...rest,
            payment_page_url:
              `https://pay.provider.example/hosted/pay/${String(rest.session_id)}?t=eyJhbGciOiJIUzI1NiJ9.c2Vz/` +
              `x+y%3D&lang=en`,
          },
        };
      },
    }),
  },
  {
    name: 'sessions/customer-ref-must-be-an-onboarded-third-party',
    seed:
      'Reconciliation identifiers: client_customer_ref "Third-party payments (present for hosted sessions)"; ' +
      'Create payment rule 4: "a valid client_customer_ref" (a provider that checks it on sessions too)',
    checks: ['uniqueness'],
    hooks: (ctx) => ({
      async request(r) {
        const m = r.method === 'POST' ? SESSIONS.exec(r.path) : null;
        const ref = isObject(r.body) ? r.body.client_customer_ref : undefined;
        if (!m || typeof ref !== 'string') return r;
        const found = await fetch(`${ctx.upstream}/api/v1/customers/${m[1]}/third-parties/${encodeURIComponent(ref)}`, {
          headers: { authorization: r.headers.authorization ?? '' },
        });
        await found.body?.cancel();
        return found.status === 404
          ? {
              status: 400,
              headers: {},
              body: { code: 'THIRD_PARTY_NOT_FOUND', message: `no third party ${ref} for this customer` },
            }
          : r;
      },
    }),
  },
  {
    name: 'events/second-precision-ties-and-a-late-first-delivery',
    seed:
      'Events, consumer rule 2: "Order is not guaranteed; event_timestamp determines the real order" ' +
      '(timestamps of one-second precision: a fast sandbox stamps a whole flow with one second)',
    checks: ['lifecycle'],
    // Every event of a payment carries the second of its first one; that first delivery arrives last.
    hooks: () =>
      buffered((events) => {
        const second = toSecond(events[0].event_timestamp);
        const tied = events.map((e) => ({ ...e, event_timestamp: second }));
        return [...tied.slice(1), tied[0]];
      }),
  },
  {
    name: 'lifecycle/funded-wallet-processing-first-completes-at-once',
    seed:
      'Payment request: "If the wallet balance is insufficient, the service waits for incoming ' +
      'funds" (a funded wallet never waits); Events table: "PROCESSING | May be the first webhook"',
    checks: ['lifecycle'],
    hooks: (ctx) => fundedWallet(ctx),
  },
  {
    name: 'sessions/expiry-field-named-otherwise',
    seed:
      'Hosted payment session: "Names of the callback URL field and of the session URL ' +
      'field in the response: not shown" (the creation answer names its expiry expires_at)',
    checks: ['sessions'],
    hooks: () => ({
      response(r, res) {
        if (!isPost(r, SESSIONS) || res.status >= 300 || !isObject(res.body)) return res;
        const { session_expires_at, ...rest } = res.body;
        return { ...res, body: { ...rest, expires_at: session_expires_at } };
      },
    }),
  },
  {
    name: 'http/rate-limited-creates-required',
    seed:
      'Limits: "Rate limits ... not shown" (creates throttled with ' +
      '429; a pipeline that requires every check must still pass)',
    checks: ['positive', 'negative', 'uniqueness'],
    require: ['all'],
    note: /not resent/,
    hooks: () => {
      let posts = 0;
      return {
        request(r) {
          if (!isApiCall(r) || r.method !== 'POST') return r;
          return ++posts % 7 === 3 ? throttled(429, '0') : r;
        },
      };
    },
  },
];
