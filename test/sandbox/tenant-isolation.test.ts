/**
 * Two tenants (sandbox-client-a, sandbox-client-b) on one mock: everything a tenant can change
 * or observe through the control API is its own. Each control endpoint is called by B on A's
 * resources (404, nothing changes for A), and the shared-looking state (clock, instruction
 * numbers, subscriptions, fixtures) is per tenant.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { CLIENT_B, call, sandboxOn0, paymentBody, token } from './helpers.js';

let mock: RunningSandbox;
let a: string;
let b: string;
beforeEach(async () => {
  mock = await sandboxOn0({ tokenTtlSeconds: 3600, sessionTtlSeconds: 600 });
  a = await token(mock);
  b = await token(mock, CLIENT_B);
});
afterEach(() => mock.close());

const createPaymentA = async () => {
  const p = await call(mock, a, 'POST', '/v3/customers/cust-a-1/payments', paymentBody('GBP', [['rcp-a-1-gbp', 1]]));
  expect(p.status).toBe(201);
  return p.body as { payment_id: string; instruction_number?: string };
};

describe('the clock is per tenant', () => {
  it(
    "B advancing its clock by a year expires none of A's " + "tokens, quotes or sessions, and A's clock does not move",
    async () => {
      const quote = await call(mock, a, 'POST', '/_sandbox/customers/cust-a-1/quotes', {
        sell_currency: 'GBP',
        buy_currency: 'EUR',
        expires_in_seconds: 60,
      });
      const session = await call(mock, a, 'POST', '/v1/customers/cust-a-1/sessions', {
        client_reference_id: 'iso-1',
        amount: { currency: 'GBP', value: 1 },
        recipient_details: [{ recipient_id: 'rcp-a-1-gbp', amount: { currency: 'GBP', value: 1 } }],
      });
      expect(session.status).toBe(201);
      const before = Date.parse((await call(mock, a, 'GET', '/_sandbox/clock')).body.now);

      const advanced = await call(mock, b, 'POST', '/_sandbox/clock/advance', { seconds: 366 * 24 * 3600 });
      expect(advanced.status).toBe(200);
      expect(Date.parse(advanced.body.now) - before).toBeGreaterThan(365 * 24 * 3600 * 1000);

      const afterA = Date.parse((await call(mock, a, 'GET', '/_sandbox/clock')).body.now);
      expect(afterA - before).toBeLessThan(60_000);
      expect((await call(mock, a, 'GET', '/v1/customers/cust-a-1/payments')).status).toBe(200);
      const fixtures = await call(mock, a, 'GET', '/_sandbox/fixtures');
      expect(fixtures.body.quotes.find((q: { quote_id: string }) => q.quote_id === quote.body.quote_id).status).toBe(
        'active',
      );
      expect((await call(mock, a, 'POST', `/_sandbox/sessions/${session.body.session_id}/pay`)).status).toBe(201);
    },
  );

  it("A's own advance still expires A's token", async () => {
    expect((await call(mock, a, 'POST', '/_sandbox/clock/advance', { seconds: 3601 })).status).toBe(200);
    expect((await call(mock, a, 'GET', '/v1/customers/cust-a-1/payments')).status).toBe(401);
    expect((await call(mock, b, 'GET', '/v1/customers/cust-b-1/payments')).status).toBe(200);
  });
});

describe('instruction numbers are per tenant', () => {
  it("B's first payment does not reveal how many payments A made", async () => {
    for (let i = 0; i < 3; i++) await createPaymentA();
    const pa = await call(mock, a, 'GET', '/v1/customers/cust-a-1/payments');
    const pb = await call(mock, b, 'POST', '/v3/customers/cust-b-1/payments', paymentBody('GBP', [['rcp-b-1-gbp', 1]]));
    expect(pb.status).toBe(201);
    const ofA = [...JSON.stringify(pa.body).matchAll(/INS-(\d+)/g)].map((m) => Number(m[1]));
    const listB = await call(mock, b, 'GET', '/v1/customers/cust-b-1/payments');
    const ofB = [...JSON.stringify(listB.body).matchAll(/INS-(\d+)/g)].map((m) => Number(m[1]));
    expect(ofA).toHaveLength(3);
    expect(ofB).toEqual([Math.min(...ofA)]);
  });
});

describe("every control endpoint: B cannot touch A's resources", () => {
  it.each([
    ['POST', 'deliver-funds'],
    ['POST', 'cancel'],
    ['POST', 'bounce-back'],
    ['POST', 'hold'],
    ['POST', 'release'],
    ['GET', 'events'],
  ])("%s /_sandbox/payments/{A's}/%s → 404, A's payment unchanged", async (method, action) => {
    const p = await createPaymentA();
    const r = await call(mock, b, method, `/_sandbox/payments/${p.payment_id}/${action}`);
    expect(r.status).toBe(404);
    expect(r.body.errors[0].rule).toBe('not-found.payment');
    const events = await call(mock, a, 'GET', `/_sandbox/payments/${p.payment_id}/events`);
    expect(events.body.events.map((e: { status: string }) => e.status)).toEqual(['AWAITING_FUNDS']);
  });

  it.each([
    ['quotes', { sell_currency: 'GBP', buy_currency: 'EUR' }],
    ['recipients', { currency: 'GBP', name: 'X' }],
    ['next-payment', { first_status: 'PROCESSING' }],
  ])("POST /_sandbox/customers/{A's}/%s → 404 customer", async (what, body) => {
    const r = await call(mock, b, 'POST', `/_sandbox/customers/cust-a-1/${what}`, body);
    expect(r.status).toBe(404);
    expect(r.body.errors[0].rule).toBe('not-found.customer');
    // A's next payment still starts as the table says.
    const p = await createPaymentA();
    const events = await call(mock, a, 'GET', `/_sandbox/payments/${p.payment_id}/events`);
    expect(events.body.events[0].status).toBe('AWAITING_FUNDS');
  });

  it("POST /_sandbox/recipients/{A's}/fail-name-check → 404, A's next payment passes the name check", async () => {
    expect((await call(mock, b, 'POST', '/_sandbox/recipients/rcp-a-1-gbp/fail-name-check')).status).toBe(404);
    await createPaymentA();
  });

  it("POST /_sandbox/sessions/{A's}/pay → 404, A can still pay it", async () => {
    const s = await call(mock, a, 'POST', '/v1/customers/cust-a-1/sessions', {
      client_reference_id: 'iso-2',
      amount: { currency: 'GBP', value: 1 },
      recipient_details: [{ recipient_id: 'rcp-a-1-gbp', amount: { currency: 'GBP', value: 1 } }],
    });
    expect((await call(mock, b, 'POST', `/_sandbox/sessions/${s.body.session_id}/pay`)).status).toBe(404);
    expect((await call(mock, a, 'POST', `/_sandbox/sessions/${s.body.session_id}/pay`)).status).toBe(201);
  });

  it("webhook subscriptions: B sees only its own and cannot delete A's", async () => {
    const sa = await call(mock, a, 'POST', '/_sandbox/webhook-subscriptions', { url: 'http://127.0.0.1:9/a' });
    await call(mock, b, 'POST', '/_sandbox/webhook-subscriptions', { url: 'http://127.0.0.1:9/b' });
    expect((await call(mock, b, 'DELETE', `/_sandbox/webhook-subscriptions/${sa.body.subscription_id}`)).status).toBe(
      404,
    );
    const listB = await call(mock, b, 'GET', '/_sandbox/webhook-subscriptions');
    expect(listB.body.subscriptions.map((s: { url: string }) => s.url)).toEqual(['http://127.0.0.1:9/b']);
    expect(JSON.stringify(listB.body)).not.toContain('whsec_');
    const listA = await call(mock, a, 'GET', '/_sandbox/webhook-subscriptions');
    expect(listA.body.subscriptions).toEqual([
      { subscription_id: sa.body.subscription_id, url: 'http://127.0.0.1:9/a', status: 'active' },
    ]);
  });

  it('fixtures and the clock answer each tenant with its own', async () => {
    const fb = await call(mock, b, 'GET', '/_sandbox/fixtures');
    expect(fb.body.customers.map((c: { customer_id: string }) => c.customer_id)).toEqual(['cust-b-1']);
    expect(JSON.stringify(fb.body)).not.toContain('cust-a-');
    await call(mock, a, 'POST', '/_sandbox/clock/advance', { seconds: 1000 });
    const ca = Date.parse((await call(mock, a, 'GET', '/_sandbox/clock')).body.now);
    const cb = Date.parse((await call(mock, b, 'GET', '/_sandbox/clock')).body.now);
    expect(ca - cb).toBeGreaterThan(900_000);
  });
});
