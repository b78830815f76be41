/** Exit codes (lib/errors.ts): 0 ok, 1 failures or stale output, 2 usage or configuration. */
import type { CbpErrorCode } from '../lib/errors.js';

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

const USAGE_CODES: ReadonlySet<CbpErrorCode> = new Set([
  'E_USAGE',
  'E_CONFIG',
  'E_FILE_NOT_FOUND',
  'E_REF_REFUSED',
  'E_DOCUMENT_TOO_LARGE',
  'E_CHECK_UNKNOWN',
  'E_TARGET_UNREACHABLE',
  'E_LISTEN',
  'E_REPORT_PATH',
  'E_CASSETTE',
]);

export function exitCodeFor(code: CbpErrorCode): number {
  return USAGE_CODES.has(code) ? EXIT_USAGE : EXIT_FAILURE;
}
