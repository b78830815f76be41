/**
 * The runtime package's named entry points (packages/runtime/package.json "exports": `./client`,
 * `./server`, `./validators`, ...) and the modules each serves whole: an entry is a barrel
 * (packages/runtime/src/entries/<entry>/index.ts) of `export * from '<module>'` lines, so every
 * name a module exports is importable from its entry. The 'package' runtime mode points the
 * output's imports of a runtime module at the entry that serves it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { coreRuntimeRoot, runtimePackage } from './runtime-root.js';

const EXPORT_ALL = /^export (?:type )?\* from '(\.{1,2}\/[^']+)\.js';$/gm;

let cached: Map<string, string> | undefined;

/** Module path under packages/runtime/src/ (`server/router.ts`) → the bare specifier of the first
 * entry, in "exports" order, that re-exports all of it (`cross-border-payments-runtime/server`).
 * A module no entry serves whole is absent (the output then keeps a copy of it). */
export function runtimeEntries(): ReadonlyMap<string, string> {
  if (cached) return cached;
  const root = coreRuntimeRoot();
  const pkg = JSON.parse(readFileSync(path.join(root, '../package.json'), 'utf8')) as {
    exports: Record<string, string | { default?: string }>;
  };
  const served = new Map<string, string>();
  for (const [key, target] of Object.entries(pkg.exports)) {
    const compiled = typeof target === 'string' ? undefined : target.default;
    const entry = compiled?.match(/^\.\/dist\/(entries\/.+)\.js$/)?.[1];
    if (entry === undefined) continue;
    const specifier = `${runtimePackage().name}/${key.slice(2)}`;
    // A module the barrel re-exports whole, and what that module re-exports whole (an index.ts).
    const queue = [path.join(root, `${entry}.ts`)];
    while (queue.length > 0) {
      const file = queue.pop() as string;
      for (const m of readFileSync(file, 'utf8').matchAll(EXPORT_ALL)) {
        const target = path.resolve(path.dirname(file), `${m[1]}.ts`);
        const module = path.relative(root, target).split(path.sep).join('/');
        if (served.has(module)) continue;
        served.set(module, specifier);
        queue.push(target);
      }
    }
  }
  cached = served;
  return served;
}
