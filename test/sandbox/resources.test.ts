import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { call, sandboxOn0, token } from './helpers.js';

let mock: RunningSandbox;
let tok: string;
beforeAll(async () => {
  mock = await sandboxOn0({ virtualAccountActivationSeconds: 30, thirdPartyVerificationSeconds: 30 });
  tok = await token(mock);
});
afterAll(() => mock.close());

describe('virtual accounts', () => {
  it('requests an account (unique_identifier only) and views it moving from pending to active', async () => {
    const r = await call(mock, tok, 'POST', '/v1/customers/cust-a-1/virtual-accounts', {
      currency: 'EUR',
      vban_country: 'DEU',
    });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['unique_identifier']);
    const ref = encodeURIComponent(r.body.unique_identifier);
    const pending = await call(mock, tok, 'GET', `/v1/customers/cust-a-1/virtual-accounts?unique-ref=${ref}`);
    expect(pending.body).toMatchObject({
      unique_identifier: r.body.unique_identifier,
      status: 'pending',
      account_number: expect.any(String),
      bank_details: expect.any(Object),
    });
    mock.clock.advance(30);
    expect(
      (await call(mock, tok, 'GET', `/v1/customers/cust-a-1/virtual-accounts?unique-ref=${ref}`)).body.status,
    ).toBe('active');
    expect((await call(mock, tok, 'GET', `/v1/customers/cust-a-2/virtual-accounts?unique-ref=${ref}`)).status).toBe(
      404,
    );
  });

  it(
    'refuses an account for a registered customer that is ' + 'not active (seed: "registered and active customers")',
    async () => {
      const r = await call(mock, tok, 'POST', '/v1/customers/cust-a-inactive/virtual-accounts', {
        currency: 'EUR',
        vban_country: 'DEU',
      });
      expect(r.status).toBe(400);
      expect(r.body.errors.map((e: { rule: string }) => e.rule)).toEqual(['virtual-account.customer-active']);
    },
  );

  it('rejects EUR and GBP without vban_country, accepts other currencies without it', async () => {
    for (const currency of ['EUR', 'GBP']) {
      const r = await call(mock, tok, 'POST', '/v1/customers/cust-a-1/virtual-accounts', { currency });
      expect(r.status).toBe(400);
      expect(r.body.errors.map((e: { rule: string }) => e.rule)).toContain('virtual-account.vban-country');
    }
    expect((await call(mock, tok, 'POST', '/v1/customers/cust-a-1/virtual-accounts', { currency: 'USD' })).status).toBe(
      200,
    );
  });

  it('answers 404 without unique-ref (optional in the contract, A-VA-VIEW-FILTER)', async () => {
    expect((await call(mock, tok, 'GET', '/v1/customers/cust-a-1/virtual-accounts')).status).toBe(404);
  });
});

describe('third-party customers', () => {
  const base = '/api/v1/customers/cust-a-1/third-parties';

  it('creates a third party pending verification, verified later on the sandbox clock', async () => {
    const r = await call(mock, tok, 'POST', base, {
      client_customer_ref: 'buyer-1',
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'g@example.invalid',
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ client_customer_ref: 'buyer-1', compliance_status: 'PENDING_VERIFICATION' });
    mock.clock.advance(30);
    expect((await call(mock, tok, 'GET', `${base}/buyer-1`)).body.compliance_status).toBe('VERIFIED');
  });

  it('re-verifies when an identity field changes, not when a contact field does', async () => {
    await call(mock, tok, 'POST', base, { client_customer_ref: 'buyer-2', first_name: 'Alan', last_name: 'Turing' });
    mock.clock.advance(30);
    const email = await call(mock, tok, 'PUT', `${base}/buyer-2`, { email: 'new@example.invalid' });
    expect(email.body.compliance_status).toBe('VERIFIED');
    const name = await call(mock, tok, 'PUT', `${base}/buyer-2`, { last_name: 'Turing-Smith' });
    expect(name.body).toMatchObject({
      compliance_status: 'PENDING_VERIFICATION',
      last_name: 'Turing-Smith',
      email: 'new@example.invalid',
    });
  });

  it('refuses a missing client_customer_ref, a duplicate, and an unknown third party', async () => {
    expect((await call(mock, tok, 'POST', base, { first_name: 'X' })).status).toBe(400);
    expect((await call(mock, tok, 'POST', base, { client_customer_ref: 'tp-a-1' })).status).toBe(409);
    expect((await call(mock, tok, 'GET', `${base}/nobody`)).status).toBe(404);
    expect((await call(mock, tok, 'PUT', `${base}/tp-a-1`, { client_customer_ref: 'other' })).status).toBe(400);
  });

  it("hides another client's third parties behind the customer 404", async () => {
    const b = await token(mock, { id: 'sandbox-client-b', secret: 'sandbox-secret-b' });
    expect((await call(mock, b, 'GET', `${base}/tp-a-1`)).status).toBe(404);
  });
});

describe('sandbox fixtures and resources', () => {
  it('returns the documented fixtures for client A', async () => {
    const r = await call(mock, tok, 'GET', '/_sandbox/fixtures');
    expect(r.body.customers).toEqual([
      { customer_id: 'cust-a-1', wallet_currency: 'GBP', status: 'active' },
      { customer_id: 'cust-a-2', wallet_currency: 'EUR', status: 'active' },
      { customer_id: 'cust-a-inactive', wallet_currency: 'GBP', status: 'inactive' },
    ]);
    const mine = r.body.recipients.filter((x: { customer_id: string }) => x.customer_id === 'cust-a-1');
    expect(mine.map((x: { currency: string; status: string }) => `${x.currency}/${x.status}`).sort()).toEqual([
      'EUR/active',
      'GBP/active',
      'GBP/inactive',
    ]);
    expect(r.body.quotes[0]).toMatchObject({
      quote_id: 'quote-a-1-gbp-eur',
      customer_id: 'cust-a-1',
      sell_currency: 'GBP',
      buy_currency: 'EUR',
    });
    expect(r.body.third_parties).toContainEqual({ customer_id: 'cust-a-1', client_customer_ref: 'tp-a-1' });
    expect(mock.fixtures.clients.map((c) => c.client_id)).toEqual(['sandbox-client-a', 'sandbox-client-b']);
  });

  it('moves the clock and reports it', async () => {
    const before = Date.parse((await call(mock, tok, 'GET', '/_sandbox/clock')).body.now);
    const after = Date.parse((await call(mock, tok, 'POST', '/_sandbox/clock/advance', { seconds: 120 })).body.now);
    expect(after - before).toBeGreaterThanOrEqual(120_000);
    expect((await call(mock, tok, 'POST', '/_sandbox/clock/advance', { seconds: -1 })).status).toBe(400);
  });

  it('validates sandbox quotes and recipients', async () => {
    expect(
      (
        await call(mock, tok, 'POST', '/_sandbox/customers/cust-a-1/quotes', {
          sell_currency: 'gbp',
          buy_currency: 'EUR',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(mock, tok, 'POST', '/_sandbox/customers/cust-b-1/quotes', {
          sell_currency: 'GBP',
          buy_currency: 'EUR',
        })
      ).status,
    ).toBe(404);
    const r = await call(mock, tok, 'POST', '/_sandbox/customers/cust-a-1/recipients', {
      currency: 'USD',
      name: 'Bob',
      status: 'inactive',
    });
    expect(r.body).toMatchObject({ currency: 'USD', name: 'Bob', status: 'inactive' });
  });
});
