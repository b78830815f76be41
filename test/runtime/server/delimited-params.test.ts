/**
 * Arrays written as one delimited value (OpenAPI `style`/`explode`): path `1,2`, query
 * `explode: false` with form (`a,b`), pipeDelimited (`x|y`) and spaceDelimited (`p%20q`) styles,
 * next to an exploded query array (`sizes=1&sizes=2`); read by the router, validated item by item,
 * and written the same way by the generated client.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { generateInto, type Generated } from '../client/helpers/generated.js';

type Answer = { status: number; body: string | undefined };
type Router = { handle(r: { method: string; url: string; headers: Record<string, string> }): Promise<Answer> };

let generated: Generated;
let router: Router;
const urls: string[] = [];

beforeAll(async () => {
  generated = await generateInto('delimited-params', {
    spec: 'test/runtime/server/fixtures/delimited.yaml',
    overlays: [],
    stubs: undefined,
    clientFactoryName: 'createItemsClient',
  });
  const server = await generated.load<{ createRouter: (o: unknown) => Router }>('server.ts');
  router = server.createRouter({
    handlers: {
      listItems: ({ params, query }: { params: unknown; query: unknown }) => ({ status: 200, body: { params, query } }),
    },
  });
});

const get = async (url: string) => {
  const a = await router.handle({ method: 'GET', url, headers: {} });
  return {
    status: a.status,
    json: JSON.parse(a.body ?? 'null') as {
      params?: unknown;
      query?: unknown;
      errors?: Array<{ rule: string; pointer: string; in: string }>;
    },
  };
};

describe('delimited array parameters on the server', () => {
  it('splits each on its delimiter and coerces the items', async () => {
    const r = await get('/items/1,2,3?tags=a,b&codes=x|y&words=p%20q&sizes=4&sizes=5');
    expect(r.status).toBe(200);
    expect(r.json.params).toEqual({ ids: [1, 2, 3] });
    expect(r.json.query).toEqual({ tags: ['a', 'b'], codes: ['x', 'y'], words: ['p', 'q'], sizes: [4, 5] });
  });

  it('points at the offending item', async () => {
    const bad = await get('/items/1,x?tags=a,z');
    expect(bad.status).toBe(400);
    expect(bad.json.errors?.map((e) => [e.rule, e.pointer, e.in])).toEqual([
      ['schema.type', '/ids/1', 'params'],
      ['schema.enum', '/tags/1', 'query'],
    ]);
  });
});

describe('delimited array parameters from the generated client', () => {
  it('writes them as the document says, and the router reads back the same arrays', async () => {
    const runtime = await generated.load<{ toFetchHandler: (r: unknown) => (q: Request) => Promise<Response> }>(
      'runtime/server/fetch.ts',
    );
    const handler = runtime.toFetchHandler(router);
    const recording = (q: Request) => {
      urls.push(q.url);
      return handler(q);
    };
    const mod = await generated.load<{
      createItemsClient: (o: unknown) => {
        listItems: (init: unknown) => Promise<{ data?: unknown; apiError?: unknown }>;
      };
    }>('client.ts');
    const client = mod.createItemsClient({ baseUrl: 'http://items.invalid', fetch: recording });
    const query = { tags: ['a', 'b'], codes: ['x', 'y'], words: ['p', 'q'], sizes: [4, 5] };
    const r = await client.listItems({ params: { path: { ids: [1, 2] }, query } });
    expect(r.apiError).toBeUndefined();
    expect(r.data).toEqual({ params: { ids: [1, 2] }, query });
    expect(decodeURIComponent(new URL(urls.at(-1)!).search)).toBe('?tags=a,b&codes=x|y&words=p q&sizes=4&sizes=5');
  });
});
