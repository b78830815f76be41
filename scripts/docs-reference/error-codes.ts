/** docs/reference/error-codes.md: every CbpError code (lib/errors.ts) with its meaning, the CLI's
 * exit code for it (cli/exit-code.ts) and what usually fixes it. */
import { exitCodeFor } from '../../cli/exit-code.js';
import { type CbpErrorCode, ERROR_CODES } from '../../lib/errors.js';
import { code, type ReferencePage, table } from './page.js';

export const errorCodesPage: ReferencePage = {
  file: 'docs/reference/error-codes.md',
  source: 'lib/errors.ts (ERROR_CODES) and cli/exit-code.ts',
  render: () =>
    [
      '# Error codes',
      '',
      'A `CbpError` (thrown by the Node API, printed by the CLI as one line without a stack trace) has ' +
        'one of these codes, a message, and where useful the file, the JSON pointer and a hint. Exit ' +
        'codes: 0 ok, 1 failures or stale output, 2 usage or configuration, 3 an incomplete conformance run.',
      '',
      table(
        ['code', 'meaning', 'exit code', 'hint'],
        (Object.keys(ERROR_CODES) as CbpErrorCode[]).map((c) => [
          code(c),
          ERROR_CODES[c].meaning,
          exitCodeFor(c),
          ERROR_CODES[c].hint,
        ]),
      ),
      '',
    ].join('\n'),
};
