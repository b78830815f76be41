/**
 * User-facing errors. Each has a stable code (documented in README), a one-line message,
 * optionally where (file + JSON pointer) and a hint. The CLI prints these without a stack
 * trace and exits 2 (usage/config) or 1 (invalid document, failed checks, stale output);
 * anything that is not a CbpError is an internal error and keeps its stack.
 */
export type CbpErrorCode =
  | 'E_USAGE'
  | 'E_CONFIG'
  | 'E_FILE_NOT_FOUND'
  | 'E_SPEC_PARSE'
  | 'E_SPEC_INVALID'
  | 'E_OVERLAY_INVALID'
  | 'E_OVERLAY_TARGET'
  | 'E_REF_REFUSED'
  | 'E_DOCUMENT_TOO_LARGE'
  | 'E_RULE_INVALID'
  | 'E_STATE_TABLE_INVALID'
  | 'E_STALE_OUTPUT'
  | 'E_RUNTIME_DEPENDENCIES'
  | 'E_CHECK_UNKNOWN'
  | 'E_TARGET_UNREACHABLE'
  | 'E_LISTEN'
  | 'E_REPORT_PATH'
  | 'E_NOTHING_JUDGED'
  | 'E_TARGET_AUTH'
  | 'E_OUTPUT_SYMLINK'
  | 'E_CASSETTE';

export interface CbpErrorDetails {
  /** File the problem is in, relative to the working directory when possible. */
  file?: string;
  /** RFC 6901 JSON pointer into that file's document. */
  pointer?: string;
  /** What to do about it. */
  hint?: string;
  /** Which rule of the OpenAPI / Overlay / JSON Schema specification was broken. */
  rule?: string;
}

export class CbpError extends Error {
  readonly code: CbpErrorCode;
  readonly details: CbpErrorDetails;

  constructor(code: CbpErrorCode, message: string, details: CbpErrorDetails = {}) {
    super(message);
    this.name = 'CbpError';
    this.code = code;
    this.details = details;
  }

  /** One line (plus an optional hint line) for a terminal. */
  format(): string {
    const where = [this.details.file, this.details.pointer ? `#${this.details.pointer}` : undefined]
      .filter(Boolean)
      .join('');
    const rule = this.details.rule ? ` [${this.details.rule}]` : '';
    const head = `${this.code}: ${this.message}${where ? ` (at ${where})` : ''}${rule}`;
    return this.details.hint ? `${head}\n  hint: ${this.details.hint}` : head;
  }
}

export function isCbpError(value: unknown): value is CbpError {
  return value instanceof CbpError;
}

// RFC 6901: the runtime's one implementation (the pointers of errors and findings).
export { escapeToken as escapePointerToken } from 'cross-border-payments-runtime/validators';
export { formatPointer as toPointer } from 'cross-border-payments-runtime/validators';
