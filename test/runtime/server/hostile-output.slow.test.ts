/**
 * client.ts, server.ts and stubs for the hostile corpus (test/fixtures/hostile): names and
 * descriptions that try to close comments and literals, colliding ids, reserved words. The
 * output (without validators, so the no-validator branch of the templates is covered) must
 * type-check and the sentinel `__pwned` must never be an identifier. Slow suite: the fast suite
 * already type-checks the hostile corpus with every emitter (test/generator/hostile.test.ts).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generate } from '../../../api/index.js';
import type { GeneratedFile } from '../../../generator/emitters/emitter.js';
import { compileOutput, ROOT } from '../../generator/helpers/compile-output.js';

const FIXTURES = path.join(ROOT, 'test/fixtures/hostile');

function identifiers(file: GeneratedFile, name: string): number {
  let hits = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name) hits++;
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file.path, file.contents, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS));
  return hits;
}

describe('hostile documents through the client, server and stubs emitters', () => {
  it('type-check, with the sentinel only ever inside literals and comments', async () => {
    const sets: Record<string, GeneratedFile[]> = {};
    for (const doc of readdirSync(FIXTURES)
      .filter((f) => /\.ya?ml$/.test(f))
      .sort()) {
      const name = doc.replace(/\W/g, '_');
      const result = await generate(
        {
          spec: path.join(FIXTURES, doc),
          overlays: [],
          out: `out/${name}`,
          stubs: `out/${name}-handlers`,
          check: false,
          clientFactoryName: 'createApiClient',
          plugins: ['types', 'client', 'server'],
        },
        { cwd: ROOT },
      );
      expect(result.files.map((f) => f.path)).toEqual(expect.arrayContaining(['client.ts', 'server.ts']));
      sets[name] = result.files;
      sets[`${name}-handlers`] = result.stubFiles;
    }
    const mine = Object.values(sets)
      .flat()
      .filter((f) => !f.path.startsWith('runtime/') && f.path !== 'types.ts');
    expect(mine.some((f) => f.contents.includes('__pwned'))).toBe(true);
    expect(mine.reduce((n, f) => n + identifiers(f, '__pwned'), 0)).toBe(0);
    const compiled = await compileOutput(sets);
    compiled.cleanup();
    expect(compiled.diagnostics).toBe('');
  }, 120_000);
});
