/**
 * The runtime package's public surface: named entry points only (packages/runtime/package.json
 * "exports"), each a barrel of packages/runtime/src/entries/, and what each loads. An optional
 * package (ajv, re2js, hono, the database drivers) is loaded only by the entry of its users, so an
 * app importing the generated client never loads it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const RUNTIME = path.join(import.meta.dirname, '../../packages/runtime');
const pkg = JSON.parse(readFileSync(path.join(RUNTIME, 'package.json'), 'utf8')) as {
  name: string;
  sideEffects: boolean;
  exports: Record<string, string | { types: string; default: string }>;
  typesVersions: Record<string, Record<string, string[]>>;
};

const ENTRIES = [
  'client',
  'server',
  'server/node-http',
  'server/fetch',
  'server/hono',
  'validators',
  'validators/ajv',
  'validators/re2',
  'webhooks',
  'payments',
  'payments/webhooks',
  'payments/webhooks/postgres',
  'payments/webhooks/sqlite',
  'contract',
  'telemetry',
];

/** The bare packages a source module loads at run time, following its relative imports (type-only
 * imports are dropped the way the compiler drops them). createRequire loads (the stores' drivers,
 * on first use) are not static loads. */
function loads(file: string, seen = new Set<string>(), out = new Set<string>()): Set<string> {
  if (seen.has(file)) return out;
  seen.add(file);
  const js = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  for (const { fileName: spec } of ts.preProcessFile(js, true, false).importedFiles) {
    if (spec.startsWith('.')) loads(path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts')), seen, out);
    else if (!isBuiltin(spec))
      out.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
  }
  return out;
}

describe('runtime package entry points', () => {
  test('"exports" lists the named entries and package.json, nothing by file path', () => {
    expect(Object.keys(pkg.exports)).toEqual([...ENTRIES.map((e) => `./${e}`), './package.json']);
    expect(pkg.sideEffects).toBe(false);
    for (const entry of ENTRIES) {
      expect(pkg.exports[`./${entry}`], entry).toEqual({
        types: `./dist/entries/${entry}/index.d.ts`,
        default: `./dist/entries/${entry}/index.js`,
      });
      // TypeScript's node10 resolution ignores "exports": typesVersions serves the same declarations.
      expect(pkg.typesVersions['*']![entry], entry).toEqual([`dist/entries/${entry}/index.d.ts`]);
      expect(existsSync(path.join(RUNTIME, 'src/entries', entry, 'index.ts')), entry).toBe(true);
    }
  });

  test('an optional package is loaded only by the entries of its users', () => {
    const loaded = Object.fromEntries(
      ENTRIES.map((e) => [e, [...loads(path.join(RUNTIME, 'src/entries', e, 'index.ts'))].sort()]),
    );
    expect(loaded).toEqual({
      client: [],
      server: [],
      'server/node-http': [],
      'server/fetch': [],
      'server/hono': ['hono'],
      validators: [],
      'validators/ajv': ['ajv'],
      'validators/re2': ['re2js'],
      webhooks: [],
      payments: [],
      'payments/webhooks': [],
      'payments/webhooks/postgres': [],
      'payments/webhooks/sqlite': [],
      contract: [],
      telemetry: [],
    });
  });

  test('the check sees a package a module loads, and not one it imports for types only', () => {
    const dir = path.join(RUNTIME, 'src/rules');
    expect([...loads(path.join(dir, 'ajv-instance.ts'))]).toContain('ajv');
    expect([...loads(path.join(dir, 'formats.ts'))]).toEqual([]);
  });
});
