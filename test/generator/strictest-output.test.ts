/**
 * Host projects often compile with @tsconfig/strictest (noUncheckedIndexedAccess,
 * exactOptionalPropertyTypes, noPropertyAccessFromIndexSignature, unused locals and parameters):
 * the committed output for spec/ (generated/, payments kit included) and the petstore golden
 * output must type-check there too, runtime/ and every emitted file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { GeneratedFile } from '../../generator/emitters/emitter.js';
import { compileOutput, ROOT, type CompiledOutput } from './helpers/compile-output.js';
import { diagnosticsFor } from './helpers/real-document-run.js';

function readTree(dir: string): GeneratedFile[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => {
      const full = path.join(e.parentPath, e.name);
      return { path: path.relative(dir, full).split(path.sep).join('/'), contents: readFileSync(full, 'utf8') };
    });
}

describe('generated output under @tsconfig/strictest', () => {
  let compiled: CompiledOutput;
  beforeAll(async () => {
    compiled = await compileOutput(
      {
        spec: readTree(path.join(ROOT, 'generated')),
        petstore: readTree(path.join(ROOT, 'test/generator/golden/petstore-expanded')),
      },
      { strictest: true },
    );
  }, 300_000);
  afterAll(() => compiled?.cleanup());

  test('tsc ran to the end', () => {
    expect(compiled.completed).toBe(true);
  });

  test('no diagnostic in any emitted or runtime file', () => {
    expect(diagnosticsFor(compiled.diagnostics, /./)).toEqual([]);
    expect(compiled.diagnostics).toBe('');
  });
});
