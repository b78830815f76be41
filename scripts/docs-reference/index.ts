/**
 * The reference pages of docs/reference/, each rendered from a registry of the code: ONE list,
 * so adding a page is its module plus one line here. `npm run docs:reference` writes them;
 * test/docs/reference-pages.test.ts fails when a checked-in page differs from its rendering.
 */
import { checksPage } from './checks.js';
import { driversPage } from './drivers.js';
import { errorCodesPage } from './error-codes.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ReferencePage, renderPage } from './page.js';
import { pluginsPage } from './plugins.js';
import { reportersPage } from './reporters.js';
import { rulesPage } from './rules.js';

export const referencePages: readonly ReferencePage[] = [
  checksPage,
  rulesPage,
  reportersPage,
  driversPage,
  pluginsPage,
  errorCodesPage,
];

export { type ReferencePage, WRITE_COMMAND } from './page.js';

/** Each page of `pages` whose file under `root` is missing or differs from its rendering, with the rendering. */
export async function stalePages(
  root: string,
  pages: readonly ReferencePage[] = referencePages,
): Promise<Array<{ page: ReferencePage; text: string }>> {
  const out: Array<{ page: ReferencePage; text: string }> = [];
  for (const page of pages) {
    const text = await renderPage(page);
    const current = await readFile(path.join(root, page.file), 'utf8').catch(() => undefined);
    if (current !== text) out.push({ page, text });
  }
  return out;
}
