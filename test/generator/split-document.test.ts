/**
 * The splitter that derives the corpus's large multi-file description (bench/lib/split-document.ts),
 * on a small document: redocly split's layout, references rewritten relative to the file that holds
 * them, a shared subschema turned into a reference into the middle of another file, and the result
 * loads back to the same schemas.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { splitDocument } from '../../bench/lib/split-document.js';
import { loadDocument } from '../../generator/load/load-document.js';

const address = {
  type: 'object',
  description: 'A postal address, long enough to be worth sharing between two schemas of the document.',
  required: ['street', 'city', 'country'],
  properties: {
    street: { type: 'string', description: 'Street and number' },
    city: { type: 'string', description: 'City or town' },
    country: { type: 'string', description: 'ISO 3166-1 alpha-2 country code', pattern: '^[A-Z]{2}$' },
    postcode: { type: 'string', description: 'Postal code, where the country has them' },
  },
};

const doc = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {
    '/users/{id}': {
      get: {
        operationId: 'getUser',
        parameters: [{ $ref: '#/components/parameters/id' }],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/user' } } },
          },
        },
      },
    },
  },
  components: {
    parameters: { id: { name: 'id', in: 'path', required: true, schema: { type: 'string' } } },
    schemas: {
      user: { type: 'object', properties: { home: address, org: { $ref: '#/components/schemas/org' } } },
      org: { type: 'object', properties: { office: address } },
    },
  },
};

describe('splitDocument', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-split-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const result = splitDocument(doc, dir);
  const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');

  test("writes redocly split's layout with relative references", () => {
    expect(readdirSync(dir, { recursive: true }).map(String).sort()).toEqual([
      'components',
      'components/parameters',
      'components/parameters/id.yaml',
      'components/schemas',
      'components/schemas/org.yaml',
      'components/schemas/user.yaml',
      'openapi.yaml',
      'paths',
      'paths/users@{id}.yaml',
    ]);
    expect(read('openapi.yaml')).toContain('$ref: ./paths/users@{id}.yaml');
    expect(read('openapi.yaml')).not.toContain('components');
    expect(read('paths/users@{id}.yaml')).toContain('$ref: ../components/parameters/id.yaml');
    expect(read('paths/users@{id}.yaml')).toContain('$ref: ../components/schemas/user.yaml');
    expect(read('components/schemas/user.yaml')).toContain('$ref: ./org.yaml');
  });

  test('a subschema written again in a later schema becomes a reference into the first file', () => {
    expect(result.intoFiles).toBe(1);
    expect(read('components/schemas/org.yaml')).toContain('$ref: ./user.yaml#/properties/home');
  });

  test('loads back: the part referenced from another file becomes a component; the source is not modified', async () => {
    const { document } = await loadDocument(result.root);
    const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['home']));
    expect(JSON.stringify(document)).toContain(JSON.stringify(address.properties.country));
    expect(doc.components.schemas.org.properties.office).toBe(address);
  });
});
