/**
 * The client finds a request's operation without the route table when the document's paths are
 * literal segments and whole `{param}` segments that no URL could fit twice; it must then find
 * exactly what the route table finds (server/route-table.ts, no length limit), and hand every
 * other document to the table.
 */
import fc from 'fast-check';
import { simpleOperationMatcher } from '../../../packages/runtime/src/client/operation-match.js';
import { compileRoutes } from 'cross-border-payments-runtime/server';
import { describe, expect, it } from 'vitest';

const METHODS = ['get', 'post', 'put', 'delete'];
const literal = fc.constantFrom('a', 'b', 'pets', 'mine', '', 'x%20y');
const segment = fc.oneof(literal, fc.constantFrom('{id}', '{other}', '{name}.json', 'v{n}'));
const template = fc.array(segment, { minLength: 0, maxLength: 4 }).map((s) => `/${s.join('/')}`);
const routes = fc.array(fc.record({ method: fc.constantFrom(...METHODS), path: template }), {
  minLength: 1,
  maxLength: 6,
});
const pathSegment = fc.oneof(literal, fc.constantFrom('42', 'mine.json', 'v1', '%zz', '%41', '{id}'));
const pathname = fc.array(pathSegment, { minLength: 0, maxLength: 5 }).map((s) => `/${s.join('/')}`);

describe('the client matches its operations like the route table', () => {
  it('finds the same operation for every method and path, or defers to the table', () => {
    let simpleDocuments = 0;
    fc.assert(
      fc.property(
        routes,
        fc.array(fc.tuple(fc.constantFrom(...METHODS, 'GET', 'patch'), pathname), { minLength: 1, maxLength: 8 }),
        (given, requests) => {
          const inputs = given.map((r, i) => ({ ...r, value: i }));
          const simple = simpleOperationMatcher(inputs);
          if (!simple) return;
          simpleDocuments++;
          const table = compileRoutes(inputs, { maxPathLength: Number.POSITIVE_INFINITY });
          for (const [method, path] of requests) {
            const m = table.match(method, path);
            expect(simple(method, path), `${method} ${path} in ${JSON.stringify(given)}`).toBe(
              m.kind === 'found' ? m.value : undefined,
            );
          }
        },
      ),
      { numRuns: 2000 },
    );
    // The property is not vacuous: most random documents are simple.
    expect(simpleDocuments).toBeGreaterThan(200);
  });

  it('defers to the route table for a segment with text around a parameter, or two paths one URL fits', () => {
    expect(simpleOperationMatcher([{ method: 'get', path: '/files/{name}.json', value: 1 }])).toBeUndefined();
    expect(
      simpleOperationMatcher([
        { method: 'get', path: '/pets/mine', value: 1 },
        { method: 'get', path: '/pets/{id}', value: 2 },
      ]),
    ).toBeUndefined();
    const m = simpleOperationMatcher([
      { method: 'get', path: '/pets/{id}', value: 1 },
      { method: 'delete', path: '/pets/{petId}', value: 2 },
      { method: 'get', path: '/pets', value: 3 },
    ]);
    expect(m?.('GET', '/pets/7')).toBe(1);
    expect(m?.('DELETE', '/pets/7')).toBe(2);
    expect(m?.('POST', '/pets/7')).toBeUndefined();
    expect(m?.('GET', '/pets/')).toBeUndefined();
    expect(m?.('GET', '/pets/%zz')).toBeUndefined();
  });
});

describe('a client whose document needs the route table', () => {
  it('loads it and sends each operation the credentials of the operation the URL belongs to', async () => {
    const { createCoreClient } = await import('cross-border-payments-runtime/client');
    const sent: Array<{ url: string; key: string | null }> = [];
    const core = createCoreClient(
      {
        operations: [
          // As the generator marks them: either path can be the URL of the other's.
          { id: 'listMine', method: 'get', path: '/pets/mine', security: [], matchByUrl: true },
          { id: 'getPet', method: 'get', path: '/pets/{id}', security: [['key']], matchByUrl: true },
        ],
        schemes: { key: { type: 'apiKey', in: 'header', name: 'x-key' } },
      },
      {
        baseUrl: 'http://127.0.0.1:9/api',
        apiKey: 'k-1',
        retry: false,
        fetch: async (request) => {
          sent.push({ url: request.url, key: request.headers.get('x-key') });
          return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
        },
      },
    );
    await core.call('getPet', { params: { path: { id: '7' } } });
    await core.call('listMine', {});
    // The URL of getPet with id "mine" is listMine's, as the server routes it: no key.
    await core.call('getPet', { params: { path: { id: 'mine' } } });
    await (core.raw as unknown as { GET: (p: string, o: unknown) => Promise<unknown> }).GET('/pets/{id}', {
      params: { path: { id: '8' } },
    });
    expect(sent).toEqual([
      { url: 'http://127.0.0.1:9/api/pets/7', key: 'k-1' },
      { url: 'http://127.0.0.1:9/api/pets/mine', key: null },
      { url: 'http://127.0.0.1:9/api/pets/mine', key: null },
      { url: 'http://127.0.0.1:9/api/pets/8', key: 'k-1' },
    ]);
  });
});
