/**
 * One parameter of each style (path simple, label, matrix; query form, spaceDelimited,
 * pipeDelimited, deepObject; header simple; cookie form) from a generated client to the
 * generated node-http router on 127.0.0.1, and back as typed values; cookie parameters are
 * validated like the others.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInto, type Generated } from './client/helpers/generated.js';

type WireHeaders = Readonly<{ cookie?: string; 'x-color'?: string; 'x-ids'?: string }>;
type Call = (init: unknown) => Promise<{ data?: unknown; error?: unknown; apiError?: unknown; response?: Response }>;

let generated: Generated;
let server: Server;
let baseUrl: string;
let client: { readColors: Call };
const seen: Array<{ url: string; headers: WireHeaders }> = [];

beforeAll(async () => {
  generated = await generateInto('parameter-styles', {
    spec: 'test/runtime/fixtures/parameter-styles.yaml',
    overlays: [],
    clientFactoryName: 'createColorsClient',
    plugins: ['types', 'operations', 'validators', 'client', 'server', 'node-http'],
  });
  const { createRouter } = await generated.load<{ createRouter: (o: unknown) => unknown }>('server.ts');
  const { toNodeListener } = await generated.load<{ toNodeListener: (r: unknown) => (q: unknown, s: unknown) => void }>(
    'runtime/server/node-http.ts',
  );
  const router = createRouter({
    handlers: {
      readColors: (r: { params: unknown; query: unknown; headers: WireHeaders; cookies: unknown }) => ({
        status: 200,
        body: {
          params: r.params,
          query: r.query,
          cookies: r.cookies,
          headers: { 'x-color': r.headers['x-color'], 'x-ids': r.headers['x-ids'], cookie: r.headers.cookie },
        },
      }),
    },
  });
  const listener = toNodeListener(router);
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers as WireHeaders });
    listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const mod = await generated.load<{ createColorsClient: (o: unknown) => typeof client }>('client.ts');
  client = mod.createColorsClient({ baseUrl });
});

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

const params = {
  path: { simple: [1, 2], label: ['a', 'b'], matrix: { R: 100, G: 200, B: 150 } },
  query: {
    point: { x: 3, y: 4 },
    ids: [5, 6],
    words: ['p', 'q'],
    size: { w: 7, h: 8 },
    filter: { status: 'open', min: 9 },
  },
  header: { 'X-Color': { R: 1, G: 2, B: 3 }, 'X-Ids': [10, 11] },
  cookie: { session: 42, prefs: { lang: 'en', dark: true }, seen: ['x', 'y'] },
};

describe('every parameter style from the generated client to the generated router', () => {
  it('is written as the document says and read back as typed values', async () => {
    const r = await client.readColors({ params });
    expect(r.apiError).toBeUndefined();
    const wire = seen.at(-1);
    expect(wire?.url).toBe(
      '/colors/1,2/.a.b/;R=100;G=200;B=150?x=3&y=4&ids=5,6&words=p%20q&size=w|7|h|8&filter[status]=open&filter[min]=9',
    );
    expect(wire?.headers['x-color']).toBe('R=1,G=2,B=3');
    expect(wire?.headers['x-ids']).toBe('10,11');
    expect(wire?.headers.cookie).toBe('session=42; prefs=lang,en,dark,true; seen=x; seen=y');
    expect(r.data).toEqual({
      params: params.path,
      query: params.query,
      cookies: params.cookie,
      headers: {
        'x-color': 'R=1,G=2,B=3',
        'x-ids': '10,11',
        cookie: 'session=42; prefs=lang,en,dark,true; seen=x; seen=y',
      },
    });
  });

  const raw = async (path: string, headers: Record<string, string>) => {
    const res = await fetch(`${baseUrl}${path}`, { headers });
    return {
      status: res.status,
      body: (await res.json()) as { errors?: Array<{ rule: string; pointer: string; in?: string }> },
    };
  };
  const ok = '/colors/1/.a/;R=1;G=2;B=3';

  it('answers a missing required cookie with 400 and a pointer', async () => {
    const r = await raw(ok, {});
    expect(r.status).toBe(400);
    expect(r.body.errors?.map((e) => [e.rule, e.pointer, e.in])).toEqual([['schema.required', '/session', 'cookies']]);
  });

  it('answers wrong values in cookies, headers and deepObject members with 400 and pointers', async () => {
    const r = await raw(`${ok}?filter[status]=lost&filter[min]=-1`, {
      cookie: 'session=abc; prefs=lang,en,dark,maybe',
      'x-color': 'R=x',
    });
    expect(r.status).toBe(400);
    // Validation stops at the first violation of each part: one per part here.
    expect(r.body.errors?.map((e) => `${e.in} ${e.pointer} ${e.rule}`).sort()).toEqual([
      'cookies /session schema.type',
      'headers /x-color/R schema.type',
      'query /filter/status schema.enum',
    ]);
    const rest = await raw(`${ok}?filter[status]=open&filter[min]=-1`, {
      cookie: 'session=42; prefs=lang,en,dark,maybe',
    });
    expect(rest.status).toBe(400);
    expect(rest.body.errors?.map((e) => `${e.in} ${e.pointer} ${e.rule}`).sort()).toEqual([
      'cookies /prefs/dark schema.type',
      'query /filter/min schema.minimum',
    ]);
  });

  it('answers text that breaks its style with 400 naming the parameter', async () => {
    const r = await raw('/colors/1/a/;R=1', { cookie: 'session=1' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      expect.objectContaining({ rule: 'request.malformed-parameter', pointer: '/label', in: 'params' }),
    ]);
  });
});
