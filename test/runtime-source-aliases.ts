/**
 * Where the runtime package's named entries (`cross-border-payments-runtime/server`, "exports" of
 * packages/runtime/package.json, compiled in packages/runtime/dist/) come from in this repository's
 * sources, for vitest and for tsc over generated output: tests exercise the sources (the entry
 * barrels in packages/runtime/src/entries/), not a dist/ that may be older than them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NAME = (JSON.parse(readFileSync(path.join(ROOT, 'packages/runtime/package.json'), 'utf8')) as { name: string })
  .name;

/** The runtime package's entry prefix and the folder of its entry barrels (`<dir><entry>/index.ts`). */
export const RUNTIME_SOURCES: ReadonlyArray<{ specifier: string; dir: string }> = [
  { specifier: `${NAME}/`, dir: path.join(ROOT, 'packages/runtime/src/entries/') },
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** The source barrel of a runtime entry specifier (`<runtime>/server` → …/entries/server/index.ts). */
export function runtimeSourceOf(specifier: string): string | undefined {
  const source = RUNTIME_SOURCES.find((r) => specifier.startsWith(r.specifier));
  return source === undefined ? undefined : `${source.dir}${specifier.slice(source.specifier.length)}/index.ts`;
}

/** vite `resolve.alias` entries: `<runtime>/x/y` → `<root>/packages/runtime/src/entries/x/y/index.ts`. */
export const runtimeSourceAliases = RUNTIME_SOURCES.map(({ specifier, dir }) => ({
  find: new RegExp(`^${escapeRegExp(specifier)}([a-z/-]+)$`),
  replacement: `${dir}$1/index.ts`,
}));

/** tsconfig `compilerOptions.paths` entries with the same mapping. */
export const runtimeSourcePaths: Record<string, string[]> = Object.fromEntries(
  RUNTIME_SOURCES.map(({ specifier, dir }) => [`${specifier}*`, [`${dir}*/index.ts`]]),
);
