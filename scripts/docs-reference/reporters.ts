/** docs/reference/reporters.md: the report kinds of `cbp conformance --report` and of `cbp diff`, from their tables. */
import { REPORT_KINDS } from '../../conformance/reporters/kinds.js';
import { DIFF_REPORT_DESCRIPTIONS } from '../../diff/reporters/index.js';
import { code, type ReferencePage, table } from './page.js';

export const reportersPage: ReferencePage = {
  file: 'docs/reference/reporters.md',
  source: 'conformance/reporters/kinds.ts and diff/reporters/index.ts',
  render: () =>
    [
      '# Reporters',
      '',
      '## `cbp conformance`, `cbp conformance consumer`: `--report KIND=PATH`',
      '',
      'The console reporter always writes to standard output; each `--report` adds a file (repeatable).',
      '',
      table(
        ['kind', 'what the file holds', 'written by'],
        Object.entries(REPORT_KINDS).map(([kind, e]) => [
          code(kind),
          e.describe,
          'load' in e ? 'the run summary (every suite)' : 'the API suite, from its recording',
        ]),
      ),
      '',
      '## `cbp diff`: `--format KIND` (standard output) and `--report KIND=PATH`',
      '',
      table(
        ['kind', 'what it writes'],
        Object.entries(DIFF_REPORT_DESCRIPTIONS).map(([kind, d]) => [code(kind), d]),
      ),
      '',
    ].join('\n'),
};
