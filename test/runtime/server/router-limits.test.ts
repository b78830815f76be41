/**
 * The generated router under hostile input and its routing extensions: JSON nesting depth
 * (`maxJsonDepth`, checked on the text before parsing), parse-stage failures answered 400,
 * `x-cbp-path-aliases` routed to the same operation, and query keys named like Object.prototype
 * members.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { generateInto, type Generated } from '../client/helpers/generated.js';

type Answer = { status: number; headers: Record<string, string>; body: string | undefined };
type Request = { method: string; url: string; headers: Record<string, string>; body?: string | Uint8Array };
type Router = { handle: (r: Request) => Promise<Answer> };
type Seen = {
  operationId: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  auth: unknown;
};

const CUSTOMER = 'cust-9';
const THIRD_PARTIES = `/api/v1/customers/${CUSTOMER}/third-parties`;
const JSON_HEADERS = { 'content-type': 'application/json' };
const errorsOf = (a: Answer) =>
  (JSON.parse(a.body ?? '{}') as { errors: Array<{ rule: string; pointer: string; message: string }> }).errors;

let generated: Generated;
let createRouter: (options: Record<string, unknown>) => Router;

beforeAll(async () => {
  generated = await generateInto('router-limits');
  ({ createRouter } = await generated.load<{ createRouter: typeof createRouter }>('server.ts'));
});

/** A router whose handlers record what they got and answer 200 (request validation off: the
 * point is the parse stage, not the document's schemas). */
function recordingRouter(options: Record<string, unknown> = {}) {
  const seen: Seen[] = [];
  const errors: unknown[] = [];
  const record = (request: Seen) => {
    seen.push(request);
    return { status: 200, body: { ok: true } };
  };
  const handlers = new Proxy({}, { get: (_t, id) => (typeof id === 'string' ? record : undefined) });
  const router = createRouter({
    handlers,
    authenticate: () => ({ ok: true, principal: { clientId: 'c-1' } }),
    validateRequests: false,
    onError: (e: unknown) => errors.push(e),
    ...options,
  });
  return { router, seen, errors };
}

/** `{"x": [[...]]}` nesting `depth` containers in all (the outer object counts). */
const nested = (depth: number) => `{"x":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

describe('JSON nesting depth', () => {
  it('refuses 200,000 levels with 400 request.too-deep naming the limit, not a 500', async () => {
    const { router, seen } = recordingRouter({ bodyLimit: 8 * 1024 * 1024 });
    for (const body of [
      '['.repeat(200_000) + ']'.repeat(200_000),
      `{"\\u0061":${'{"a":'.repeat(200_000)}1${'}'.repeat(200_000)}}`,
    ]) {
      const a = await router.handle({ method: 'POST', url: THIRD_PARTIES, headers: JSON_HEADERS, body });
      expect(a.status).toBe(400);
      expect(errorsOf(a)).toEqual([expect.objectContaining({ rule: 'request.too-deep', pointer: '' })]);
      expect(errorsOf(a)[0].message).toContain('64');
    }
    expect(seen).toHaveLength(0);
  });

  it('accepts exactly the limit and refuses one level more (default 64, and a custom limit)', async () => {
    const { router, seen } = recordingRouter();
    expect(
      (await router.handle({ method: 'POST', url: THIRD_PARTIES, headers: JSON_HEADERS, body: nested(64) })).status,
    ).toBe(200);
    const over = await router.handle({ method: 'POST', url: THIRD_PARTIES, headers: JSON_HEADERS, body: nested(65) });
    expect(over.status).toBe(400);
    expect(errorsOf(over)[0].rule).toBe('request.too-deep');
    expect(seen).toHaveLength(1);

    const strict = recordingRouter({ maxJsonDepth: 3 });
    expect(
      (await strict.router.handle({ method: 'POST', url: THIRD_PARTIES, headers: JSON_HEADERS, body: nested(3) }))
        .status,
    ).toBe(200);
    const a = await strict.router.handle({
      method: 'POST',
      url: THIRD_PARTIES,
      headers: JSON_HEADERS,
      body: nested(4),
    });
    expect(errorsOf(a)[0]).toMatchObject({ rule: 'request.too-deep', pointer: '' });
    expect(errorsOf(a)[0].message).toContain('3');
  });

  it('does not count brackets inside strings, escaped quotes included', async () => {
    const { router, seen } = recordingRouter({ maxJsonDepth: 2 });
    const body = JSON.stringify({ s: `\\"${'[{'.repeat(50)}`, t: ['a"]]'] });
    expect((await router.handle({ method: 'POST', url: THIRD_PARTIES, headers: JSON_HEADERS, body })).status).toBe(200);
    expect(seen[0].body).toEqual(JSON.parse(body));
  });

  it('with the limit lifted, a 200,000-level body with escapes still never overflows the stack', async () => {
    const { router, seen } = recordingRouter({ maxJsonDepth: Infinity, bodyLimit: 8 * 1024 * 1024 });
    const body = `{"\\u0061":${'{"a":'.repeat(200_000)}1${'}'.repeat(200_000)}}`;
    const a = await router.handle({ method: 'POST', url: THIRD_PARTIES, headers: JSON_HEADERS, body });
    expect(a.status).toBe(200);
    expect(seen).toHaveLength(1);
    const poisoned = `{"a":${'['.repeat(100_000)}{"__proto__":{"x":1}}${']'.repeat(100_000)}}`;
    const b = await router.handle({ method: 'POST', url: THIRD_PARTIES, headers: JSON_HEADERS, body: poisoned });
    expect(errorsOf(b)[0]).toMatchObject({
      rule: 'request.forbidden-key',
      pointer: `/a${'/0'.repeat(100_000)}/__proto__`,
    });
  });

  it('any exception of the parse stage is a 400, never a 500', async () => {
    const { router, seen } = recordingRouter();
    // A body view that TextDecoder refuses (throws TypeError) while its length reads fine.
    const bytes = new TextEncoder().encode('{"a":1}');
    const hostile = new Proxy(bytes, { get: (t, k) => Reflect.get(t, k, t) });
    const a = await router.handle({ method: 'POST', url: THIRD_PARTIES, headers: JSON_HEADERS, body: hostile });
    expect(a.status).toBe(400);
    expect(errorsOf(a)[0].rule).toBe('request.unparseable-body');
    expect(seen).toHaveLength(0);
  });
});

describe('x-cbp-path-aliases', () => {
  it('routes /api/v1/customers/{customer_id}/sessions to createSession and lookupSessions', async () => {
    const { router, seen } = recordingRouter();
    const post = await router.handle({
      method: 'POST',
      url: `/api/v1/customers/${CUSTOMER}/sessions`,
      headers: JSON_HEADERS,
      body: '{"client_reference_id":"r-1"}',
    });
    expect(post.status).toBe(200);
    const get = await router.handle({
      method: 'GET',
      url: `/api/v1/customers/${CUSTOMER}/sessions?client_reference_id=r-1`,
      headers: {},
    });
    expect(get.status).toBe(200);
    expect(seen.map((s) => [s.operationId, s.params.customer_id])).toEqual([
      ['createSession', CUSTOMER],
      ['lookupSessions', CUSTOMER],
    ]);
    expect(seen[1].query).toEqual({ client_reference_id: 'r-1' });
    const wrong = await router.handle({ method: 'DELETE', url: `/api/v1/customers/${CUSTOMER}/sessions`, headers: {} });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('GET, POST');
  });

  it('keeps security and validation on the alias', async () => {
    const open = recordingRouter({ authenticate: () => ({ ok: false, status: 401 }) });
    const a = await open.router.handle({
      method: 'GET',
      url: `/api/v1/customers/${CUSTOMER}/sessions?client_reference_id=r-1`,
      headers: {},
    });
    expect(a.status).toBe(401);
    const validating = recordingRouter({ validateRequests: true });
    const b = await validating.router.handle({
      method: 'GET',
      url: `/api/v1/customers/${CUSTOMER}/sessions?client_reference_id=`,
      headers: {},
    });
    expect(b.status).toBe(400);
    expect(open.seen.length + validating.seen.length).toBe(0);
  });
});

describe('request parts', () => {
  it('query keys named like Object.prototype members are plain values', async () => {
    const { router, seen } = recordingRouter();
    await router.handle({
      method: 'GET',
      url: `/v1/customers/${CUSTOMER}/payments?constructor=x&toString=y&toString=z`,
      headers: {},
    });
    expect(seen[0].query).toEqual({ constructor: 'x', toString: ['y', 'z'] });
  });

  it('hands the authenticator principal to handlers as auth', async () => {
    const { router, seen } = recordingRouter();
    await router.handle({ method: 'GET', url: `/v1/customers/${CUSTOMER}/payments`, headers: {} });
    expect(seen[0].auth).toEqual({ clientId: 'c-1' });
  });

  it('basePath strips only a whole leading segment', async () => {
    const { router, seen } = recordingRouter({ basePath: '/api' });
    expect(
      (await router.handle({ method: 'GET', url: `/api/v1/customers/${CUSTOMER}/payments`, headers: {} })).status,
    ).toBe(200);
    expect(
      (await router.handle({ method: 'GET', url: `/apiv1/customers/${CUSTOMER}/payments`, headers: {} })).status,
    ).toBe(404);
    expect(seen).toHaveLength(1);
  });
});

describe('path length', () => {
  it('answers 414 request.path-too-long past 8000 characters, in the error model, before any handler', async () => {
    const { router, seen } = recordingRouter();
    const at = (length: number) => `/v1/customers/${'c'.repeat(length - '/v1/customers//payments'.length)}/payments`;
    expect((await router.handle({ method: 'GET', url: at(8000), headers: {} })).status).toBe(200);
    const long = await router.handle({ method: 'GET', url: at(8001), headers: {} });
    expect(long.status).toBe(414);
    expect(errorsOf(long)).toEqual([expect.objectContaining({ rule: 'request.path-too-long', pointer: '' })]);
    expect(errorsOf(long)[0].message).toContain('8000');
    expect(seen).toHaveLength(1);
  });

  it('takes a lower limit from maxPathLength', async () => {
    const { router } = recordingRouter({ maxPathLength: 40 });
    expect(
      (await router.handle({ method: 'GET', url: `/v1/customers/${'c'.repeat(30)}/payments`, headers: {} })).status,
    ).toBe(414);
  });
});
