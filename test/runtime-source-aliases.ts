/**
 * Where the runtime package's modules (`cross-border-payments-runtime/x/y.js`, "exports" `./*.js`
 * compiled in packages/runtime/dist/) come from in this repository's sources, for vitest and for
 * tsc over generated output: tests exercise the sources, not a dist/ that may be older than them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NAME = (JSON.parse(readFileSync(path.join(ROOT, 'packages/runtime/package.json'), 'utf8')) as { name: string })
  .name;

/** The runtime package's module prefix and its sources (the payments kit is its payments/ folder). */
export const RUNTIME_SOURCES: ReadonlyArray<{ specifier: string; dir: string }> = [
  { specifier: `${NAME}/`, dir: path.join(ROOT, 'packages/runtime/src/') },
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** vite `resolve.alias` entries: `<runtime>/x/y.js` → `<root>/packages/runtime/src/x/y.ts`. */
export const runtimeSourceAliases = RUNTIME_SOURCES.map(({ specifier, dir }) => ({
  find: new RegExp(`^${escapeRegExp(specifier)}(.*)\\.js$`),
  replacement: `${dir}$1.ts`,
}));

/** tsconfig `compilerOptions.paths` entries with the same mapping. */
export const runtimeSourcePaths: Record<string, string[]> = Object.fromEntries(
  RUNTIME_SOURCES.map(({ specifier, dir }) => [`${specifier}*`, [`${dir}*`]]),
);
