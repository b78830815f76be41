/**
 * Where the toolkit is installed and what it is called. Works both from sources (vitest runs
 * generator/*.ts) and from dist/ (the published CLI), by walking up to our package.json.
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface PackageInfo {
  root: string;
  name: string;
  version: string;
  /** Our own runtime dependencies with their exact versions (what generated code may import),
   * plus the optional peers a runtime feature loads on use (the PostgreSQL store's `pg`). */
  dependencies: Record<string, string>;
}

let cached: PackageInfo | undefined;

export function packageInfo(): PackageInfo {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file) && existsSync(path.join(dir, 'templates'))) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as {
        name: string;
        version: string;
        dependencies?: Record<string, string>;
        peerDependencies?: Record<string, string>;
      };
      cached = {
        root: dir,
        name: pkg.name,
        version: pkg.version,
        dependencies: { ...pkg.peerDependencies, ...pkg.dependencies },
      };
      return cached;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cbp: cannot find the toolkit package root (package.json next to templates/)');
    dir = parent;
  }
}

export function templatesDir(): string {
  return path.join(packageInfo().root, 'templates');
}
