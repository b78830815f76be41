#!/usr/bin/env node
// Thin launcher: `npm run build` (run by `npm ci` through `prepare`) compiles the CLI to dist/ and
// bundles it into dist/cli-bundle/ (scripts/bundle-cli.mjs: one file loads faster than ~150).
import { main } from '../dist/cli-bundle/main.js';

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
