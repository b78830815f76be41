/**
 * The runtime's client core against openapi-fetch 0.17.0, call by call: byte-identical requests
 * (method, URL, headers, body) and equal results for the same answers, over the edge cases code
 * written for openapi-fetch meets (every parameter style its defaults write, serializer options,
 * header merging, JSON / form / multipart / text bodies, parseAs, empty bodies, 204, non-JSON
 * errors, middleware, aborts). helpers/differential.ts says how a request and a result are compared.
 */
import { describe, expect, test } from 'vitest';
import { ANSWERS, type Answer, outcomeOf, rawPair, recorder } from './helpers/differential.js';

const BASE = 'http://127.0.0.1:9/api/';

interface Case {
  name: string;
  client?: Record<string, unknown>;
  method: string;
  path: string;
  init?: () => Record<string, unknown>;
  /** Middleware given to both clients (made fresh for each). */
  middleware?: () => unknown[];
}

const styleOptions = [
  { array: { style: 'form', explode: false } },
  { array: { style: 'spaceDelimited', explode: false } },
  { array: { style: 'pipeDelimited', explode: false } },
  { array: { style: 'pipeDelimited', explode: true } },
  { object: { style: 'form', explode: true } },
  { object: { style: 'form', explode: false } },
  { object: { style: 'deepObject', explode: true } },
  { allowReserved: true },
];

const arraysAndObjects = () => ({
  params: {
    query: {
      ids: ['a b', 'c/d', 'é', 1],
      filter: { status: 'ok', 'w x': 'y&z' },
      one: 'plain',
      none: undefined,
      nothing: null,
      empty: [],
    },
  },
});

const CASES: Case[] = [
  { name: 'no params, no body', method: 'GET', path: '/payments' },
  {
    name: 'primitive path and query values, encoded',
    method: 'GET',
    path: '/customers/{customer_id}/payments/{payment_id}',
    init: () => ({
      params: {
        path: { customer_id: 'c 1/é', payment_id: 42 },
        query: { limit: 10, q: 'a&b=c', flag: true, 'x/y': 'n', 'k[0]': 'é' },
      },
    }),
  },
  {
    name: 'a missing path value keeps its template',
    method: 'GET',
    path: '/a/{x}/{y}',
    init: () => ({ params: { path: { x: 'v' } } }),
  },
  { name: 'a template twice', method: 'GET', path: '/a/{x}/b/{x}', init: () => ({ params: { path: { x: 'v' } } }) },
  { name: 'query arrays and objects, default styles', method: 'GET', path: '/search', init: arraysAndObjects },
  ...styleOptions.map(
    (options): Case => ({
      name: `query serializer options ${JSON.stringify(options)}`,
      client: { querySerializer: options },
      method: 'GET',
      path: '/search',
      init: arraysAndObjects,
    }),
  ),
  {
    name: 'call query serializer options merge with the client’s',
    client: { querySerializer: { array: { style: 'pipeDelimited', explode: false } } },
    method: 'GET',
    path: '/search',
    init: () => ({ ...arraysAndObjects(), querySerializer: { object: { style: 'form', explode: false } } }),
  },
  {
    name: 'a query serializer function',
    client: { querySerializer: (q: Record<string, unknown>) => `?custom=${Object.keys(q).join('.')}` },
    method: 'GET',
    path: '/search',
    init: arraysAndObjects,
  },
  ...['{id}', '{id*}', '{.id}', '{.id*}', '{;id}', '{;id*}'].flatMap((template) =>
    [['a b', 'c'], { k: 'v w', n: '1' }, 'é x', 7].map(
      (value): Case => ({
        name: `path ${template} with ${JSON.stringify(value)}`,
        method: 'GET',
        path: `/items/${template}`,
        init: () => ({ params: { path: { id: value } } }),
      }),
    ),
  ),
  {
    name: 'a path serializer function',
    client: { pathSerializer: (p: string, v: Record<string, unknown>) => p.replace('{id}', `~${String(v['id'])}`) },
    method: 'GET',
    path: '/items/{id}',
    init: () => ({ params: { path: { id: 'x' } } }),
  },
  {
    name: 'headers: client, call, header parameters; null removes; arrays repeat; numbers',
    client: { headers: { 'X-Client': 'c', 'X-Gone': 'g', Accept: 'application/json' } },
    method: 'GET',
    path: '/h',
    init: () => ({
      headers: { 'X-Call': 'k', 'X-Gone': null, 'X-Many': ['1', '2'], 'X-Num': 3 },
      params: { header: { 'X-Param': 'p', 'X-Bool': false, 'X-Undef': undefined } },
    }),
  },
  {
    name: 'Headers instances',
    client: { headers: new Headers({ 'x-a': '1' }) },
    method: 'GET',
    path: '/h',
    init: () => ({ headers: new Headers({ 'x-b': '2' }) }),
  },
  { name: 'JSON body', method: 'POST', path: '/p', init: () => ({ body: { a: 'é', n: 1.5, l: [null, true] } }) },
  { name: 'JSON body: a string, a number, null', method: 'PUT', path: '/p', init: () => ({ body: 'text' }) },
  { name: 'JSON body: null', method: 'PATCH', path: '/p', init: () => ({ body: null }) },
  { name: 'JSON body: 0', method: 'POST', path: '/p', init: () => ({ body: 0 }) },
  {
    name: 'form-urlencoded body',
    method: 'POST',
    path: '/token',
    init: () => ({
      body: { grant_type: 'client_credentials', scope: 'a b&c' },
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    }),
  },
  {
    name: 'form-urlencoded by lower-case header',
    method: 'POST',
    path: '/token',
    init: () => ({ body: { a: '1' }, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
  },
  {
    name: 'multipart body (FormData)',
    method: 'POST',
    path: '/upload',
    init: () => {
      const form = new FormData();
      form.append('name', 'é x');
      form.append('file', new Blob(['bytes'], { type: 'image/png' }), 'f.png');
      return { body: form };
    },
  },
  {
    name: 'text body by a body serializer',
    method: 'POST',
    path: '/t',
    init: () => ({
      body: { x: 1 },
      bodySerializer: (b: unknown) => `x=${JSON.stringify(b)}`,
      headers: { 'Content-Type': 'text/plain' },
    }),
  },
  {
    name: 'a client body serializer that reads the headers',
    client: { bodySerializer: (b: unknown, h?: Headers) => `${h?.get('x-kind')}:${JSON.stringify(b)}` },
    method: 'POST',
    path: '/t',
    init: () => ({ body: [1], headers: { 'X-Kind': 'k' } }),
  },
  {
    name: 'a Blob body by a body serializer',
    method: 'POST',
    path: '/b',
    init: () => ({ body: 'x', bodySerializer: () => new Blob(['raw'], { type: 'application/octet-stream' }) }),
  },
  { name: 'per-call baseUrl', method: 'GET', path: '/x', init: () => ({ baseUrl: 'http://127.0.0.1:9/other/' }) },
  { name: 'baseUrl without trailing slash', client: { baseUrl: 'http://127.0.0.1:9' }, method: 'GET', path: '/x' },
  {
    name: 'RequestInit fields of the client and the call',
    client: { credentials: 'include', redirect: 'manual' },
    method: 'DELETE',
    path: '/x',
    init: () => ({ cache: 'no-store', credentials: 'omit' }),
  },
  ...(['json', 'text', 'blob', 'arrayBuffer', 'stream'] as const).map(
    (parseAs): Case => ({ name: `parseAs ${parseAs}`, method: 'GET', path: '/r', init: () => ({ parseAs }) }),
  ),
  { name: 'HEAD', method: 'HEAD', path: '/r' },
  { name: 'OPTIONS', method: 'OPTIONS', path: '/r' },
  { name: 'an aborted signal', method: 'GET', path: '/slow', init: () => ({ signal: AbortSignal.abort() }) },
  {
    name: 'middleware: onRequest edits the request, onResponse sees it',
    method: 'POST',
    path: '/m',
    init: () => ({ body: { a: 1 } }),
    middleware: () => [
      {
        onRequest({ request }: { request: Request }) {
          request.headers.set('x-mw', 'one');
        },
      },
      {
        async onRequest({ request, schemaPath }: { request: Request; schemaPath: string }) {
          return new Request(`${request.url}?from=${encodeURIComponent(schemaPath)}`, request);
        },
        onResponse({ response }: { response: Response }) {
          return new Response(`{"wrapped":${response.status}}`, { status: 200 });
        },
      },
    ],
  },
  {
    name: 'middleware: onRequest answers without a request',
    method: 'GET',
    path: '/m',
    middleware: () => [
      { onRequest: () => Response.json({ cached: true }) },
      { onResponse: () => new Response('never') },
    ],
  },
  {
    name: 'middleware: onError recovers an abort with a Response',
    method: 'GET',
    path: '/m',
    init: () => ({ signal: AbortSignal.abort() }),
    middleware: () => [{ onError: ({ error }: { error: unknown }) => Response.json({ recovered: String(error) }) }],
  },
  {
    name: 'middleware: onError replaces the error',
    method: 'GET',
    path: '/m',
    init: () => ({ signal: AbortSignal.abort() }),
    middleware: () => [{ onError: () => new Error('replaced') }],
  },
  {
    name: 'middleware per call',
    method: 'GET',
    path: '/m',
    init: () => ({
      middleware: [
        {
          onRequest: ({ request, params }: { request: Request; params: unknown }) => {
            request.headers.set('x-params', JSON.stringify(params));
          },
        },
      ],
      params: { query: { q: 1 } },
    }),
  },
];

const { ours, theirs } = await rawPair();

async function runBoth(c: Case, answer: Answer) {
  const results = [];
  for (const factory of [ours, theirs]) {
    const rec = recorder(answer);
    const client = factory({ baseUrl: BASE, ...c.client, fetch: rec.fetch });
    if (c.middleware) client.use(...c.middleware());
    const outcome = await outcomeOf(() => client.request(c.method.toLowerCase(), c.path, c.init?.()));
    results.push({ sent: rec.sent, outcome });
  }
  return results;
}

describe('the client core sends what openapi-fetch sends and returns what it returns', () => {
  test.each(CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    for (const [label, answer] of Object.entries(ANSWERS)) {
      const [mine, reference] = await runBoth(c, answer);
      expect(mine, label).toEqual(reference);
      expect(mine!.sent.length + JSON.stringify(mine!.outcome).length, label).toBeGreaterThan(0);
    }
  });

  test('the comparison has teeth: a different request or answer is seen', async () => {
    const [a] = await runBoth(
      { name: 'a', method: 'GET', path: '/a/{x}', init: () => ({ params: { path: { x: 'é' } } }) },
      ANSWERS['json 200']!,
    );
    const [b] = await runBoth(
      { name: 'b', method: 'GET', path: '/a/{x}', init: () => ({ params: { path: { x: 'e' } } }) },
      ANSWERS['json 200']!,
    );
    expect(a!.sent).not.toEqual(b!.sent);
    const [c] = await runBoth({ name: 'c', method: 'GET', path: '/a' }, ANSWERS['text 500']!);
    expect(c!.outcome).toMatchObject({ error: 'upstream exploded', status: 500, keys: ['error', 'response'] });
  });

  test('every method helper sends its method (TRACE: fetch refuses it, in both)', async () => {
    for (const method of ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE']) {
      const runs = [];
      for (const factory of [ours, theirs]) {
        const rec = recorder(ANSWERS['204']!);
        const client = factory({ baseUrl: BASE, fetch: rec.fetch }) as unknown as Record<
          string,
          (p: string, i?: unknown) => Promise<unknown>
        >;
        const body = method === 'GET' || method === 'HEAD' || method === 'TRACE' ? undefined : 1;
        const outcome = await outcomeOf(() => client[method]!('/m', { body }));
        runs.push({ sent: rec.sent, outcome });
      }
      expect(runs[0], method).toEqual(runs[1]);
      if (method === 'TRACE') expect(runs[0]!.outcome).toMatchObject({ thrown: { name: 'TypeError' } });
      else expect(runs[0]!.sent[0]!.method).toBe(method);
    }
  });

  test('use() refuses what is not a middleware, as openapi-fetch does; eject() removes one', async () => {
    for (const factory of [ours, theirs]) {
      const client = factory({ baseUrl: BASE, fetch: recorder(ANSWERS['204']!).fetch }) as unknown as {
        use(...m: unknown[]): void;
        eject(...m: unknown[]): void;
        request(m: string, p: string): Promise<unknown>;
      };
      expect(() => client.use({ nothing: true })).toThrow(/Middleware must be an object/);
      let seen = 0;
      const m = { onRequest: () => void seen++ };
      client.use(m);
      await client.request('get', '/a');
      client.eject(m);
      await client.request('get', '/a');
      expect(seen).toBe(1);
    }
  });
});
