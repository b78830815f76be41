/**
 * The generated client against the generated router, in-process (fetch → router.handle):
 * every operation of our spec, auth (expiry, 401 refresh, single flight), retries, API key,
 * redaction and typed errors.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  API_KEY,
  CLIENT_SECRET,
  CUSTOMER,
  SAMPLE_CALLS,
  SAMPLE_RESULTS,
  createBackend,
  type Backend,
} from './helpers/backend.js';
import { makeClient, type TestClient } from './helpers/client.js';
import { generateInto, type Generated } from './helpers/generated.js';

let generated: Generated;
let backend: Backend;
let t: TestClient;

beforeAll(async () => {
  generated = await generateInto('client-in-process');
});

beforeEach(async () => {
  backend = await createBackend(generated);
  t = await makeClient(generated, backend);
});

const PAYMENTS = `/v3/customers/${CUSTOMER}/payments`;

describe('every operation of the spec', () => {
  it('has a sample call', () => {
    expect(Object.keys(SAMPLE_CALLS).sort()).toEqual(generated.result.model.operations.map((o) => o.id).sort());
  });

  for (const id of Object.keys(SAMPLE_CALLS)) {
    it(`${id}: round trip with the right credentials, params and body`, async () => {
      const result = await t.client[id](SAMPLE_CALLS[id].init);
      expect(result.apiError).toBeUndefined();
      expect(SAMPLE_CALLS[id].expect(result.data)).toEqual(SAMPLE_RESULTS[id]);
      const op = generated.result.model.operations.find((o) => o.id === id)!;
      const sent = backend.recorded.filter((r) => r.path !== '/auth/oauth/v2/token' || id === 'requestAccessToken');
      expect(sent).toHaveLength(1);
      const init = SAMPLE_CALLS[id].init as { body?: unknown; params?: { path?: Record<string, string> } };
      const got = backend.received.get(id)![0] as { params: Record<string, unknown>; body: unknown };
      expect(got.params).toEqual(init.params?.path ?? {});
      if (op.security.length === 0) {
        expect(sent[0].headers.authorization).toBeUndefined();
        expect(sent[0].headers['content-type']).toBe('application/x-www-form-urlencoded');
        expect(got.body).toEqual(init.body);
      } else {
        expect(sent[0].headers.authorization).toBe(`Bearer ${backend.issued[0]}`);
        expect(got.body).toEqual(init.body ?? undefined);
      }
      expect(backend.handlerErrors).toEqual([]);
    });
  }
});

describe('OAuth 2.0 client credentials', () => {
  it('fetches the token once, form-encoded, from the auth server, and reuses it', async () => {
    await t.client.createPayment(SAMPLE_CALLS.createPayment.init);
    await t.client.legacyReviewPayments(SAMPLE_CALLS.legacyReviewPayments.init);
    expect(backend.tokenRequests()).toHaveLength(1);
    expect(backend.tokenRequests()[0].host).toBe('auth.test.invalid');
    expect(backend.to(PAYMENTS)[0].host).toBe('api.test.invalid');
    const form = new URLSearchParams(backend.tokenRequests()[0].body);
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'client_credentials',
      client_id: 'partner-client-id',
      client_secret: CLIENT_SECRET,
    });
  });

  it('refreshes the token before expires_in runs out', async () => {
    backend.expiresIn = 100;
    await t.client.legacyReviewPayments(SAMPLE_CALLS.legacyReviewPayments.init);
    t.clock.now += 40_000; // inside the lifetime minus the 30 s skew
    await t.client.legacyReviewPayments(SAMPLE_CALLS.legacyReviewPayments.init);
    expect(backend.tokenRequests()).toHaveLength(1);
    t.clock.now += 35_000; // 75 s: within the skew of the 100 s lifetime
    await t.client.legacyReviewPayments(SAMPLE_CALLS.legacyReviewPayments.init);
    expect(backend.tokenRequests()).toHaveLength(2);
    expect(backend.to(`/v1/customers/${CUSTOMER}/payments`).at(-1)!.headers.authorization).toBe(
      `Bearer ${backend.issued[1]}`,
    );
  });

  it('after a 401 refreshes once and re-sends once, with the body intact', async () => {
    await t.client.legacyReviewPayments(SAMPLE_CALLS.legacyReviewPayments.init);
    backend.validTokens.clear(); // the service revoked the token
    const result = await t.client.createPayment(SAMPLE_CALLS.createPayment.init);
    expect(result.apiError).toBeUndefined();
    expect(backend.tokenRequests()).toHaveLength(2);
    const sends = backend.to(PAYMENTS);
    expect(sends).toHaveLength(2);
    expect(sends[0].headers.authorization).toBe(`Bearer ${backend.issued[0]}`);
    expect(sends[1].headers.authorization).toBe(`Bearer ${backend.issued[1]}`);
    expect(JSON.parse(sends[1].body)).toEqual(SAMPLE_CALLS.createPayment.init.body);
    expect(backend.received.get('createPayment')).toHaveLength(1);
  });

  it('gives up after one refresh when the service keeps answering 401', async () => {
    backend.validTokens.add = () => backend.validTokens; // issued tokens are never accepted
    const result = await t.client.createPayment(SAMPLE_CALLS.createPayment.init);
    expect(result.apiError).toMatchObject({ kind: 'auth', status: 401, reason: 'unauthorized' });
    expect(backend.to(PAYMENTS)).toHaveLength(2);
    expect(backend.tokenRequests()).toHaveLength(2);
  });

  it('50 concurrent first calls make exactly one token request', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => t.client.legacyReviewPayments(SAMPLE_CALLS.legacyReviewPayments.init)),
    );
    expect(results.every((r) => r.apiError === undefined)).toBe(true);
    expect(backend.tokenRequests()).toHaveLength(1);
  });

  it('refused client credentials are an auth error and nothing else is sent', async () => {
    t = await makeClient(generated, backend, { clientSecret: 'wrong-secret-value' });
    const result = await t.client.createPayment(SAMPLE_CALLS.createPayment.init);
    expect(result.apiError).toMatchObject({
      kind: 'auth',
      reason: 'token-request-failed',
      status: 401,
      oauthError: 'invalid_client',
    });
    expect(backend.to(PAYMENTS)).toHaveLength(0);
  });

  it('retries the token request on 503 (token requests are safe to repeat)', async () => {
    backend.faults.set('POST /auth/oauth/v2/token', [{ status: 503 }]);
    const result = await t.client.legacyReviewPayments(SAMPLE_CALLS.legacyReviewPayments.init);
    expect(result.apiError).toBeUndefined();
    expect(backend.tokenRequests()).toHaveLength(2);
  });
});

describe('retries', () => {
  it('never retries a POST, on 503 or on a network error', async () => {
    backend.faults.set(`POST ${PAYMENTS}`, [{ status: 503 }, { status: 503 }]);
    const http = await t.client.createPayment(SAMPLE_CALLS.createPayment.init);
    expect(http.apiError).toMatchObject({ kind: 'http', status: 503 });
    expect(backend.to(PAYMENTS)).toHaveLength(1);

    backend.faults.set(`POST ${PAYMENTS}`, ['network', 'network']);
    const network = await t.client.createPayment(SAMPLE_CALLS.createPayment.init);
    expect(network.apiError).toMatchObject({ kind: 'network' });
    expect(backend.to(PAYMENTS)).toHaveLength(2);
    expect(backend.received.get('createPayment')).toBeUndefined();
  });

  it('retries a GET on 503 with exponential backoff, then succeeds', async () => {
    const path = `/v1/customers/${CUSTOMER}/payments`;
    backend.faults.set(`GET ${path}`, [{ status: 503 }, { status: 503 }]);
    const result = await t.client.legacyReviewPayments(SAMPLE_CALLS.legacyReviewPayments.init);
    expect(result.apiError).toBeUndefined();
    expect(backend.to(path)).toHaveLength(3);
    expect(t.sleeps).toEqual([100, 200]); // random 0.5 × 200·2^n
  });

  it('respects Retry-After and retries network errors of a GET', async () => {
    const path = `/v1/customers/${CUSTOMER}/payments`;
    backend.faults.set(`GET ${path}`, [{ status: 429, headers: { 'retry-after': '3' } }, 'network']);
    const result = await t.client.legacyReviewPayments(SAMPLE_CALLS.legacyReviewPayments.init);
    expect(result.apiError).toBeUndefined();
    expect(t.sleeps).toEqual([3000, 200]);
  });

  it('returns the last answer as an http error when retries run out', async () => {
    const path = `/v1/customers/${CUSTOMER}/payments`;
    backend.faults.set(`GET ${path}`, [{ status: 502 }, { status: 502 }, { status: 502 }, { status: 502 }]);
    const result = await t.client.legacyReviewPayments(SAMPLE_CALLS.legacyReviewPayments.init);
    expect(result.apiError).toMatchObject({ kind: 'http', status: 502 });
    expect(backend.to(path)).toHaveLength(3);
  });
});

describe('API key', () => {
  it('sends the key in the header named by the scheme, and no token', async () => {
    t = await makeClient(generated, backend, { clientId: undefined, clientSecret: undefined, apiKey: API_KEY });
    const result = await t.client.createThirdParty(SAMPLE_CALLS.createThirdParty.init);
    expect(result.apiError).toBeUndefined();
    const sent = backend.to(`/api/v1/customers/${CUSTOMER}/third-parties`)[0];
    expect(sent.headers.apikey).toBe(API_KEY);
    expect(sent.headers.authorization).toBeUndefined();
    expect(backend.tokenRequests()).toHaveLength(0);
  });

  it('an operation that needs a Bearer token fails as auth when only a key is configured', async () => {
    t = await makeClient(generated, backend, { clientId: undefined, clientSecret: undefined, apiKey: API_KEY });
    const result = await t.client.createPayment(SAMPLE_CALLS.createPayment.init);
    expect(result.apiError).toMatchObject({ kind: 'auth', status: 401 });
    expect(backend.to(PAYMENTS)[0].headers.apikey).toBeUndefined();
  });
});

describe('secrets', () => {
  it('never appear in log entries or errors', async () => {
    t = await makeClient(generated, backend, { apiKey: API_KEY });
    backend.faults.set(`GET /v1/customers/${CUSTOMER}/payments`, [{ status: 503 }, 'network']);
    await t.client.legacyReviewPayments(SAMPLE_CALLS.legacyReviewPayments.init);
    backend.validTokens.clear();
    await t.client.createPayment(SAMPLE_CALLS.createPayment.init);
    await t.client.requestAccessToken(SAMPLE_CALLS.requestAccessToken.init);
    const bad = await makeClient(generated, backend, { clientSecret: 'another-secret-9999' });
    const failed = await bad.client.createPayment(SAMPLE_CALLS.createPayment.init);
    const text = JSON.stringify([t.logs, bad.logs, failed.apiError]);
    expect(t.logs.length).toBeGreaterThan(5);
    for (const secret of [CLIENT_SECRET, API_KEY, 'another-secret-9999', ...backend.issued])
      expect(text).not.toContain(secret);
    expect(text).toContain('[REDACTED]');
  });
});

describe('typed errors and pre-flight validation', () => {
  it('an error answer is an http ApiError with the body kept', async () => {
    const result = await t.client.legacyViewPayment({
      params: { path: { customer_id: CUSTOMER, payment_id: 'x' } },
      headers: {},
      baseUrl: 'https://api.test.invalid/nowhere',
    });
    expect(result.apiError).toMatchObject({ kind: 'http', status: 404 });
    expect(result.error).toMatchObject({ errors: [{ rule: 'request.unknown-path' }] });
  });

  it('validateRequests returns the same RuleViolation list the server answers, without sending', async () => {
    const body = {
      ...(SAMPLE_CALLS.createPayment.init.body as object),
      amount: { currency: 'EUR', value: 0.31 },
      purpose_of_transaction: 'property_purchase',
    };
    const init = { ...SAMPLE_CALLS.createPayment.init, body };
    const server = await t.client.createPayment(init);
    expect(server.apiError).toMatchObject({ kind: 'http', status: 400 });
    const serverViolations = (server.error as { errors: unknown[] }).errors;
    const sentBefore = backend.to(PAYMENTS).length;

    const checked = await makeClient(generated, backend, { validateRequests: true });
    const local = await checked.client.createPayment(init);
    expect(local.apiError?.kind).toBe('validation');
    expect(local.apiError?.violations).toEqual(serverViolations);
    const localViolations = (local.apiError?.violations ?? []) as Array<{ rule: string }>;
    // The body breaks the purpose pattern and the recipient sum; validation stops at the first.
    expect(localViolations.map((v) => v.rule)).toEqual(['schema.pattern']);
    expect(backend.to(PAYMENTS)).toHaveLength(sentBefore);
  });
});
