/**
 * User-facing errors. Each has a stable code (ERROR_CODES below), a one-line message,
 * optionally where (file + JSON pointer) and a hint. The CLI prints these without a stack
 * trace and exits 2 (usage/config) or 1 (invalid document, failed checks, stale output);
 * anything that is not a CbpError is an internal error and keeps its stack.
 */
/** What a code means and what usually fixes it: the one list of codes (docs/reference/error-codes.md
 * is generated from it; the exit code of each is cli/exit-code.ts's). */
export interface ErrorCodeInfo {
  meaning: string;
  hint: string;
}

export const ERROR_CODES = {
  E_USAGE: {
    meaning:
      'bad flags or arguments: e.g. `generate --watch --check`, an unknown `--format`, a conformance filter naming an unknown operation or tag, `--max-failures` not a whole number >= 1',
    hint: 'the message names the flag; `cbp <command> --help` lists the valid ones',
  },
  E_CONFIG: {
    meaning:
      'a config file that does not load or holds a bad value (`--out` with several outputs, a formatter that is not installed)',
    hint: 'the message names the file and the JSON pointer of the value',
  },
  E_FILE_NOT_FOUND: {
    meaning: 'a named file does not exist',
    hint: 'check the path (relative to the working directory)',
  },
  E_SPEC_PARSE: { meaning: 'YAML or JSON syntax error in a document', hint: 'the message gives the line and column' },
  E_SPEC_INVALID: {
    meaning: 'an invalid OpenAPI document',
    hint: 'the JSON pointer says where; cbp generate accepts OpenAPI 3.0.x and 3.1.x',
  },
  E_OVERLAY_INVALID: { meaning: 'a malformed Overlay 1.0 file', hint: 'the JSON pointer says where' },
  E_OVERLAY_TARGET: {
    meaning: 'an overlay action whose target matches nothing',
    hint: 'fix `/actions/N/target` (a JSONPath into the document)',
  },
  E_REF_REFUSED: {
    meaning:
      'a `$ref` reaches a file or origin the document may not reach: a local file from a document fetched by URL, or an origin not allowed',
    hint: 'list the origin with `--allow-ref-origin`, or bundle the document',
  },
  E_DOCUMENT_TOO_LARGE: {
    meaning: 'a document fetched by URL, or a file its `$ref`s reach, is larger than 64 MiB',
    hint: 'fetch and bundle it yourself, then pass the file',
  },
  E_RULE_INVALID: {
    meaning: 'an `x-cbp-rules` entry with an unknown keyword or bad parameters',
    hint: 'docs/reference/rules.md lists the keywords and their parameters',
  },
  E_STATE_TABLE_INVALID: { meaning: 'a malformed payment state table', hint: 'the JSON pointer says where' },
  E_STALE_OUTPUT: {
    meaning: '`generate --check` found stale, missing or extra files',
    hint: 'run `cbp generate` and commit the output',
  },
  E_RUNTIME_DEPENDENCIES: {
    meaning: '`generate --check`: the nearest package.json does not declare a package the output imports',
    hint: 'install what runtime-dependencies.json lists, as dependencies',
  },
  E_CHECK_UNKNOWN: {
    meaning: '`--only` / `--skip` names an unknown check',
    hint: 'the message lists the valid ids (docs/reference/checks.md)',
  },
  E_TARGET_UNREACHABLE: {
    meaning: 'the conformance target could not be reached or set up (the URL, the endpoint and the cause)',
    hint: 'check `--base-url` and `--auth-url`',
  },
  E_LISTEN: {
    meaning: '`cbp mock` cannot listen: the port is in use or privileged, or `--host` is not a local address',
    hint: 'choose another `--port`',
  },
  E_REPORT_PATH: {
    meaning: 'a `--report KIND=PATH` cannot be written (checked before the run starts)',
    hint: 'create the directory or choose a writable path',
  },
  E_NOTHING_JUDGED: {
    meaning:
      '`cbp conformance` failed nothing but judged nothing: no rule was exercised, or every operation answered 404/405',
    hint: 'usually a wrong base path; else give fixtures with `--config`; `--allow-partial` accepts such a run',
  },
  E_TARGET_AUTH: {
    meaning: 'the token endpoint refused the client credentials (the secret is never printed)',
    hint: 'check `CBP_CLIENT_ID` and `CBP_CLIENT_SECRET`',
  },
  E_OUTPUT_SYMLINK: {
    meaning:
      'a generated file (or a folder on the way to it) is a symbolic link that leads out of the output folder, or nowhere: nothing is written',
    hint: 'remove the link or choose another output folder',
  },
  E_CASSETTE: {
    meaning:
      'a cassette (`--replay`, `diff --behaviour`) is refused: not gzip or JSON, too large or deep, another format version, or not the v1 schema',
    hint: 'record it again with `cbp record`',
  },
} as const satisfies Record<string, ErrorCodeInfo>;

export type CbpErrorCode = keyof typeof ERROR_CODES;

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
