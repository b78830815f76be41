/**
 * The generated client's per-operation methods on the runtime's own core against the same client
 * built on openapi-fetch (what it was before): for every operation of our contract, of the
 * petstore and of a document with every parameter style in every location, the same requests byte
 * for byte (the token request included) and the same results, for JSON, empty, 204, non-JSON and
 * error answers. The corpus documents' operations: generated-client-differential.slow.test.ts.
 *
 * One deliberate difference from what the runtime sent before: a multipart/form-data body. It
 * used to go out with `Content-Type: multipart/form-data` written by createCoreClient, without the
 * boundary, so no server could read its parts; now both clients here (they share createCoreClient)
 * leave the type to fetch, which names the boundary (RFC 7578 §4.1). multipart.test.ts checks that
 * a server on 127.0.0.1 reads the parts.
 */
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadDocument } from '../../../generator/load/load-document.js';
import { normalize } from '../../../generator/ir/normalize.js';
import type { ApiModel } from '../../../generator/ir/model.js';
import { ANSWERS, compareOperations, generatedPair } from './helpers/differential.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

async function modelOf(spec: string, overlays: string[] = []): Promise<ApiModel> {
  const loaded = await loadDocument(path.join(ROOT, spec), { overlays: overlays.map((o) => path.join(ROOT, o)) });
  return normalize(loaded.document, { file: loaded.file });
}

/** One operation per location and style, for a primitive, an array and an object value each. */
function stylesDocument(): Record<string, unknown> {
  const schemas = {
    primitive: { type: 'string' },
    array: { type: 'array', items: { type: 'string' } },
    object: { type: 'object', properties: { k: { type: 'string' }, 'x y': { type: 'string' } } },
  };
  const styles: Record<string, string[]> = {
    path: ['simple', 'label', 'matrix'],
    query: ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject'],
    header: ['simple'],
    cookie: ['form'],
  };
  const paths: Record<string, unknown> = {};
  for (const [location, list] of Object.entries(styles))
    for (const style of list)
      for (const explode of [false, true])
        for (const [kind, schema] of Object.entries(schemas)) {
          if (style === 'deepObject' && kind !== 'object') continue;
          const id = `${location}_${style}_${explode ? 'explode' : 'flat'}_${kind}`;
          const name = `p_${kind}`;
          paths[location === 'path' ? `/${id}/{${name}}` : `/${id}`] = {
            get: {
              operationId: id,
              parameters: [{ name, in: location, required: location === 'path', style, explode, schema }],
              responses: { 200: { description: 'ok' } },
            },
          };
        }
  paths['/content_json'] = {
    get: {
      operationId: 'content_json',
      parameters: [{ name: 'filter', in: 'query', content: { 'application/json': { schema: { type: 'object' } } } }],
      responses: { 200: { description: 'ok' } },
    },
  };
  paths['/reserved'] = {
    get: {
      operationId: 'reserved',
      parameters: [{ name: 'r', in: 'query', allowReserved: true, schema: { type: 'string' } }],
      responses: { 200: { description: 'ok' } },
    },
  };
  for (const type of ['multipart/form-data', 'application/x-www-form-urlencoded', 'text/plain'])
    paths[`/body/${type.replace(/\W/g, '_')}`] = {
      post: {
        operationId: `body_${type.replace(/\W/g, '_')}`,
        requestBody: { required: true, content: { [type]: { schema: { type: 'object' } } } },
        responses: { 200: { description: 'ok' } },
      },
    };
  return { openapi: '3.1.0', info: { title: 'styles', version: '1' }, paths };
}

const pair = await generatedPair();

describe('the generated client sends what it sent on openapi-fetch and returns the same', () => {
  test('every operation of the contract (token request included), every answer', async () => {
    const model = await modelOf('spec/openapi.yaml', ['spec/rules.overlay.yaml', 'spec/sandbox.overlay.yaml']);
    expect(model.operations).toHaveLength(12);
    const { mismatches, calls } = await compareOperations(model, pair);
    expect(mismatches).toEqual([]);
    expect(calls).toBe(12 * 2 * Object.keys(ANSWERS).length);
  });

  test('every operation of the petstore', async () => {
    const model = await modelOf('node_modules/@readme/oas-examples/3.0/yaml/petstore-expanded.yaml');
    const { mismatches, calls } = await compareOperations(model, pair);
    expect(mismatches).toEqual([]);
    expect(calls).toBeGreaterThan(0);
  });

  test('every parameter style in every location, arrays and objects, JSON content, allowReserved, form and multipart bodies', async () => {
    const model = normalize(stylesDocument());
    expect(model.operations.length).toBeGreaterThan(40);
    const { mismatches } = await compareOperations(model, pair, {
      'json 200': ANSWERS['json 200']!,
      'text 500': ANSWERS['text 500']!,
    });
    expect(mismatches).toEqual([]);
  });

  test('an aborted call: the same apiError, nothing sent by either', async () => {
    const model = await modelOf('spec/openapi.yaml', ['spec/rules.overlay.yaml', 'spec/sandbox.overlay.yaml']);
    const { clientMeta, clientOptions, outcomeOf, recorder } = await import('./helpers/differential.js');
    const outcomes = [];
    for (const factory of [pair.ours, pair.theirs]) {
      const rec = recorder(ANSWERS['json 200']!);
      const client = factory(clientMeta(model), {
        ...clientOptions(rec.fetch),
        accessToken: 'held-token',
        clientId: undefined,
        clientSecret: undefined,
      } as never);
      const op = model.operations.find((o) => o.method === 'get')!;
      outcomes.push(
        await outcomeOf(() =>
          client.call(op.id, { signal: AbortSignal.abort(), params: { path: { customer_id: 'c' } } }),
        ),
      );
    }
    expect(outcomes[0]).toEqual(outcomes[1]);
    expect(outcomes[0]).toMatchObject({ apiError: { kind: 'network' } });
  });
});
