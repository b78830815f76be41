/**
 * Provider descriptions shipped in npm packages (3.0 and 3.1), generated with every emitter and
 * type-checked together. The GitHub REST description and @readme/oas-examples run in
 * real-documents.slow.test.ts; the multi-file case (by URL) in document-slips.test.ts.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROOT } from './helpers/compile-output.js';
import { generateAndCompile, type RealRun } from './helpers/real-document-run.js';

const CORPUS = [
  '@blockfrost/openapi/openapi.yaml', // 3.0.3; `type: null` members repaired
  '@ideal-postcodes/openapi/dist/openapi.json', // 3.0.3
  'shipengine-openapi/openapi.yaml', // 3.0.0
  'rclone-openapi/openapi.yaml', // 3.1.0
  '@figma/rest-api-spec/openapi/openapi.yaml', // 3.1.0
].map((f) => path.join(ROOT, 'node_modules', f));

describe('provider descriptions from npm packages', () => {
  let run: RealRun;
  beforeAll(async () => {
    run = await generateAndCompile(CORPUS, { maxOldSpaceMb: 4096 });
  }, 1_800_000);
  afterAll(() => run?.compiled.cleanup());

  test('every document generates', () => {
    expect(run.refused).toEqual({});
    expect(Object.keys(run.generated)).toHaveLength(CORPUS.length);
  });

  test('the whole output type-checks', () => {
    expect(run.compiled.completed).toBe(true);
    expect(run.compiled.diagnostics).toBe('');
  });
});
