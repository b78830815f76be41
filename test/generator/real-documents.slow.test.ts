/**
 * Real documents nobody here wrote, all of them: every OpenAPI 3.0/3.1 example of
 * @readme/oas-examples and the GitHub REST description (@octokit/openapi, ~13 MB). Generate with
 * every registered emitter, then tsc the output in a temp dir.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { compileOutput, ROOT, type CompiledOutput } from './helpers/compile-output.js';
import {
  CORE_OUTPUTS,
  coreOnly,
  diagnosticsFor,
  generateAndCompile,
  setName,
  type RealRun,
} from './helpers/real-document-run.js';
import { readmeExamples } from './helpers/readme-examples.js';

/** Documents swagger-parser accepts (it does not validate schemas inside the document) that a
 * later stage refuses. Each must fail with the expected one-line CbpError, never a crash. (None
 * left: duplicate enum items, boolean exclusive bounds in 3.1 and bare mapping names are now
 * repaired by generator/load/normalize-slips.ts.) */
const KNOWN_REFUSALS: Record<string, { because: string; error: RegExp }> = {};

describe('@readme/oas-examples (all 3.0 and 3.1 documents)', () => {
  let run: RealRun;
  beforeAll(async () => {
    run = await generateAndCompile([...readmeExamples('3.0'), ...readmeExamples('3.1')]);
    for (const [name, message] of Object.entries(run.refused)) {
      console.log(`refused ${name}: ${KNOWN_REFUSALS[name]?.because ?? message.split('\n')[0]}`);
    }
  }, 600_000);
  afterAll(() => run?.compiled.cleanup());

  test('every document generates, except the known, explained refusals', () => {
    const unexpected = Object.keys(run.refused).filter((n) => !KNOWN_REFUSALS[n]?.error.test(run.refused[n]));
    expect(unexpected.map((n) => `${n}: ${run.refused[n]}`)).toEqual([]);
    expect(Object.keys(run.generated).length).toBeGreaterThan(40);
  });

  test('types.ts, operations.ts and runtime/ type-check', () => {
    expect(run.compiled.completed).toBe(true);
    expect(diagnosticsFor(run.compiled.diagnostics, CORE_OUTPUTS)).toEqual([]);
  });

  test('the whole output (all emitters) type-checks', () => {
    expect(run.compiled.diagnostics).toBe('');
  });
});

describe('GitHub REST API (@octokit/openapi api.github.com.json)', () => {
  const spec = path.join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json');
  let run: RealRun;
  let core: CompiledOutput;
  beforeAll(async () => {
    // No --max-old-space-size: the validators are data compiled on first use, so the whole output
    // of the largest corpus document fits the heap a host project's tsc gets.
    run = await generateAndCompile([spec]);
    // The core outputs on their own too, so their verdict does not depend on the others.
    core = await compileOutput(coreOnly(run.generated));
  }, 1_200_000);
  afterAll(() => {
    run?.compiled.cleanup();
    core?.cleanup();
  });

  test('generates, with one operation entry per operation', () => {
    expect(run.refused).toEqual({});
    const ops = run.generated[setName(spec)].find((f) => f.path === 'operations.ts')!.contents;
    expect(ops).toContain('"/repos/{owner}/{repo}/contents/{path}"');
    expect(ops.match(/^ {4}operationId: /gm)!.length).toBeGreaterThan(1000);
  });

  test('types.ts, operations.ts and runtime/ type-check (on their own)', () => {
    expect(core.completed).toBe(true);
    expect(core.diagnostics).toBe('');
  });

  test('the whole output (all emitters) type-checks', () => {
    expect(run.compiled.completed).toBe(true);
    expect(run.compiled.diagnostics).toBe('');
  });
});
