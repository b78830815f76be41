/** Exit codes (lib/errors.ts): 0 ok, 1 failures or stale output, 2 usage or configuration, 3 an incomplete
 * conformance run with nothing failed (it judged nothing substantial, or its deadline passed first). */
import type { CbpErrorCode } from '../lib/errors.js';

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
/** An incomplete conformance run with nothing failed: it judged nothing substantial, or its deadline passed first. */
export const EXIT_INCOMPLETE = 3;
export const EXIT_NOTHING_JUDGED = EXIT_INCOMPLETE;
export const EXIT_DEADLINE = EXIT_INCOMPLETE;

/** Every exit code with what it means (the CLI reference page renders it: cli/options/reference.ts). */
export const EXIT_CODES: ReadonlyArray<{ code: number; meaning: string }> = [
  { code: EXIT_OK, meaning: 'success: nothing failed, the output is up to date' },
  { code: EXIT_FAILURE, meaning: 'failures (a check failed, a breaking change), or stale output under --check' },
  { code: EXIT_USAGE, meaning: 'a usage or configuration mistake (the error codes below); nothing was judged' },
  {
    code: EXIT_INCOMPLETE,
    meaning:
      'an incomplete conformance run with nothing failed: it judged nothing substantial (--allow-partial accepts it), or its --deadline passed first',
  },
];

export const USAGE_CODES: ReadonlySet<CbpErrorCode> = new Set([
  'E_USAGE',
  'E_CONFIG',
  'E_FILE_NOT_FOUND',
  'E_REF_REFUSED',
  'E_DOCUMENT_TOO_LARGE',
  'E_CHECK_UNKNOWN',
  'E_TARGET_UNREACHABLE',
  'E_LISTEN',
  'E_REPORT_PATH',
  'E_TARGET_AUTH',
  'E_OUTPUT_SYMLINK',
  'E_CASSETTE',
]);

export function exitCodeFor(code: CbpErrorCode): number {
  if (code === 'E_NOTHING_JUDGED') return EXIT_NOTHING_JUDGED;
  return USAGE_CODES.has(code) ? EXIT_USAGE : EXIT_FAILURE;
}
