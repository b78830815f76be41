/**
 * `npm ci --omit=dev` of a partner app as README's Install section sets it up (toolkit tarball as
 * devDependency, runtime tarball as dependency), without and with validation (ajv): packages and
 * apparent size. Needs the tarballs: `npm run pack` first. test/shipped/as-shipped.slow.test.ts
 * fails over the budgets (the runtime package alone and 1 MB without validation, 4 MB with).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib/footprint.js';
import { productionInstall } from './lib/production-install.js';

const read = (file: string) =>
  JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as {
    name: string;
    version: string;
    dependencies: Record<string, string>;
  };
const toolkit = read('package.json');
const runtime = read('packages/runtime/package.json');
const tgz = (p: { name: string; version: string }) => path.join(ROOT, 'dist-pack', `${p.name}-${p.version}.tgz`);
for (const p of [toolkit, runtime])
  if (!existsSync(tgz(p))) throw new Error(`${tgz(p)} is missing: run \`npm run pack\` first`);

const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-production-install-'));
try {
  // The runtime has no dependency of its own (its client core is its own): validation adds ajv.
  const rows = [
    ['without validation (--plugins client)', {}],
    ['with validation (+ ajv)', { ajv: toolkit.dependencies.ajv! }],
  ] as const;
  console.log('npm ci --omit=dev of a partner app (toolkit devDependency, runtime dependency)');
  for (const [label, dependencies] of rows) {
    const r = productionInstall(path.join(dir, 'app'), {
      toolkitTarball: tgz(toolkit),
      runtimeTarball: tgz(runtime),
      dependencies,
    });
    console.log(
      `  ${label.padEnd(40)} ${String(r.packages).padStart(2)} packages  ${r.bytes.toLocaleString('en')} B  (${r.names.join(', ')})`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
