/**
 * Tools the toolkit borrows from the host project (prettier, biome, ...): resolved from the
 * project's own package.json first, then from this package, and loaded the way Node loads them
 * outside any test runner or bundler. A CommonJS entry loaded with `import()` exposes only what
 * Node's static export detection finds as named exports (prettier 3's index.cjs: none of its
 * API), so its API is `module.exports`, the namespace's `default`; an ES module's is the
 * namespace itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The file `id` resolves to from the project at `cwd`, else from this package; undefined when neither has it. */
export function resolveFromProject(cwd: string, id: string): string | undefined {
  for (const base of [path.join(cwd, 'package.json'), import.meta.url]) {
    try {
      return createRequire(base).resolve(id);
    } catch {
      // Not installed there.
    }
  }
  return undefined;
}

/** Loads `id` as the project at `cwd` would; undefined when it is not installed. */
export async function importFromProject<T>(cwd: string, id: string): Promise<T | undefined> {
  const file = resolveFromProject(cwd, id);
  if (file === undefined) return undefined;
  const ns = (await import(pathToFileURL(file).href)) as { default?: unknown };
  return (isCommonJs(file) ? ns.default : ns) as T;
}

/** Node's rule: `.cjs`, or `.js` whose nearest package.json does not say `"type": "module"`. */
function isCommonJs(file: string): boolean {
  if (file.endsWith('.cjs')) return true;
  if (!file.endsWith('.js')) return false;
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest))
      return (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: string }).type !== 'module';
    if (path.dirname(dir) === dir) return true;
  }
}
