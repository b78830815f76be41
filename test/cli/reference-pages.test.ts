/**
 * The reference pages (docs/reference/) are rendered from the option tables: stale pages fail
 * here with the command that rewrites them (CBP_UPDATE_REFERENCE=1 writes them, as goldens are).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { REFERENCE_PAGES } from '../../cli/options/reference.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FIX = 'npm run docs:cli';

describe('docs/reference pages', () => {
  for (const [page, render] of Object.entries(REFERENCE_PAGES)) {
    test(`${page} is what the option tables render`, async () => {
      const file = path.join(ROOT, page);
      const rendered = await render();
      if (process.env.CBP_UPDATE_REFERENCE === '1') {
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, rendered);
      }
      let onDisk = '';
      try {
        onDisk = readFileSync(file, 'utf8');
      } catch {
        // Missing: the comparison below fails with the fix.
      }
      expect(onDisk, `${page} is stale: run \`${FIX}\` and commit it`).toBe(rendered);
    });
  }
});
