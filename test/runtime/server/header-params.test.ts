/**
 * Header parameters in the generated validators, router and client pre-flight: checked by
 * lower-case name, coerced to their schema types (arrays as `a,b`), with Accept, Content-Type and
 * Authorization ignored as OpenAPI says; handlers still see the raw header strings.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { generateInto, type Generated } from '../client/helpers/generated.js';

type Answer = { status: number; body: string | undefined };
type Router = {
  handle(r: { method: string; url: string; headers: Record<string, string>; body?: string }): Promise<Answer>;
};

let generated: Generated;
let router: Router;
const seen: Array<Record<string, string>> = [];

beforeAll(async () => {
  generated = await generateInto('header-params', {
    spec: 'test/runtime/server/fixtures/headers.yaml',
    overlays: [],
    stubs: undefined,
    clientFactoryName: 'createOrdersClient',
  });
  const server = await generated.load<{ createRouter: (o: unknown) => Router }>('server.ts');
  router = server.createRouter({
    handlers: {
      createOrder: ({ headers }: { headers: Record<string, string> }) => {
        seen.push(headers);
        return { status: 201, body: { id: 'o-1' } };
      },
    },
  });
});

const order = (headers: Record<string, string>) =>
  router.handle({
    method: 'POST',
    url: '/orders',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ item: 'x' }),
  });
const errors = (a: Answer) =>
  (JSON.parse(a.body ?? '{}') as { errors: Array<{ rule: string; pointer: string; in: string }> }).errors.map((e) => [
    e.rule,
    e.pointer,
    e.in,
  ]);

describe('header parameters on the server', () => {
  it('refuses a missing required header with its lower-case name, whatever the case sent', async () => {
    const missing = await order({});
    expect(missing.status).toBe(400);
    expect(errors(missing)).toEqual([['schema.required', '/x-request-id', 'headers']]);
    expect((await order({ 'X-Request-ID': 'abcdef12' })).status).toBe(201);
  });

  it('coerces integers and simple-style arrays before checking them', async () => {
    expect((await order({ 'x-request-id': 'abcdef12', 'x-retry-count': '3', 'x-tags': 'a, b' })).status).toBe(201);
    expect(errors(await order({ 'x-request-id': 'abcdef12', 'x-retry-count': '9' }))).toEqual([
      ['schema.maximum', '/x-retry-count', 'headers'],
    ]);
    expect(errors(await order({ 'x-request-id': 'abcdef12', 'x-retry-count': 'many' }))).toEqual([
      ['schema.type', '/x-retry-count', 'headers'],
    ]);
    expect(errors(await order({ 'x-request-id': 'abcdef12', 'x-tags': 'a,z' }))).toEqual([
      ['schema.enum', '/x-tags/1', 'headers'],
    ]);
    expect(errors(await order({ 'x-request-id': 'NOT HEX' }))).toEqual([
      ['schema.pattern', '/x-request-id', 'headers'],
    ]);
  });

  it('ignores a declared Accept header and hands handlers the raw strings', async () => {
    seen.length = 0;
    expect((await order({ 'x-request-id': 'abcdef12', 'x-retry-count': '2', accept: 'text/plain' })).status).toBe(201);
    expect(seen[0]).toMatchObject({ 'x-request-id': 'abcdef12', 'x-retry-count': '2' });
  });
});

describe('header parameters in the client pre-flight', () => {
  it('refuses to send without a required header, and sends with it', async () => {
    const runtime = await generated.load<{ toFetchHandler: (r: unknown) => typeof fetch }>('runtime/server/fetch.ts');
    const mod = await generated.load<{
      createOrdersClient: (o: unknown) => Record<
        string,
        (init: unknown) => Promise<{
          apiError?: { kind: string; violations?: Array<{ pointer: string; in: string }> };
          data?: unknown;
        }>
      >;
    }>('client.ts');
    const client = mod.createOrdersClient({
      baseUrl: 'http://orders.invalid',
      fetch: runtime.toFetchHandler(router),
      validateRequests: true,
    });
    const refused = await client.createOrder({ params: { header: { 'X-Retry-Count': 1 } }, body: { item: 'x' } });
    expect(refused.apiError?.kind).toBe('validation');
    expect(refused.apiError?.violations?.map((v) => [v.pointer, v.in])).toEqual([['/x-request-id', 'headers']]);
    const sent = await client.createOrder({
      params: { header: { 'X-Request-Id': 'abcdef12', 'X-Retry-Count': 1 } },
      body: { item: 'x' },
    });
    expect(sent.apiError).toBeUndefined();
    expect(sent.data).toEqual({ id: 'o-1' });
  });
});
