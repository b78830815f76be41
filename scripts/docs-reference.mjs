// `npm run docs:reference [-- --check]`: runs scripts/docs-reference/write.ts on the sources
// (jiti compiles the TypeScript on the fly; no build needed), the runtime package's named
// entries resolved to their source barrels as tsconfig.json's `paths` does.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createJiti } from 'jiti';

const root = fileURLToPath(new URL('..', import.meta.url));
const runtime = JSON.parse(readFileSync(`${root}packages/runtime/package.json`, 'utf8'));
const alias = Object.fromEntries(
  Object.keys(runtime.exports)
    .filter((key) => key !== './package.json')
    .map((key) => [`${runtime.name}/${key.slice(2)}`, `${root}packages/runtime/src/entries/${key.slice(2)}/index.ts`]),
);
const jiti = createJiti(import.meta.url, { alias });
await jiti.import('./docs-reference/write.ts');
