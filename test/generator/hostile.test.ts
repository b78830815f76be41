/**
 * The hostile-document corpus (test/fixtures/hostile/*.yaml): names and descriptions that try to
 * close comments and literals, reserved words, colliding and missing operationIds, keys that are
 * not identifiers. Generate with every emitter, tsc the output, prove the sentinel
 * `globalThis.__pwned` is never code (no identifier node in any generated AST) and never runs.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generate } from '../../generator/generate.js';
import type { GeneratedFile } from '../../generator/emitters/emitter.js';
import { compileOutput, ROOT, type CompiledOutput } from './helpers/compile-output.js';

const run = promisify(execFile);
const FIXTURES = path.join(ROOT, 'test/fixtures/hostile');
const documents = readdirSync(FIXTURES)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort();

function identifiersNamed(file: GeneratedFile, name: string): string[] {
  const source = ts.createSourceFile(file.path, file.contents, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const hits: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name)
      hits.push(`${file.path}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return hits;
}

/** Generates every hostile document with the given plugins (default: the default selection). */
async function generateAll(emitters?: string[]): Promise<Record<string, GeneratedFile[]>> {
  const outputs: Record<string, GeneratedFile[]> = {};
  for (const doc of documents) {
    const result = await generate(
      {
        spec: path.join(FIXTURES, doc),
        overlays: [],
        out: 'unused',
        check: false,
        clientFactoryName: 'createApiClient',
        plugins: emitters,
      },
      { cwd: ROOT },
    );
    outputs[doc.replace(/\W/g, '_')] = result.files;
  }
  return outputs;
}

describe('hostile documents, every registered emitter', () => {
  test('generate, and the whole output type-checks with no sentinel as code', async () => {
    const outputs = await generateAll();
    const all = await compileOutput(outputs);
    all.cleanup();
    expect(all.diagnostics).toBe('');
    expect(
      Object.values(outputs)
        .flat()
        .flatMap((f) => identifiersNamed(f, '__pwned')),
    ).toEqual([]);
  }, 120_000);
});

const CORE = ['types', 'operations'];
let outputs: Record<string, GeneratedFile[]> = {};
let compiled: CompiledOutput;

beforeAll(async () => {
  outputs = await generateAll(CORE);
  compiled = await compileOutput(outputs, { emit: true });
}, 120_000);
afterAll(() => compiled?.cleanup());

describe('hostile documents, core plugins (types, operations)', () => {
  test('there is a corpus', () => expect(documents.length).toBeGreaterThanOrEqual(2));

  test('the generated code type-checks', () => {
    expect(compiled.diagnostics).toBe('');
  });

  test('the sentinel appears in the output, but only inside literals and comments', () => {
    const all = Object.values(outputs).flat();
    expect(all.some((f) => f.contents.includes('globalThis.__pwned=1'))).toBe(true);
    expect(all.flatMap((f) => identifiersNamed(f, '__pwned'))).toEqual([]);
  });

  test('importing every generated module does not run document text', async () => {
    const jsFiles = readdirSync(path.join(compiled.dir, 'js'), { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.js'),
    );
    expect(jsFiles.length).toBeGreaterThan(0);
    const script =
      `for (const f of ${JSON.stringify(jsFiles)}) await import('./js/' ` +
      `+ f);\nprocess.stdout.write(String(globalThis.__pwned));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: compiled.dir });
    expect(stdout).toBe('undefined');
  });

  test('operations.ts keeps the document strings exactly (as data)', async () => {
    const js = path.join(compiled.dir, 'js', 'hostile_3_1_yaml', 'operations.js');
    const script =
      `const m = await import(${JSON.stringify(js)}); process.stdout.write(JSON.stringify({ ids: ` +
      `m.operationIds, title: m.apiInfo.title, path: Object.values(m.operations).map((o) => o.path) }));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: compiled.dir });
    const seen = JSON.parse(stdout) as { ids: string[]; title: string; path: string[] };
    expect(seen.title).toBe('Hostile */ globalThis.__pwned=1; /* `${globalThis.__pwned=1}` "\'');
    expect(seen.path).toContain('/weird/{id}/`${globalThis.__pwned=1}`/\'"');
    expect(seen.ids).toEqual(expect.arrayContaining(['delete_', 'class_', 'dup', 'dup2', 'constructor_', 'proto']));
    expect(new Set(seen.ids).size).toBe(seen.ids.length);
    expect(readFileSync(path.join(FIXTURES, 'hostile-3.1.yaml'), 'utf8')).toContain('__pwned');
  });
});
