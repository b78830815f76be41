/**
 * `npm run docs:reference`: writes every page of the registry (index.ts) into docs/reference/.
 * With `--check`, writes nothing and exits 1 naming the pages that differ.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stalePages, WRITE_COMMAND } from './index.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const stale = await stalePages(root);
const files = stale.map((s) => s.page.file).join(', ');
if (process.argv.includes('--check')) {
  if (stale.length > 0) {
    console.error(`stale reference pages: ${files}; run \`${WRITE_COMMAND}\``);
    process.exitCode = 1;
  } else console.log('reference pages: up to date');
} else {
  for (const { page, text } of stale) {
    mkdirSync(path.dirname(path.join(root, page.file)), { recursive: true });
    writeFileSync(path.join(root, page.file), text);
  }
  console.log(stale.length === 0 ? 'reference pages: up to date' : `wrote ${files}`);
}
