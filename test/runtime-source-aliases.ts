/**
 * Where the package's runtime subpaths ("exports" `./runtime/*.js` and `./runtime/payments/*.js`,
 * compiled in dist/) come from in this repository's sources, for vitest and for tsc over generated
 * output: tests exercise the sources, not a dist/ that may be older than them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NAME = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string }).name;

/** Longest prefix first: `runtime/payments/` is the kit, the rest of `runtime/` the core. */
export const RUNTIME_SOURCES: ReadonlyArray<{ specifier: string; dir: string }> = [
  { specifier: `${NAME}/runtime/payments/`, dir: path.join(ROOT, 'kits/payments/runtime/') },
  { specifier: `${NAME}/runtime/`, dir: path.join(ROOT, 'templates/runtime/') },
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** vite `resolve.alias` entries: `<name>/runtime/x/y.js` → `<root>/templates/runtime/x/y.ts`. */
export const runtimeSourceAliases = RUNTIME_SOURCES.map(({ specifier, dir }) => ({
  find: new RegExp(`^${escapeRegExp(specifier)}(.*)\\.js$`),
  replacement: `${dir}$1.ts`,
}));

/** tsconfig `compilerOptions.paths` entries with the same mapping. */
export const runtimeSourcePaths: Record<string, string[]> = Object.fromEntries(RUNTIME_SOURCES.map(({ specifier, dir }) => [`${specifier}*`, [`${dir}*`]]));
