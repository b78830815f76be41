/**
 * The generated router (our spec) driven through router.handle: routing errors, limits, media
 * types, malformed JSON, authentication before validation, prototype poisoning, handler
 * failures, response validation; and the Hono adapter.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, CUSTOMER, SAMPLE_CALLS, createBackend, type Backend } from '../client/helpers/backend.js';
import { generateInto, type Generated } from '../client/helpers/generated.js';

type Answer = { status: number; headers: Record<string, string>; body: string | undefined };
type Handle = (r: {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}) => Promise<Answer>;

let generated: Generated;
let backend: Backend;
let handle: Handle;
let token: string;

const PAYMENTS = `/v3/customers/${CUSTOMER}/payments`;
const validPayment = JSON.stringify(SAMPLE_CALLS.createPayment.init.body);
const json = (a: Answer) => JSON.parse(a.body ?? 'null');

beforeAll(async () => {
  generated = await generateInto('router');
  backend = await createBackend(generated, { bodyLimit: 4096 });
  handle = (r) => backend.router.handle({ body: undefined, ...r } as never) as Promise<Answer>;
  const tokenAnswer = await handle({
    method: 'POST',
    url: '/auth/oauth/v2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=partner-client-id&client_secret=sEcReT-client-secret-7731',
  });
  token = json(tokenAnswer).access_token;
});

const authed = (extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
  ...extra,
});

describe('routing', () => {
  it('404 for an unknown path, 405 with Allow for a known path and wrong method', async () => {
    const missing = await handle({ method: 'GET', url: '/v9/nothing', headers: {} });
    expect(missing.status).toBe(404);
    expect(json(missing).errors[0].rule).toBe('request.unknown-path');
    const wrong = await handle({
      method: 'DELETE',
      url: `/v1/customers/${CUSTOMER}/virtual-accounts`,
      headers: authed(),
    });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('GET, POST');
  });

  it('treats //host/path as a path, not as another host', async () => {
    const a = await handle({
      method: 'GET',
      url: `//evil.example/v1/customers/${CUSTOMER}/payments`,
      headers: authed(),
    });
    expect(a.status).toBe(404);
  });

  it('decodes path parameters and keeps query names like unique-ref', async () => {
    const a = await handle({
      method: 'GET',
      url: `/api/v1/customers/${CUSTOMER}/third-parties/tp%201%2F%C3%BC`,
      headers: authed(),
    });
    expect(a.status).toBe(200);
    expect(json(a)).toEqual({ client_customer_ref: 'tp 1/ü' });
    const b = await handle({
      method: 'GET',
      url: `/v1/customers/${CUSTOMER}/virtual-accounts?unique-ref=va%2B7`,
      headers: authed(),
    });
    expect(json(b)).toEqual({ unique_identifier: 'va+7' });
  });
});

describe('bodies', () => {
  it('413 past the body limit (before authentication)', async () => {
    const a = await handle({ method: 'POST', url: PAYMENTS, headers: {}, body: 'x'.repeat(5000) });
    expect(a.status).toBe(413);
  });

  it('415 for a media type the operation does not accept, naming the accepted ones', async () => {
    const a = await handle({
      method: 'POST',
      url: PAYMENTS,
      headers: authed({ 'content-type': 'text/plain' }),
      body: validPayment,
    });
    expect(a.status).toBe(415);
    expect(json(a).errors[0].message).toContain('application/json');
    const none = await handle({
      method: 'POST',
      url: PAYMENTS,
      headers: { authorization: `Bearer ${token}` },
      body: validPayment,
    });
    expect(none.status).toBe(415);
  });

  it('400 for malformed JSON, and for a missing required body', async () => {
    const a = await handle({ method: 'POST', url: PAYMENTS, headers: authed(), body: '{"amount": ' });
    expect(a.status).toBe(400);
    expect(json(a).errors[0].rule).toBe('request.malformed-json');
    const b = await handle({ method: 'POST', url: PAYMENTS, headers: authed() });
    expect(json(b).errors[0].rule).toBe('request.body-required');
  });

  it('accepts JSON with a charset parameter and parses form bodies', async () => {
    const a = await handle({
      method: 'POST',
      url: PAYMENTS,
      headers: authed({ 'content-type': 'application/json; charset=utf-8' }),
      body: new TextEncoder().encode(validPayment),
    });
    expect(a.status).toBe(201);
  });

  it('refuses __proto__ and constructor.prototype keys without polluting prototypes', async () => {
    for (const body of [
      '{"__proto__": {"polluted": true}}',
      '{"a": {"constructor": {"prototype": {"polluted": true}}}}',
      '{"\\u005f_proto__": {"polluted": true}}',
    ]) {
      const a = await handle({
        method: 'POST',
        url: `/api/v1/customers/${CUSTOMER}/third-parties`,
        headers: authed(),
        body,
      });
      expect(a.status).toBe(400);
      expect(json(a).errors[0].rule).toBe('request.forbidden-key');
    }
    const form = await handle({
      method: 'POST',
      url: '/auth/oauth/v2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '__proto__[polluted]=1&__proto__=x',
    });
    expect(form.status).toBe(400);
    const query = await handle({
      method: 'GET',
      url: `/v1/customers/${CUSTOMER}/payments?__proto__=x`,
      headers: authed(),
    });
    expect(query.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
  });
});

describe('security before validation', () => {
  it('401 with a Bearer challenge, revealing nothing about body rules', async () => {
    const invalid = JSON.stringify({ amount: { currency: 'EUR', value: 1 }, recipient_details: [] });
    const a = await handle({
      method: 'POST',
      url: PAYMENTS,
      headers: { 'content-type': 'application/json' },
      body: invalid,
    });
    expect(a.status).toBe(401);
    expect(a.headers['www-authenticate']).toBe('Bearer');
    expect(json(a).errors).toHaveLength(1);
    expect(json(a).errors[0].rule).toBe('security.unauthenticated');
    expect(a.body).not.toMatch(/recipient|purpose|amount/);
    const wrongType = await handle({
      method: 'POST',
      url: PAYMENTS,
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(wrongType.status).toBe(401);
  });

  it('then validates: 400 with the rule violations', async () => {
    const invalid = JSON.stringify({
      purpose_of_transaction: 'PROPERTY_PURCHASE',
      amount: { currency: 'EUR', value: 1 },
      recipient_details: [],
      is_third_party_payment: false,
    });
    const a = await handle({ method: 'POST', url: PAYMENTS, headers: authed(), body: invalid });
    expect(a.status).toBe(400);
    expect(json(a).errors.map((e: { rule: string }) => e.rule)).toContain('schema.minItems');
  });

  it('accepts the apikey header where the document allows it, not where it does not', async () => {
    const ok = await handle({
      method: 'GET',
      url: `/api/v1/customers/${CUSTOMER}/third-parties/tp-1`,
      headers: { apikey: API_KEY },
    });
    expect(ok.status).toBe(200);
    const no = await handle({
      method: 'POST',
      url: PAYMENTS,
      headers: { apikey: API_KEY, 'content-type': 'application/json' },
      body: validPayment,
    });
    expect(no.status).toBe(401);
    // The legacy endpoints are payments, and payments require a Bearer token (seed §Authentication, OAuth 2.0).
    const legacy = await handle({
      method: 'GET',
      url: `/v1/customers/${CUSTOMER}/payments`,
      headers: { apikey: API_KEY },
    });
    expect(legacy.status).toBe(401);
  });

  it('fails closed without an authenticator', async () => {
    const server = await generated.load<{ createRouter: (o: unknown) => { handle: Handle } }>('server.ts');
    const router = server.createRouter({ handlers: {} });
    const a = await router.handle({
      method: 'GET',
      url: `/v1/customers/${CUSTOMER}/payments`,
      headers: { authorization: 'Bearer anything' },
    });
    expect(a.status).toBe(401);
  });
});

describe('handlers', () => {
  async function routerWith(handlers: Record<string, unknown>, extra: Record<string, unknown> = {}) {
    const errors: unknown[] = [];
    const server = await generated.load<{ createRouter: (o: unknown) => { handle: Handle } }>('server.ts');
    const router = server.createRouter({
      handlers,
      authenticate: () => ({ ok: true }),
      onError: (e: unknown) => errors.push(e),
      ...extra,
    });
    return { router, errors };
  }

  it('501 for a missing handler; 500 without the stack for a throwing one', async () => {
    const { router, errors } = await routerWith({
      legacyReviewPayments: () => {
        throw new Error('database password is hunter2');
      },
    });
    expect(
      (await router.handle({ method: 'GET', url: `/v1/customers/${CUSTOMER}/payments/p1`, headers: {} })).status,
    ).toBe(501);
    const a = await router.handle({ method: 'GET', url: `/v1/customers/${CUSTOMER}/payments`, headers: {} });
    expect(a.status).toBe(500);
    expect(a.body).not.toContain('hunter2');
    expect(a.body).not.toContain('at ');
    expect(errors).toHaveLength(1);
  });

  it('handleEager answers synchronous handlers directly and asynchronous ones with a promise', async () => {
    type Eager = { handleEager: (r: Parameters<Handle>[0]) => Answer | Promise<Answer> };
    const server = await generated.load<{ createRouter: (o: unknown) => Eager }>('server.ts');
    const list = { status: 200, body: { payments: [] } };
    const syncRouter = server.createRouter({
      handlers: { legacyReviewPayments: () => list },
      authenticate: () => ({ ok: true }),
    });
    const direct = syncRouter.handleEager({ method: 'GET', url: `/v1/customers/${CUSTOMER}/payments`, headers: {} });
    expect(direct).not.toBeInstanceOf(Promise);
    expect((direct as Answer).status).toBe(200);

    const asyncAuth = server.createRouter({
      handlers: { legacyReviewPayments: () => list },
      authenticate: async () => ({ ok: false, status: 403 }),
    });
    const refused = asyncAuth.handleEager({ method: 'GET', url: `/v1/customers/${CUSTOMER}/payments`, headers: {} });
    expect(refused).toBeInstanceOf(Promise);
    expect((await refused).status).toBe(403);

    const asyncHandler = server.createRouter({
      handlers: { legacyReviewPayments: async () => list },
      authenticate: () => ({ ok: true }),
    });
    const later = asyncHandler.handleEager({ method: 'GET', url: `/v1/customers/${CUSTOMER}/payments`, headers: {} });
    expect(later).toBeInstanceOf(Promise);
    expect(JSON.parse((await later).body as string)).toEqual(list.body);
  });

  it('a rejected authenticator or handler promise is a 500 reported with its phase, on both paths', async () => {
    const phases: string[] = [];
    type BothPaths = { handle: Handle; handleEager: (r: Parameters<Handle>[0]) => Answer | Promise<Answer> };
    const server = await generated.load<{ createRouter: (o: unknown) => BothPaths }>('server.ts');
    const onError = (_e: unknown, c: { phase: string }) => phases.push(c.phase);
    const badAuth = server.createRouter({
      handlers: {},
      authenticate: async () => Promise.reject(new Error('token store down')),
      onError,
    });
    const badHandler = server.createRouter({
      handlers: { legacyReviewPayments: async () => Promise.reject(new Error('db down')) },
      authenticate: () => ({ ok: true }),
      onError,
    });
    const request = { method: 'GET', url: `/v1/customers/${CUSTOMER}/payments`, headers: {} };
    for (const r of [badAuth, badHandler]) {
      const eager = await r.handleEager(request);
      const plain = await r.handle(request);
      for (const a of [eager, plain]) {
        expect(a.status).toBe(500);
        expect(a.body).not.toContain('down');
      }
    }
    expect(phases).toEqual(['authenticate', 'authenticate', 'handler', 'handler']);
  });

  it('validateResponses turns a response that breaks the document into a 500', async () => {
    const wrong = { requestVirtualAccount: () => ({ status: 200, body: { nope: 1 } }) };
    const body = JSON.stringify({ currency: 'USD' });
    const plain = await routerWith(wrong);
    expect(
      (
        await plain.router.handle({
          method: 'POST',
          url: `/v1/customers/${CUSTOMER}/virtual-accounts`,
          headers: { 'content-type': 'application/json' },
          body,
        })
      ).status,
    ).toBe(200);
    const checked = await routerWith(wrong, { validateResponses: true });
    const a = await checked.router.handle({
      method: 'POST',
      url: `/v1/customers/${CUSTOMER}/virtual-accounts`,
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(a.status).toBe(500);
    expect(json(a).errors[0].rule).toBe('server.invalid-response');
    expect(checked.errors).toHaveLength(1);
  });
});

describe('Hono adapter', () => {
  it('serves the router through a Hono app', async () => {
    const hono = await generated.load<{
      toHonoApp: (r: unknown) => { request: (p: string, i?: RequestInit) => Promise<Response> };
    }>('runtime/server/hono.ts');
    const app = hono.toHonoApp(backend.router);
    const ok = await app.request(PAYMENTS, { method: 'POST', headers: authed(), body: validPayment });
    expect(ok.status).toBe(201);
    expect((await ok.json()).status).toBe('AWAITING_FUNDS');
    const missing = await app.request('/nowhere');
    expect(missing.status).toBe(404);
  });
});
