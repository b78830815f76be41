/**
 * docs/reference/ is rendered from the registries (scripts/docs-reference/): a registry that
 * changes (a check, a rule keyword, a reporter, a driver, a plugin option, an error code) without
 * `npm run docs:reference` leaves a stale page, and this test names it and the command.
 */
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { referencePages, stalePages, WRITE_COMMAND } from '../../scripts/docs-reference/index.js';

const ROOT = path.join(import.meta.dirname, '../..');

describe('docs/reference/ pages', () => {
  test('every checked-in page is what its registry renders', async () => {
    const stale = (await stalePages(ROOT)).map((s) => s.page.file);
    expect(stale, `stale reference pages: run \`${WRITE_COMMAND}\``).toEqual([]);
  }, 60_000);

  test('the registry holds the checks, rules, reporters, drivers, plugins and error-codes pages', () => {
    expect(referencePages.map((p) => p.file)).toEqual(
      expect.arrayContaining([
        'docs/reference/checks.md',
        'docs/reference/rules.md',
        'docs/reference/reporters.md',
        'docs/reference/drivers.md',
        'docs/reference/plugins.md',
        'docs/reference/error-codes.md',
      ]),
    );
  });

  test('a page that differs from its rendering is reported stale, with what to write', async () => {
    const drivers = referencePages.find((p) => p.file.endsWith('drivers.md'))!;
    const changed = {
      ...drivers,
      render: async () => `${await drivers.render()}\n| \`new-driver\` | moves nothing |\n`,
    };
    const stale = await stalePages(ROOT, [drivers, changed]);
    expect(stale.map((s) => s.page)).toEqual([changed]);
    expect(stale[0]!.text).toContain('new-driver');
    expect(stale[0]!.text).toMatch(
      /^<!-- Generated from conformance\/suites\/api\/drivers\/builtin\.ts by `npm run docs:reference`/,
    );
  });
});
