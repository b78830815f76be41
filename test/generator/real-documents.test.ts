/**
 * Real documents nobody here wrote (a representative set of @readme/oas-examples 3.0 and 3.1):
 * generate with every registered emitter, then tsc the output. The full set and the GitHub REST
 * document run in real-documents.slow.test.ts.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CORE_OUTPUTS, diagnosticsFor, generateAndCompile, type RealRun } from './helpers/real-document-run.js';
import { README_EXAMPLES } from './helpers/readme-examples.js';

const REPRESENTATIVE = [
  '3.0/yaml/petstore-expanded.yaml',
  '3.0/yaml/callbacks.yaml',
  '3.0/yaml/parameters-style.yaml',
  '3.0/yaml/schema-circular.yaml',
  '3.0/yaml/polymorphism.yaml',
  '3.0/yaml/server-variables.yaml',
  '3.1/yaml/webhooks.yaml',
  '3.1/yaml/train-travel.yaml',
  '3.1/yaml/schema-types.yaml',
  '3.1/yaml/security.yaml',
].map((f) => path.join(README_EXAMPLES, f));

let run: RealRun;
beforeAll(async () => {
  run = await generateAndCompile(REPRESENTATIVE);
}, 120_000);
afterAll(() => run?.compiled.cleanup());

describe('@readme/oas-examples (representative)', () => {
  test('every document generates', () => {
    expect(run.refused).toEqual({});
    expect(Object.keys(run.generated)).toHaveLength(REPRESENTATIVE.length);
  });

  test('types.ts, operations.ts and runtime/ type-check', () => {
    expect(run.compiled.completed).toBe(true);
    expect(diagnosticsFor(run.compiled.diagnostics, CORE_OUTPUTS)).toEqual([]);
  });

  test('the whole output (all emitters) type-checks', () => {
    expect(run.compiled.diagnostics).toBe('');
  });
});
