import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageInfo } from '../package-info.js';
import type { RuntimeSource } from './plugin.js';

export interface RuntimePackageInfo {
  /** npm name of the runtime package (packages/runtime/package.json). */
  name: string;
  version: string;
  /** What the runtime imports: its dependencies and its (optional) peers, with their versions. */
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
}

let cached: RuntimePackageInfo | undefined;

/** The runtime package the output imports in the 'package' runtime mode. The toolkit ships its
 * package.json and sources (packages/runtime/) beside its own, so this works from a clone and
 * from an install alike without resolving the installed package. */
export function runtimePackage(): RuntimePackageInfo {
  if (cached) return cached;
  const pkg = JSON.parse(readFileSync(path.join(packageInfo().root, 'packages/runtime/package.json'), 'utf8')) as {
    name: string;
    version: string;
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
  cached = {
    name: pkg.name,
    version: pkg.version,
    dependencies: pkg.dependencies ?? {},
    peerDependencies: pkg.peerDependencies ?? {},
  };
  return cached;
}

/** packages/runtime/src/: the generic runtime the core plugins copy from (a kit's runtime lives in
 * a sub-folder of it named after the kit). */
export const coreRuntimeRoot = (): string => path.join(packageInfo().root, 'packages/runtime/src');

/** Files or folders of packages/runtime/src/ (see RuntimeSource), served by the runtime package too. */
export const coreRuntime = (paths: readonly string[], options: { prune?: boolean } = {}): RuntimeSource => ({
  root: coreRuntimeRoot(),
  packaged: true,
  paths,
  ...options,
});

/** A kit's runtime: the sub-folder `dir` of packages/runtime/src/, copied to <out>/runtime/<dir>/
 * and served by the runtime package's named entries (`<runtime package>/<dir>`, ...). */
export const kitRuntime = (dir: string): RuntimeSource => ({
  root: path.join(coreRuntimeRoot(), dir),
  paths: ['.'],
  into: dir,
  packaged: true,
});

/** Runtime files every telemetry module needs (the client's spans, the webhook consumer's), and
 * the contract-violation event they record. */
export const TELEMETRY_SHARED: readonly string[] = [
  'contract/violation.ts',
  'telemetry/otel-api.ts',
  'telemetry/traceparent.ts',
  'telemetry/violation-event.ts',
];
