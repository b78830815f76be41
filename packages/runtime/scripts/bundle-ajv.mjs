// Replaces dist/rules/ajv-exports.js (tsc's output: re-exports of ajv, which ships CommonJS only)
// by an ES module bundle of those exports, so that an app's bundler meets no CommonJS in the
// runtime: esbuild would otherwise load its CommonJS helpers in a chunk every page imports up
// front (src/rules/ajv-exports.ts says why). The licence of every bundled package heads the file.
// Run by `npm run build` of this package, after tsc.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(here, 'dist/rules/ajv-exports.js');
const result = await build({
  entryPoints: [file],
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'neutral',
  // ajv's packages name their CommonJS entry in `main` only.
  mainFields: ['main'],
  target: 'es2022',
  // Minified: an app's install carries it whether or not it validates (145 kB instead of 205).
  minify: true,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});

// Each bundled package once, by the directory of its package.json, with its licence text.
const packages = new Map();
for (const input of Object.keys(result.metafile.inputs)) {
  const at = input.lastIndexOf('node_modules/');
  if (at === -1) continue;
  const rest = input.slice(at + 'node_modules/'.length).split('/');
  const dir = path.resolve(
    input.slice(0, at + 'node_modules/'.length),
    ...rest.slice(0, rest[0].startsWith('@') ? 2 : 1),
  );
  if (packages.has(dir)) continue;
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const licenceFile = readdirSync(dir).find((f) => /^licen[sc]e/i.test(f));
  if (!licenceFile) throw new Error(`${pkg.name}: no licence file to keep in the bundle`);
  packages.set(dir, {
    name: pkg.name,
    version: pkg.version,
    license: pkg.license,
    text: readFileSync(path.join(dir, licenceFile), 'utf8').trim(),
  });
}
if (![...packages.values()].some((p) => p.name === 'ajv')) throw new Error('ajv is not in the bundle');
const notices = [...packages.values()]
  .sort((a, b) => a.name.localeCompare(b.name))
  .map((p) => `${p.name}@${p.version} (${p.license}):\n\n${p.text}`)
  .join('\n\n---\n\n');
const banner =
  `/*\n * ES module bundle of the ajv exports of src/rules/ajv-exports.ts (scripts/bundle-ajv.mjs).\n * It bundles:\n *\n` +
  `${notices
    .replaceAll('*/', '* /')
    .split('\n')
    .map((l) => (l ? ` * ${l}` : ' *'))
    .join('\n')}\n */\n`;
writeFileSync(file, banner + result.outputFiles[0].text);
console.log(
  `dist/rules/ajv-exports.js: ES module bundle of ${[...packages.values()].map((p) => `${p.name}@${p.version}`).join(', ')}`,
);
