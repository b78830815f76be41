/**
 * Does the project the output lands in declare what the output imports at run time? Read from
 * the nearest package.json above the output directory. A package that is only a devDependency
 * counts as missing: `npm prune --omit=dev` (a production image) removes it, and the app then
 * fails with ERR_MODULE_NOT_FOUND.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface HostDependencyCheck {
  /** The package.json read (absolute), or undefined when there is none above the output. */
  packageJson?: string;
  /** Needed packages the project does not declare as dependencies, `name@version`. */
  missing: string[];
  /** The subset of `missing` declared only as devDependencies. */
  devOnly: string[];
}

export function nearestPackageJson(from: string): string | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) return file;
    if (path.dirname(dir) === dir) return undefined;
  }
}

export function checkHostDependencies(outDir: string, needed: Readonly<Record<string, string>>): HostDependencyCheck {
  const packageJson = nearestPackageJson(outDir);
  let pkg: Record<string, Record<string, string> | undefined> = {};
  if (packageJson !== undefined) {
    try {
      pkg = JSON.parse(readFileSync(packageJson, 'utf8'));
    } catch {
      pkg = {};
    }
  }
  const declared = { ...pkg.optionalDependencies, ...pkg.peerDependencies, ...pkg.dependencies };
  const missing = Object.keys(needed).filter((n) => declared[n] === undefined);
  return {
    ...(packageJson !== undefined ? { packageJson } : {}),
    missing: missing.map((n) => `${n}@${needed[n]}`),
    devOnly: missing.filter((n) => pkg.devDependencies?.[n] !== undefined).map((n) => `${n}@${needed[n]}`),
  };
}
