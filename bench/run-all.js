#!/usr/bin/env node
// `npm run bench [name ...]`: compiles bench/*.ts (and what they import) to dist/ with
// bench/tsconfig.json (no TS runner is installed), then runs each benchmark in its own process,
// one after the other, so they do not compete for the 2 cores. Each prints its own figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const only = process.argv.slice(2);

const compiled = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'bench/tsconfig.json')], {
  stdio: 'inherit',
  cwd: root,
});
if (compiled.status !== 0) console.error('bench: tsc reported errors (output emitted anyway); figures may be off');

let failed = 0;
for (const file of readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
  .sort()) {
  const name = file.slice(0, -3);
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`\n== bench/${file}`);
  // The TS loader lets benchmarks import the TypeScript they generate on the fly (validators, client, server).
  const loader = ['--import', path.join(root, 'test/runtime/payments/webhooks/helpers/ts-register.mjs')];
  const run = spawnSync(process.execPath, [...loader, path.join(root, 'dist/bench', `${name}.js`)], {
    stdio: 'inherit',
    cwd: root,
  });
  if (run.status !== 0) failed++;
}
process.exitCode = failed > 0 ? 1 : 0;
