import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { CLIENT_B, call, sandboxOn0, request, token } from './helpers.js';

let mock: RunningSandbox;
beforeAll(async () => {
  mock = await sandboxOn0({ tokenTtlSeconds: 60 });
});
afterAll(() => mock.close());

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe('token endpoint (seed §Authentication)', () => {
  it('serves the token endpoint on the same origin by default', () => {
    expect(mock.authUrl).toBe(mock.baseUrl);
  });

  it('issues a bearer token for the client credentials grant', async () => {
    const r = await request(
      mock.tokenUrl,
      form({ grant_type: 'client_credentials', client_id: 'sandbox-client-a', client_secret: 'sandbox-secret-a' }),
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ token_type: 'bearer', expires_in: 60 });
    expect(r.body.access_token).toEqual(expect.any(String));
  });

  it('refuses wrong credentials with 401 and never echoes the secret', async () => {
    const r = await request(
      mock.tokenUrl,
      form({ grant_type: 'client_credentials', client_id: 'sandbox-client-a', client_secret: 'wrong-secret-xyz' }),
    );
    expect(r.status).toBe(401);
    expect(r.text).not.toContain('wrong-secret-xyz');
    expect(r.body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('accepts only client_credentials (RFC 6749 §5.2 unsupported_grant_type)', async () => {
    const r = await request(
      mock.tokenUrl,
      form({ grant_type: 'password', client_id: 'sandbox-client-a', client_secret: 'sandbox-secret-a' }),
    );
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'unsupported_grant_type', error_description: expect.any(String) });
  });

  it.each([
    ['no grant_type', { client_id: 'sandbox-client-a', client_secret: 'sandbox-secret-a' }],
    ['no client_secret', { grant_type: 'client_credentials', client_id: 'sandbox-client-a' }],
  ])('answers RFC 6749 §5.2 invalid_request (400) for %s', async (_label, fields) => {
    const r = await request(mock.tokenUrl, form(fields as Record<string, string>));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'invalid_request', error_description: expect.any(String) });
  });

  it('refuses a JSON token request (the seed requires a form body): RFC 6749 invalid_request', async () => {
    const r = await request(mock.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'invalid_request' });
  });

  it('refuses a token once expires_in seconds of sandbox time have passed', async () => {
    const tok = await token(mock);
    expect((await call(mock, tok, 'GET', '/v1/customers/cust-a-1/payments')).status).toBe(200);
    mock.clock.advance(61);
    const r = await call(mock, tok, 'GET', '/v1/customers/cust-a-1/payments');
    expect(r.status).toBe(401);
    expect(r.body.errors[0].message).toMatch(/expired/);
  });
});

describe('authentication comes first', () => {
  it.each([
    ['POST', '/v3/customers/cust-a-1/payments', '{not json'],
    ['POST', '/v3/customers/no-such-customer/payments', '{}'],
    ['GET', '/v1/customers/cust-b-1/sessions?client_reference_id=x', undefined],
    ['POST', '/v1/customers/cust-a-1/virtual-accounts', '{"currency":"EUR"}'],
    ['GET', '/_sandbox/fixtures', undefined],
  ])('%s %s without a token → 401', async (method, path, body) => {
    const r = await request(`${mock.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(r.status).toBe(401);
  });

  it('refuses a malformed or unknown bearer token with 401', async () => {
    for (const authorization of ['Bearer', 'Basic abc', 'Bearer not-a-token']) {
      const r = await request(`${mock.baseUrl}/v3/customers/cust-a-1/payments`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: '[',
      });
      expect(r.status).toBe(401);
    }
  });

  it('accepts the apikey header where the spec allows it, not on Bearer-only operations', async () => {
    const tp = await request(`${mock.baseUrl}/api/v1/customers/cust-a-1/third-parties/tp-a-1`, {
      headers: { apikey: 'sandbox-apikey-a' },
    });
    expect(tp.status).toBe(200);
    const pay = await request(`${mock.baseUrl}/v3/customers/cust-a-1/payments`, {
      method: 'POST',
      headers: { apikey: 'sandbox-apikey-a', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(pay.status).toBe(401);
  });
});

describe('tenant isolation', () => {
  it("answers another client's customer exactly like a nonexistent one", async () => {
    const b = await token(mock, CLIENT_B);
    const foreign = await call(mock, b, 'GET', '/v1/customers/cust-a-1/payments');
    const missing = await call(mock, b, 'GET', '/v1/customers/cust-zz-9/payments');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    const own = await call(mock, b, 'GET', '/v1/customers/cust-b-1/payments');
    expect(own.status).toBe(200);
  });

  it('shows each client only its own fixtures', async () => {
    const b = await token(mock, CLIENT_B);
    const r = await call(mock, b, 'GET', '/_sandbox/fixtures');
    expect(r.body.customers).toEqual([{ customer_id: 'cust-b-1', wallet_currency: 'GBP', status: 'active' }]);
    expect(r.body.recipients.every((x: { customer_id: string }) => x.customer_id === 'cust-b-1')).toBe(true);
    expect(r.body.quotes).toEqual([]);
  });
});

describe('--auth-port', () => {
  it('serves the token endpoint on its own origin when asked', async () => {
    const split = await sandboxOn0({ authPort: 0 });
    try {
      expect(split.authUrl).not.toBe(split.baseUrl);
      const tok = await token(split);
      expect((await call(split, tok, 'GET', '/_sandbox/clock')).status).toBe(200);
      const other = await request(`${split.authUrl}/v1/customers/cust-a-1/payments`, {
        headers: { authorization: `Bearer ${tok}` },
      });
      expect(other.status).toBe(404);
    } finally {
      await split.close();
    }
  });
});
