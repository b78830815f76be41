/**
 * The corpus documents' operations through the generated client on the runtime's own core and on
 * openapi-fetch (generated-client-differential.test.ts does our contract, the petstore and every
 * parameter style): the same requests byte for byte and the same results, for a JSON answer, a
 * non-JSON error and a 204, with every parameter given (two value sets) and a body of each
 * operation's preferred media type.
 */
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadDocument } from '../../../generator/load/load-document.js';
import { normalize } from '../../../generator/ir/normalize.js';
import { ANSWERS, compareOperations, generatedPair } from './helpers/differential.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The corpus of test/generator/corpus.slow.test.ts. */
const CORPUS = [
  '@blockfrost/openapi/openapi.yaml',
  '@ideal-postcodes/openapi/dist/openapi.json',
  'shipengine-openapi/openapi.yaml',
  '@directus/specs/dist/openapi.json',
  'rclone-openapi/openapi.yaml',
  '@figma/rest-api-spec/openapi/openapi.yaml',
  '@gitbook/api/spec/openapi.yaml',
  '@octokit/openapi-webhooks/generated/api.github.com.json',
  '@interledger/open-payments/dist/openapi/specs/wallet-address-server.yaml',
  '@interledger/open-payments/dist/openapi/specs/auth-server.yaml',
  '@interledger/open-payments/dist/openapi/specs/resource-server.yaml',
];

const pair = await generatedPair();
const answers = { 'json 200': ANSWERS['json 200']!, 'text 500': ANSWERS['text 500']!, '204': ANSWERS['204']! };
let operations = 0;

describe('the corpus documents: the generated client on its own core sends and returns what it did on openapi-fetch', () => {
  test.each(CORPUS)('%s', async (file) => {
    const loaded = await loadDocument(path.join(ROOT, 'node_modules', file));
    const model = normalize(loaded.document, { file: loaded.file });
    const { mismatches, calls } = await compareOperations(model, pair, answers);
    operations += model.operations.length;
    expect(mismatches.slice(0, 3)).toEqual([]);
    expect(calls).toBe(model.operations.length * 2 * 3);
  });

  test('covers the corpus operations', () => {
    console.log(`differential: ${operations} corpus operations, each with 2 value sets x 3 answers`);
    expect(operations).toBeGreaterThan(900);
  });
});
