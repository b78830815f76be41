/**
 * ajv's values reach the runtime, the generator's compile path and the kits' keyword code through
 * packages/runtime/src/rules/ajv-exports.ts only: the package's build makes that module an ES
 * module bundle of ajv (no CommonJS for an app's bundler, so no helper chunk on the page), and
 * ajv's code generation checks its own classes, so a keyword's code built with another copy's
 * `_` or `stringify` would compile to wrong code. Type imports are free.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ROOT } from '../../generator/helpers/compile-output.js';

const sources = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));

/** Value imports (not `import type`) from ajv or one of its modules. */
const AJV_VALUE_IMPORT = /^import\s+(?!type\b)[^;]*?from\s+['"]ajv(?:\/[^'"]*)?['"]/m;

test("only rules/ajv-exports.ts imports ajv values, in the runtime, the compile path and the kits' keyword code", () => {
  const files = [
    ...sources('packages/runtime/src'),
    // A kit's keyword code (its own validators, such as the state table's loader, may use ajv as they like).
    ...sources('kits').filter((f) => f.split(path.sep).includes('keywords')),
    'generator/validation/create-ajv.ts',
    'generator/validation/standalone.ts',
  ];
  const importers = files.filter((f) => AJV_VALUE_IMPORT.test(readFileSync(path.join(ROOT, f), 'utf8')));
  expect(importers).toEqual(['packages/runtime/src/rules/ajv-exports.ts']);
});
