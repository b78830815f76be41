// Bundles the compiled CLI (dist/cli/main.js, from tsc) into dist/cli-bundle/ with esbuild, so
// that `cbp` loads a handful of files instead of ~150 ES modules: Node 20 has no module compile
// cache, and resolving + compiling each file was about a third of `cbp mock`'s start-up
// (bench/mock.ts). yargs and its helpers are bundled (its ~40 modules cost ~100 ms to load one by one);
// every other dependency stays external, loaded from node_modules as before (TypeScript is huge,
// node-sqlite3-wasm finds its .wasm next to itself). Commands keep their lazy import()s as
// separate chunks (splitting). Files found at run time (templates/, spec/, the validate worker)
// are located by walking up to package.json, which works from here as from dist/cli/.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const BUNDLED = new Set(['yargs']);
// Optional peers (prettier, for --format) are the host project's: never bundled.
const external = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies })
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);
const outdir = path.join(root, 'dist/cli-bundle');

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: [path.join(root, 'dist/cli/main.js')],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  sourcemap: 'linked',
  logLevel: 'warning',
  // Stable chunk names: the same sources give the same files (no stale chunks between builds).
  chunkNames: 'chunks/[name]-[hash]',
  metafile: true,
});
const files = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
console.log(`bundled the CLI into ${path.relative(root, outdir)}/ (${files.length} files)`);
