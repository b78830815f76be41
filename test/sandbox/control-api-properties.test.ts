/**
 * The /_sandbox/ control API under random input (fast-check): whatever two tenants send, in any
 * order, the mock never answers 5xx, and afterwards both tenants can still read their fixtures
 * and clock (RFC 3339 timestamps), list and create payments. One mock for all runs, so state
 * accumulates across them. Plus the findings that started this: huge clock advances and quote
 * lifetimes are 400s that name the allowed range, and the clock stops short of year 9999.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ADVANCE_SECONDS, MAX_SANDBOX_MS } from '../../sandbox/clock.js';
import type { RunningSandbox } from '../../sandbox/index.js';
import { CLIENT_A, CLIENT_B, call, sandboxOn0, paymentBody, token } from './helpers.js';

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
/** Small enough to stay quick on a loaded machine; each run is a sequence of up to 6 calls. */
const RUNS = 40;

let mock: RunningSandbox;
beforeAll(async () => {
  // Webhook deliveries (if a run subscribes) go to 127.0.0.1:9 only and are tried once.
  mock = await sandboxOn0({ retry: { maxAttempts: 1, timeoutMs: 200 } });
});
afterAll(() => mock.close());

const number = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(
    0,
    -1,
    1e12,
    1e13,
    1e300,
    Number.MAX_SAFE_INTEGER,
    MAX_ADVANCE_SECONDS,
    MAX_ADVANCE_SECONDS + 1,
    0.0001,
  ),
);
const scalar = fc.oneof(number, fc.string({ maxLength: 20 }), fc.boolean(), fc.constant(null));
const value = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), scalar, { maxKeys: 3 }),
);
const currency = fc.oneof(fc.constantFrom('GBP', 'EUR', 'USD'), fc.string({ maxLength: 4 }));
const tenant = fc.constantFrom(CLIENT_A, CLIENT_B);
const customerId = fc.constantFrom('cust-a-1', 'cust-a-2', 'cust-b-1', 'nobody', '');
const anyId = fc.oneof(
  fc.constantFrom('rcp-a-1-gbp', 'rcp-b-1-gbp', 'quote-a-1-gbp-eur', 'x'),
  fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
);

type Action = { who: typeof CLIENT_A; method: string; path: string; body?: unknown };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    who: tenant,
    method: fc.constant('POST'),
    path: fc.constant('/_sandbox/clock/advance'),
    body: fc.oneof(fc.record({ seconds: number }), value),
  }),
  fc.record({
    who: tenant,
    method: fc.constant('POST'),
    path: customerId.map((c) => `/_sandbox/customers/${c}/quotes`),
    body: fc.oneof(
      fc.record({
        sell_currency: currency,
        buy_currency: currency,
        expires_in_seconds: fc.option(number, { nil: undefined }),
      }),
      value,
    ),
  }),
  fc.record({
    who: tenant,
    method: fc.constant('POST'),
    path: customerId.map((c) => `/_sandbox/customers/${c}/recipients`),
    body: fc.oneof(
      fc.record({
        currency,
        name: fc.string({ maxLength: 200 }),
        status: fc.oneof(fc.constantFrom('active', 'inactive'), scalar),
      }),
      value,
    ),
  }),
  fc.record({
    who: tenant,
    method: fc.constant('POST'),
    path: customerId.map((c) => `/_sandbox/customers/${c}/next-payment`),
    body: fc.oneof(
      fc.record({
        first_status: fc.oneof(fc.constantFrom('AWAITING_FUNDS', 'PROCESSING', 'PAYMENT_COMPLETED'), scalar),
      }),
      value,
    ),
  }),
  fc.record({
    who: tenant,
    method: fc.constant('POST'),
    path: fc.constant('/_sandbox/webhook-subscriptions'),
    body: fc.oneof(
      fc.record({
        url: fc.oneof(
          fc.string({ maxLength: 30 }).map((p) => `http://127.0.0.1:9/${encodeURIComponent(p)}`),
          fc.string({ maxLength: 40 }),
        ),
      }),
      value,
    ),
  }),
  fc.record({
    who: tenant,
    method: fc.constant('DELETE'),
    path: anyId.map((id) => `/_sandbox/webhook-subscriptions/${id}`),
  }),
  fc.record({
    who: tenant,
    method: fc.constantFrom('POST', 'GET'),
    path: fc
      .tuple(anyId, fc.constantFrom('deliver-funds', 'cancel', 'bounce-back', 'hold', 'release', 'events'))
      .map(([id, a]) => `/_sandbox/payments/${id}/${a}`),
  }),
  fc.record({
    who: tenant,
    method: fc.constant('POST'),
    path: anyId.map((id) => `/_sandbox/recipients/${id}/fail-name-check`),
  }),
  fc.record({ who: tenant, method: fc.constant('POST'), path: anyId.map((id) => `/_sandbox/sessions/${id}/pay`) }),
  fc.record({
    who: tenant,
    method: fc.constantFrom('GET'),
    path: fc.constantFrom('/_sandbox/fixtures', '/_sandbox/clock', '/_sandbox/webhook-subscriptions'),
  }),
);

/** Both tenants can still use the mock, and every timestamp it shows is RFC 3339. */
async function stillHealthy(m: RunningSandbox): Promise<void> {
  for (const [who, customer] of [
    [CLIENT_A, 'cust-a-1'],
    [CLIENT_B, 'cust-b-1'],
  ] as const) {
    const tok = await token(m, who);
    // A fresh recipient: a run may have armed fail-name-check on the fixture ones (by design).
    const rcp = await call(m, tok, 'POST', `/_sandbox/customers/${customer}/recipients`, {
      currency: 'GBP',
      name: 'Health Check',
    });
    expect(rcp.status, rcp.text).toBe(201);
    const recipient = rcp.body.recipient_id as string;
    const clock = await call(m, tok, 'GET', '/_sandbox/clock');
    expect(clock.status).toBe(200);
    expect(clock.body.now).toMatch(RFC3339);
    const fixtures = await call(m, tok, 'GET', '/_sandbox/fixtures');
    expect(fixtures.status).toBe(200);
    for (const q of fixtures.body.quotes) expect(q.expires_at).toMatch(RFC3339);
    const created = await call(
      m,
      tok,
      'POST',
      `/v3/customers/${customer}/payments`,
      paymentBody('GBP', [[recipient, 1]]),
    );
    expect(created.status, created.text).toBe(201);
    const listed = await call(m, tok, 'GET', `/v1/customers/${customer}/payments`);
    expect(listed.status).toBe(200);
  }
}

describe('control API under random input', () => {
  it(
    `never answers 5xx and never leaves a state that ` + `breaks a later call (${RUNS} runs of up to 6 calls)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 6 }), async (actions) => {
          for (const a of actions) {
            const tok = await token(mock, a.who);
            const r = await call(mock, tok, a.method, a.path, a.body);
            expect(r.status, `${a.method} ${a.path} ${JSON.stringify(a.body)} → ${r.text}`).toBeLessThan(500);
            if (r.status === 400) expect(r.body.errors[0].rule).toMatch(/^(sandbox|request|not-found)\./);
          }
          await stillHealthy(mock);
        }),
        { numRuns: RUNS },
      );
    },
  );
});

describe('the inputs that broke the mock are 400s naming the allowed range', () => {
  it.each([1e13, 1e300, -1, MAX_ADVANCE_SECONDS + 1])(
    'clock advance %s seconds → 400 sandbox.clock, nothing moves',
    async (seconds) => {
      const tok = await token(mock);
      const before = (await call(mock, tok, 'GET', '/_sandbox/clock')).body.now;
      const r = await call(mock, tok, 'POST', '/_sandbox/clock/advance', { seconds });
      expect(r.status).toBe(400);
      expect(r.body.errors[0]).toMatchObject({ rule: 'sandbox.clock', pointer: '/seconds' });
      expect(r.body.errors[0].message).toContain(`0 to ${MAX_ADVANCE_SECONDS}`);
      expect(Date.parse((await call(mock, tok, 'GET', '/_sandbox/clock')).body.now) - Date.parse(before)).toBeLessThan(
        60_000,
      );
    },
  );

  it.each([1e300, 1e12, -5])(
    'quote expires_in_seconds %s → 400 sandbox.quote-expiry, nothing stored',
    async (expires_in_seconds) => {
      const tok = await token(mock);
      const before = (await call(mock, tok, 'GET', '/_sandbox/fixtures')).body.quotes.length;
      const r = await call(mock, tok, 'POST', '/_sandbox/customers/cust-a-1/quotes', {
        sell_currency: 'GBP',
        buy_currency: 'EUR',
        expires_in_seconds,
      });
      expect(r.status).toBe(400);
      expect(r.body.errors[0]).toMatchObject({ rule: 'sandbox.quote-expiry', pointer: '/expires_in_seconds' });
      expect(r.body.errors[0].message).toMatch(/from 0 to \d+/);
      expect((await call(mock, tok, 'GET', '/_sandbox/fixtures')).body.quotes).toHaveLength(before);
    },
  );

  it(
    'a tenant walked to the end of the clock gets 400 ' +
      'sandbox.clock-range, and its longest quote is still RFC 3339',
    async () => {
      const m = await sandboxOn0();
      try {
        const clock = m.store.clockOf(CLIENT_B.id);
        while (clock.now() + MAX_ADVANCE_SECONDS * 1000 <= MAX_SANDBOX_MS) clock.advance(MAX_ADVANCE_SECONDS);
        const tok = await token(m, CLIENT_B);
        const r = await call(m, tok, 'POST', '/_sandbox/clock/advance', { seconds: MAX_ADVANCE_SECONDS });
        expect(r.status).toBe(400);
        expect(r.body.errors[0].rule).toBe('sandbox.clock-range');
        const q = await call(m, tok, 'POST', '/_sandbox/customers/cust-b-1/quotes', {
          sell_currency: 'GBP',
          buy_currency: 'EUR',
          expires_in_seconds: 366 * 24 * 3600,
        });
        expect(q.status).toBe(201);
        expect(q.body.expires_at).toMatch(RFC3339);
        await stillHealthy(m);
      } finally {
        await m.close();
      }
    },
  );
});
