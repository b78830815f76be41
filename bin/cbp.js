#!/usr/bin/env node
// Thin launcher: `npm run build` (in a clone after `npm ci`; `prepack` before publishing) compiles
// the CLI to dist/ and bundles it into dist/cli-bundle/ (scripts/bundle-cli.mjs: one file loads
// faster than ~150).
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/cli-bundle/main.js', import.meta.url);
if (!existsSync(bundle)) {
  console.error('cbp: dist/ is not built (a clone of the repository): run `npm run build` first');
  process.exit(2);
}
const { main } = await import(bundle.href);
main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
