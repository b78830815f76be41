/**
 * Names end to end: test/fixtures/generator/hostile-names.yaml (prototype names, digits,
 * reserved words, `then`, unicode, collisions after re-casing, derived names that collide,
 * parameter names that are not identifiers) generated with every plugin, served by the
 * generated node-http router on 127.0.0.1 with one handler per operation, and called through
 * the generated client. Each call must reach its own handler with its parameters intact.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInto, type Generated } from '../runtime/client/helpers/generated.js';
import { compileOutput } from './helpers/compile-output.js';

type Result = { data?: Echo; error?: unknown; apiError?: unknown; response?: Response };
type Echo = {
  operation: string;
  params?: unknown;
  query?: unknown;
  cookies?: unknown;
  headers?: Record<string, string>;
  body?: unknown;
};
type Call = (init?: unknown) => Promise<Result>;
type HandlerRequest = {
  operationId: string;
  params: unknown;
  query: unknown;
  headers: Record<string, string>;
  cookies: unknown;
  body: unknown;
};

/** A query object with an own `__proto__` key (a literal `{ __proto__: x }` sets the prototype). */
const withProto = (value: string, rest: Record<string, unknown>) =>
  Object.defineProperty({ ...rest }, '__proto__', { value, enumerable: true, writable: true, configurable: true });

/** What each operation is called with, and what its handler must see (`expect`: defaults to the call's parts). */
const CALLS: Record<string, { init?: Record<string, unknown>; method: string; expect?: Partial<Echo> }> = {
  getN27ByAB: { method: 'GET', init: { params: { path: { A_B: 'x y/z' } } } },
  then_: { method: 'GET' },
  // biome-ignore lint/suspicious/noThenProperty: the document names a property `then`; it travels as data.
  constructor_: { method: 'POST', init: { body: { then: 'now', constructor: 'c' } } },
  getItem: { method: 'GET' },
  getItem2: { method: 'PUT' },
  getItem3: { method: 'POST' },
  getItem4: { method: 'PATCH' },
  class_: { method: 'DELETE' },
  proto: {
    method: 'POST',
    init: {
      params: {
        path: { constructor: 'ctor', toString: 7 },
        query: withProto('p', { hasOwnProperty: true, valueOf: [1, 2], constructor: 'qc' }),
      },
      body: { toString: 's', '123': 'n', valueOf: 3, hasOwnProperty: true, isPrototypeOf: 'toLocaleString' },
    },
  },
  toString: { method: 'GET' },
  hasOwnProperty: { method: 'GET' },
  valueOf: { method: 'GET' },
  getDigitsBy9lives: { method: 'GET', init: { params: { path: { '9lives': 9 }, query: { '2': 'two' } } } },
  getDigits: { method: 'GET' },
  delete_: { method: 'DELETE' },
  default_: { method: 'GET', init: { params: { query: { default: 'd', in: 'i' } } } },
  new_: { method: 'POST' },
  in_: { method: 'PUT' },
  catch_: { method: 'PATCH' },
  await_: { method: 'GET' },
  crErPaiement: { method: 'GET', init: { params: { path: { 名前: 'ナマエ' }, query: { größe: 3 } } } },
  getUnicodeOnly: { method: 'GET' },
  getItemsX: { method: 'GET' },
  getItemsX2: { method: 'GET' },
  getItemsX3: { method: 'GET' },
  getItemsX4: { method: 'GET' },
  thingsRead: {
    method: 'GET',
    init: {
      params: {
        path: { 'item.id': 'a.b', 'item-id': 5 },
        query: { 'sort-by': ['a', 'b'] },
        header: { 'X-Request-ID': 'req 1' },
        cookie: { 'session.id': 's 1;x' },
      },
    },
    expect: { headers: { 'x-request-id': 'req 1' } },
  },
  readFiltered: {
    method: 'GET',
    init: {
      params: {
        query: { filter: { status: 'open', min: 2 }, q: 'a/b?c:d@e,f=g' },
        header: { 'X-Filter': { status: 'closed' } },
        cookie: { 'pref.json': [1, 2] },
      },
    },
    // Headers reach handlers as text (HandlerRequest.headers); the validators read the JSON.
    expect: { headers: { 'x-filter': '{"status":"closed"}' } },
  },
};
/** Which path each operation is at (the wire must show the request went there). */
const PATHS = new Map<string, string>(
  Object.entries({
    getN27ByAB: '/n27/x%20y%2Fz',
    proto: '/proto/ctor/7',
    getDigitsBy9lives: '/digits/9',
    crErPaiement: `/unicode/${encodeURIComponent('ナマエ')}`,
    getItemsX: '/elsewhere',
    getItemsX2: '/items-x',
    getItemsX3: '/items_x',
    getItemsX4: '/items.x',
    thingsRead: '/things/a.b/5',
  }),
);

let generated: Generated;
let server: Server;
let baseUrl: string;
let client: Record<string, Call>;
let ids: string[];
const wire: Array<{ method: string; url: string; headers: Record<string, string | string[] | undefined> }> = [];
/** The request each operation's call put on the wire, replayed to the stubs. */
const sent = new Map<string, (typeof wire)[number]>();
let stubRouter: { handle(r: unknown): Promise<{ status: number; body: unknown }> };

beforeAll(async () => {
  generated = await generateInto('hostile-names-e2e', {
    spec: 'test/fixtures/generator/hostile-names.yaml',
    overlays: [],
    clientFactoryName: 'createHostileClient',
    plugins: ['types', 'operations', 'validators', 'client', 'server', 'node-http', 'stubs'],
  });
  ({ operationIds: ids } = await generated.load<{ operationIds: string[] }>('operations.ts'));
  const { createRouter } = await generated.load<{ createRouter: (o: unknown) => typeof stubRouter }>('server.ts');
  const { toNodeListener } = await generated.load<{ toNodeListener: (r: unknown) => (q: unknown, s: unknown) => void }>(
    'runtime/server/node-http.ts',
  );
  const handlers = Object.fromEntries(
    ids.map((id) => [
      id,
      (r: HandlerRequest) => ({
        status: 200,
        body: {
          operation: id,
          seenAs: r.operationId,
          params: r.params,
          query: r.query,
          cookies: r.cookies,
          headers: pick(r.headers, ['x-request-id', 'x-filter']),
          body: r.body,
        },
      }),
    ]),
  );
  const listener = toNodeListener(createRouter({ handlers }));
  server = createServer((req, res) => {
    wire.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { createHostileClient } = await generated.load<{ createHostileClient: (o: unknown) => typeof client }>(
    'client.ts',
  );
  client = createHostileClient({ baseUrl, retry: false });
  const stubs = await import(`${generated.dir}/handlers/index.ts`);
  stubRouter = createRouter({ handlers: stubs.handlers });
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

function pick(headers: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(names.filter((n) => Object.hasOwn(headers, n)).map((n) => [n, headers[n] as string]));
}

describe('every operation of the hostile-names document, client → router → handler', () => {
  it('has one identifier per operation, and the table below covers them all', () => {
    expect([...ids].sort()).toEqual(Object.keys(CALLS).sort());
    expect(
      Object.keys(client)
        .filter((k) => k !== 'raw')
        .sort(),
    ).toEqual([...ids].sort());
  });

  it('the client is not thenable: awaiting it gives the client, not a call', async () => {
    expect((client as { then?: unknown }).then).toBeUndefined();
    expect(await client).toBe(client);
  });

  it.each(Object.keys(CALLS))('%s reaches its own handler with its parameters intact', async (id) => {
    const { init, method, expect: seen } = CALLS[id]!;
    const call = client[id]!;
    const result = init === undefined ? await call() : await call(init);
    expect(result.apiError).toBeUndefined();
    expect(result.response?.status).toBe(200);
    const given = (init?.params ?? {}) as { path?: unknown; query?: unknown; cookie?: unknown };
    expect(result.data).toEqual({
      operation: id,
      seenAs: id,
      params: given.path ?? {},
      query: given.query ?? {},
      cookies: given.cookie ?? {},
      headers: seen?.headers ?? {},
      ...(init?.body === undefined ? {} : { body: init.body }),
    });
    const last = wire.at(-1)!;
    expect(last.method).toBe(method);
    expect(last.url.split('?')[0]).toBe(PATHS.get(id) ?? last.url.split('?')[0]);
    sent.set(id, last);
  });

  it('a declared `__proto__` query parameter is an own value, never the prototype', async () => {
    const r = await client.proto!(CALLS.proto!.init);
    const query = (r.data as Echo).query as Record<string, unknown>;
    expect(Object.hasOwn(query, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(query)).toBe(Object.prototype);
  });
});

describe('schema and property names that are Object.prototype members', () => {
  it('are validated as declared: a body without the required `valueOf` is a 400 pointing at it', async () => {
    const res = await fetch(`${baseUrl}/proto/a/1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hasOwnProperty: 'no' }),
    });
    expect(res.status).toBe(400);
    const { errors } = (await res.json()) as { errors: Array<{ rule: string; pointer: string }> };
    expect(errors.map((e) => `${e.pointer} ${e.rule}`)).toEqual(['/valueOf schema.required']);
    // With `valueOf` given, the own `hasOwnProperty` is checked against its declared type.
    const typed = await fetch(`${baseUrl}/proto/a/1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hasOwnProperty: 'no', valueOf: 3 }),
    });
    const again = (await typed.json()) as { errors: Array<{ rule: string; pointer: string }> };
    expect(again.errors.map((e) => `${e.pointer} ${e.rule}`)).toEqual(['/hasOwnProperty schema.type']);
  });
});

describe('content parameters (JSON) and allowReserved, on the wire', () => {
  it(
    'the client writes JSON text for content parameters and leaves ' +
      'reserved characters of an allowReserved value as they are',
    async () => {
      await client.readFiltered!(CALLS.readFiltered!.init);
      const last = wire.at(-1)!;
      expect(last.url).toBe(`/content?filter=${encodeURIComponent('{"status":"open","min":2}')}&q=a/b?c:d@e,f=g`);
      expect(last.headers['x-filter']).toBe('{"status":"closed"}');
      expect(last.headers.cookie).toBe(`pref.json=${encodeURIComponent('[1,2]')}`);
    },
  );

  const raw = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl}${path}`, { headers });
    return {
      status: res.status,
      body: (await res.json()) as { errors?: Array<{ rule: string; pointer: string; in?: string; message: string }> },
    };
  };

  it('malformed JSON in a query, header or cookie content parameter is a 400 naming the parameter', async () => {
    const r = await raw(`/content?filter=${encodeURIComponent('{"status":')}`, {
      'x-filter': '[1,',
      cookie: 'pref.json=%7B',
    });
    expect(r.status).toBe(400);
    expect(r.body.errors?.map((e) => `${e.in} ${e.pointer} ${e.rule}`).sort()).toEqual([
      'cookies /pref.json request.malformed-parameter',
      'headers /x-filter request.malformed-parameter',
      'query /filter request.malformed-parameter',
    ]);
    expect(r.body.errors?.[0]?.message).toMatch(/not valid JSON/);
  });

  it('well-formed JSON that breaks the schema is a 400 with the pointer inside the parameter', async () => {
    const r = await raw(`/content?filter=${encodeURIComponent('{"status":"lost","min":-1}')}`, {
      cookie: `pref.json=${encodeURIComponent('["x"]')}`,
    });
    expect(r.status).toBe(400);
    // Validation stops at the first violation of each part.
    expect(r.body.errors?.map((e) => `${e.in} ${e.pointer} ${e.rule}`).sort()).toEqual([
      'cookies /pref.json/0 schema.type',
      'query /filter/status schema.enum',
    ]);
    const min = await raw(`/content?filter=${encodeURIComponent('{"min":-1}')}`, {});
    expect(min.body.errors?.map((e) => `${e.in} ${e.pointer} ${e.rule}`)).toEqual(['query /filter/min schema.minimum']);
  });

  it('a prototype-poisoning key inside a JSON parameter is refused like in a body', async () => {
    const r = await raw(`/content?filter=${encodeURIComponent('{"__proto__":{"status":"open"}}')}`);
    expect(r.status).toBe(400);
    expect(r.body.errors?.map((e) => `${e.in} ${e.pointer}`)).toEqual(['query /filter']);
  });
});

describe('the generated stubs', () => {
  it('wire every operation to its own stub: each answers 501 naming its operation', async () => {
    expect(sent.size).toBe(ids.length);
    for (const id of ids) {
      const request = sent.get(id)!;
      const body = CALLS[id]!.init?.body;
      const response = await stubRouter.handle({
        ...request,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect([id, response.status, String(response.body)]).toEqual([
        id,
        501,
        expect.stringContaining(`Operation ${id} is not implemented yet`),
      ]);
    }
  });
});

describe('the generated code, as a user compiles it', () => {
  it('type-checks with the stubs and a caller: content parameters are typed by their schema', async () => {
    const use = [
      "import { createHostileClient } from './generated/client.js';",
      "const client = createHostileClient({ baseUrl: 'http://127.0.0.1' });",
      'export const ok = client.readFiltered({ params: { query: { filter: { status: ' +
        "'open', min: 1 } }, header: { 'X-Filter': {} }, cookie: { 'pref.json': [1] } } });",
      "// @ts-expect-error a JSON content parameter is its schema's type, not text",
      "export const text = client.readFiltered({ params: { query: { filter: 'status=open' } } });",
      "import type { components } from './generated/types.js';",
      "// TypeScript checks an object literal's inherited `toString` " +
        'against an optional `toString?: string`: it is written out.',
      "export const body: components['schemas']['toString'] = { toString: 's', " +
        "valueOf: 1, hasOwnProperty: true, isPrototypeOf: 'toLocaleString' };",
      '// @ts-expect-error `valueOf` is a required property of the schema named `toString`',
      'export const missing: components["schemas"]["toString"] = { toString: "s", hasOwnProperty: true };',
      'export const reserved = [client.then_(), client.await_(), ' +
        'client.toString(), client.getN27ByAB({ params: { path: { A_B: "x" } } })];',
    ].join('\n');
    const files = [
      ...generated.result.files.map((f) => ({ ...f, path: `generated/${f.path}` })),
      ...generated.result.stubFiles.map((f) => ({ ...f, path: `handlers/${f.path}` })),
      { path: 'use.ts', contents: use },
    ];
    const compiled = await compileOutput({ names: files });
    compiled.cleanup();
    expect(compiled.diagnostics).toBe('');
  }, 120_000);

  it(
    'an operation named like an Object.prototype method, without ' +
      'a handler, answers 501 (never runs the inherited method)',
    async () => {
      const { createRouter } = await generated.load<{ createRouter: (o: unknown) => typeof stubRouter }>('server.ts');
      const bare = createRouter({ handlers: {} });
      for (const [id, url] of [
        ['toString', '/to-string'],
        ['valueOf', '/value-of'],
        ['hasOwnProperty', '/has-own'],
      ]) {
        const response = await bare.handle({ method: 'GET', url, headers: {}, body: undefined });
        expect([id, response.status]).toEqual([id, 501]);
      }
    },
  );
});
