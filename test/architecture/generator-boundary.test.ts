/**
 * "The generator knows no payment" (ARCHITECTURE.md, What may import what), checked on the words
 * the layer test cannot see: generator/ names no operation id of the service description's
 * document (spec/openapi.yaml) and no kit plugin of the registry. What a kit claims (its config
 * shorthand, its packaged contract, its tool-profile success codes) is declared in its folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { plugins } from '../../api/plugins.js';
import { corePlugins } from '../../generator/plugins/index.js';

const root = path.resolve(import.meta.dirname, '../..');

/** generator/'s sources and templates (the OpenAPI JSON Schemas it validates with are data). */
const sources = readdirSync(path.join(root, 'generator'), { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.(ts|mts|mjs|js|hbs)$/.test(f))
  .map((f) => path.posix.join('generator', f.split(path.sep).join('/')));

type Document = { paths: Record<string, Record<string, unknown>> };
const document = parse(readFileSync(path.join(root, 'spec/openapi.yaml'), 'utf8')) as Document;
const operationIds = Object.values(document.paths).flatMap((item) =>
  Object.values(item).flatMap((op) => {
    const id = (op as { operationId?: unknown } | null)?.operationId;
    return typeof id === 'string' ? [id] : [];
  }),
);
const kits = plugins.filter((p) => !corePlugins.includes(p)).map((p) => p.name);

/** The npm package names, which are not a kit's (the runtime package is `cross-border-payments-runtime`). */
const PACKAGES = /cross-border-payments-(runtime|toolkit)/g;
/** The words of a file, without the package names. */
const text = (file: string) => readFileSync(path.join(root, file), 'utf8').replace(PACKAGES, 'PACKAGE');
const wordsOf = (words: readonly string[], flags = '') => new RegExp(`\\b(${words.join('|')})\\b`, flags);

/** `file:line: word` for every whole-word hit of `words` (case-insensitive when asked). */
function hits(words: readonly string[], flags = ''): string[] {
  const pattern = wordsOf(words, flags);
  return sources.flatMap((file) =>
    text(file)
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('generator/ holds no payment knowledge', () => {
  test('the lists it checks are not empty (a check over nothing passes vacuously)', () => {
    expect(sources.length).toBeGreaterThan(50);
    expect(operationIds).toContain('createPayment');
    expect(kits).toEqual(['payments']);
  });

  test("no operation id of the service's document", () => {
    expect(hits(operationIds)).toEqual([]);
  });

  test('no kit plugin name (e.g. payments)', () => {
    expect(hits(kits, 'i')).toEqual([]);
  });

  test('the check finds what it looks for', () => {
    expect(wordsOf(kits, 'i').test("const STATE_TABLE_PLUGIN = 'payments';")).toBe(true);
    expect(wordsOf(operationIds).test('  createPayment: "201",')).toBe(true);
    const runtimeImport = "import x from 'cross-border-payments-runtime/validators';".replace(PACKAGES, 'PACKAGE');
    expect(wordsOf(kits, 'i').test(runtimeImport)).toBe(false);
  });
});
