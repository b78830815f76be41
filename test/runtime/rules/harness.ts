/**
 * Runs a keyword table against every way the output validates (ajv's own keyword tests run
 * against every instance configuration): the validators compiled on first use that the output
 * uses by default (the copied runtime's lazy-validators.ts over validators-data and the
 * validators-runtime.ts module), the standalone module the emitter would write, and an
 * in-process compiled validator. Modules are written under tmp/ (git-ignored) next to a copy of
 * packages/runtime/src, then imported.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createAjv } from '../../../generator/validation/create-ajv.js';
import { paymentKeywords, ruleKeywords } from '../../../kits/payments/keywords/index.js';
import { compileStandalone } from '../../../generator/validation/standalone.js';
import { type AjvValidateFn, toViolations } from 'cross-border-payments-runtime/validators';
import type * as LazyModule from 'cross-border-payments-runtime/validators/ajv';
import type { ValidatorData } from 'cross-border-payments-runtime/validators/ajv';
import type { RuleViolation } from 'cross-border-payments-runtime/client';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface KeywordTable {
  description: string;
  schema: Record<string, unknown>;
  tests: Array<{ description?: string; data: unknown; valid: boolean; rules?: string[]; pointers?: string[] }>;
}

export type Check = (data: unknown) => RuleViolation[];

function wrap(v: AjvValidateFn): Check {
  return (data) => (v(data) ? [] : toViolations(v.errors ?? [], 'body'));
}

export function inProcess(schema: Record<string, unknown>, openapi31 = true): Check {
  const ajv = createAjv({ openapi31, coerce: false, unicodeRegExp: true, unknownFormats: [], keywords: ruleKeywords });
  return wrap(ajv.compile(schema) as AjvValidateFn);
}

const created: string[] = [];

/** Removes the output directories this test file created (modules stay loaded). */
export function removeOutDirs(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A fresh output directory under tmp/ with runtime/ copied in. A name no other test file can
 * reuse (mkdtemp): a fork runs several files one after another under one pid, and a module
 * imported again from a reused path could come from the module cache, another file's schemas. */
export function outDir(label: string): string {
  mkdirSync(join(ROOT, 'tmp', 'h3-tests'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, 'tmp', 'h3-tests', `${label}-`));
  created.push(dir);
  cpSync(join(ROOT, 'packages', 'runtime', 'src'), join(dir, 'runtime'), { recursive: true });
  // What the emitted validators-runtime.ts holds with the payments plugin selected.
  const kit = relative(dir, join(ROOT, 'packages/runtime/src/payments/rules/index.js')).split(sep).join('/');
  const lines = ["export * from './runtime/rules/index.js';"];
  for (const k of ruleKeywords) {
    if (!paymentKeywords.includes(k)) lines.push(`export { ${k.factory} } from './runtime/rules/${k.name}.js';`);
  }
  lines.push(`export * from '${kit}';`, '');
  writeFileSync(join(dir, 'validators-runtime.ts'), lines.join('\n'));
  return dir;
}

export async function standalone(
  schemas: Record<string, Record<string, unknown>>,
  openapi31 = true,
): Promise<Record<string, Check>> {
  const ajv = createAjv({ openapi31, coerce: false, unicodeRegExp: true, unknownFormats: [], keywords: ruleKeywords });
  const code = compileStandalone(
    ajv,
    Object.entries(schemas).map(([name, schema]) => ({ name, schema, at: '' })),
    './validators-runtime.js',
  );
  const dir = outDir('standalone');
  const file = join(dir, 'validators-standalone.ts');
  writeFileSync(file, `// @ts-nocheck\n${code}`);
  const mod = (await import(pathToFileURL(file).href)) as Record<string, AjvValidateFn>;
  return Object.fromEntries(Object.keys(schemas).map((n) => [n, wrap(mod[n])]));
}

/** The default path: validators-data as the emitter writes it for one schema, compiled on first use
 * by the copied runtime with the copied validators-runtime.ts as the factories' table. */
type Schemas = Record<string, Record<string, unknown>>;

export async function lazy(schemas: Schemas, openapi31 = true): Promise<Record<string, Check>> {
  const dir = outDir('lazy');
  const url = (path: string) => pathToFileURL(join(dir, path)).href;
  const runtime = (await import(url('validators-runtime.ts'))) as Record<string, unknown>;
  const { createLazyValidators } = (await import(url('runtime/rules/lazy-validators.ts'))) as typeof LazyModule;
  const data: ValidatorData = {
    openapi31,
    unicodeRegExp: true,
    unknownFormats: [],
    features: [],
    inlineRefs: true,
    keywords: ruleKeywords.map((k) => ({ keyword: k.keyword, factory: k.factory, extra: k.extraArgs() })),
    components: { $id: 'https://cbp.invalid/components.json', $defs: {} },
    schemas,
    paramSchemas: {},
    operations: {},
    webhooks: {},
  };
  const { raw } = createLazyValidators(data, runtime);
  return Object.fromEntries(Object.keys(schemas).map((n) => [n, wrap(raw[n] as AjvValidateFn)]));
}

/** Compact view of an outcome for assertions. */
export function summary(vs: RuleViolation[]): string[] {
  return vs.map((v) => `${v.rule} ${v.pointer}`);
}

/** Registers one vitest case per row, against both validators. */
export async function runTable(
  table: KeywordTable,
  t: { it: typeof import('vitest').it; expect: typeof import('vitest').expect },
): Promise<void> {
  // 2020-12 (OpenAPI 3.1) and draft-07 (OpenAPI 3.0), each compiled on first use (the default
  // output), standalone and in process.
  const variants: Array<[string, Check]> = [
    ['lazy', (await lazy({ s: table.schema })).s],
    ['draft-07 lazy', (await lazy({ s: table.schema }, false)).s],
    ['in-process', inProcess(table.schema)],
    ['standalone', (await standalone({ s: table.schema })).s],
    ['draft-07 in-process', inProcess(table.schema, false)],
    ['draft-07 standalone', (await standalone({ s: table.schema }, false)).s],
  ];
  for (const [label, check] of variants) {
    for (const c of table.tests) {
      t.it(`${label}: ${c.description ?? JSON.stringify(c.data)}`, () => {
        const out = check(c.data);
        t.expect(out.length === 0, JSON.stringify(out)).toBe(c.valid);
        if (c.rules) t.expect(summary(out)).toEqual(c.rules);
      });
    }
  }
}
