/**
 * The cassette: a recorded conformance run as a file a partner commits (format v1). Every
 * exchange on the wire (the suite's and the built-in driver's), every webhook delivery with its
 * arrival time, every call of a partner's driver module with its answer, in the order they
 * happened, plus the verdicts the live run gave. Credentials are never written (record.ts redacts
 * them); a replay re-mints them (tokens, signing secrets). Written gzipped, keys sorted, so two
 * recordings of the same behaviour differ only where the behaviour does.
 *
 * A cassette is untrusted input (a pull request may change it): it is read with a size cap (also
 * on the gunzipped size: a gzip bomb is refused before it is inflated), a nesting cap checked
 * before parsing, and validated against CASSETTE_SCHEMA; what it names (a driver module, a URL) is
 * data, never loaded or followed. Any refusal is E_CASSETTE with a JSON pointer.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Ajv } from 'ajv';
import { CbpError } from '../../../../lib/errors.js';
import { stableJson } from '../../../engine/stable-json.js';

export const CASSETTE_FORMAT = 'cbp-cassette';
export const CASSETTE_VERSION = 1;
/** Most bytes of a cassette, as stored and once gunzipped. */
export const MAX_CASSETTE_BYTES = 64 * 1024 * 1024;
/** Deepest nesting of arrays and objects a cassette may hold (a recorded body is rarely deeper than 20). */
export const MAX_CASSETTE_DEPTH = 64;

/** Who sent a request, as far as matching is concerned (the credential itself is never written). */
export type AuthClass = 'primary' | 'secondary' | 'expired' | 'none' | 'apikey' | 'basic' | 'other';

export interface ExchangeStep {
  kind: 'exchange';
  /** ms since the recording started. */
  at: number;
  /** Which base URL the path is relative to. */
  base: 'api' | 'auth';
  auth: AuthClass;
  method: string;
  /** Path and query as sent, relative to the base; `{{run}}` where the run id was. */
  path: string;
  request: { contentType?: string; body?: string };
  response?: { status: number; headers: Record<string, string>; body: string };
  /** The exchange failed on the wire (no answer within the timeout, a reset). */
  error?: string;
  durationMs: number;
}

export interface WebhookStep {
  kind: 'webhook';
  at: number;
  /** The delivery's headers (signatures are recomputed on replay with the replay secret). */
  headers: Record<string, string>;
  payload: unknown;
  /** How the receiver found its signature (absent: not verified); a replay signs it so again. */
  signature?: 'valid' | 'invalid';
}

export interface DriverStep {
  kind: 'driver';
  at: number;
  method: string;
  args: unknown;
  result?: unknown;
  error?: { name: string; message: string };
  durationMs: number;
}

export type Step = ExchangeStep | WebhookStep | DriverStep;

/** One check's verdict, as compared between a live run and its replay. */
export interface CheckVerdict {
  status: string;
  cases: number;
  failures: Array<{ severity: string; rule?: string; subject?: string; message: string }>;
  skippedReason?: string;
}

export interface Cassette {
  format: typeof CASSETTE_FORMAT;
  version: typeof CASSETTE_VERSION;
  recordedAt: string;
  target: {
    name: string;
    /** Whether the token endpoint shared the API's base URL. */
    authApart: boolean;
    /** --base-url (its own driver probed at /_sandbox/), or the embedded sandbox. */
    live: boolean;
    clients: { primary?: string; secondary?: string };
    /** Which other credentials the run had (their values are never written). */
    apiKey: boolean;
    expiredToken: boolean;
    /** The driver that drove, and its methods (a replay offers exactly these). */
    driver: { name: string; kind: 'sandbox' | 'passive' | 'module'; methods: string[] };
  };
  run: {
    /** The run id of the `unique` values (re-bound on replay). */
    id: string;
    wallMs: number;
    /** The receiver URL the recording subscribed (`{{receiver}}` in the steps). */
    receiver?: string;
    /** The run's selection and judging options: a replay runs the same. */
    options: { only?: string[]; skip?: string[]; strict?: boolean; require?: string[] };
    /** What the target held (a config's `customers:`), when not asked of the driver. */
    fixtures?: unknown;
    /** The run's config file (conformance.yaml), credentials redacted. */
    file?: unknown;
  };
  steps: Step[];
  verdicts: Record<string, CheckVerdict>;
}

const str = { type: 'string', maxLength: 1024 * 1024 } as const;
/** No control character: a method, a path or a header value is served back as it is (header injection). */
const line = { type: 'string', maxLength: 8192, pattern: '^[^\\u0000-\\u001f\\u007f]*$' } as const;
const headers = {
  type: 'object',
  maxProperties: 200,
  propertyNames: { pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$" },
  additionalProperties: line,
} as const;
const at = { type: 'number', minimum: 0, maximum: 7 * 24 * 3600 * 1000 } as const;
const names = { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 200 } } as const;

/** JSON Schema (2020-12 vocabulary ajv understands) of cassette format v1. */
export const CASSETTE_SCHEMA = {
  $id: 'https://cross-border-payments.dev/schemas/cassette-v1.json',
  type: 'object',
  required: ['format', 'version', 'recordedAt', 'target', 'run', 'steps', 'verdicts'],
  additionalProperties: false,
  properties: {
    format: { const: CASSETTE_FORMAT },
    version: { const: CASSETTE_VERSION },
    recordedAt: { type: 'string', format: 'date-time', maxLength: 64 },
    target: {
      type: 'object',
      required: ['name', 'authApart', 'live', 'clients', 'apiKey', 'expiredToken', 'driver'],
      additionalProperties: false,
      properties: {
        name: line,
        authApart: { type: 'boolean' },
        live: { type: 'boolean' },
        apiKey: { type: 'boolean' },
        expiredToken: { type: 'boolean' },
        clients: {
          type: 'object',
          additionalProperties: false,
          properties: { primary: line, secondary: line },
        },
        driver: {
          type: 'object',
          required: ['name', 'kind', 'methods'],
          additionalProperties: false,
          properties: {
            name: line,
            kind: { enum: ['sandbox', 'passive', 'module'] },
            methods: { type: 'array', maxItems: 32, items: { type: 'string', pattern: '^[A-Za-z]{1,64}$' } },
          },
        },
      },
    },
    run: {
      type: 'object',
      required: ['id', 'wallMs', 'options'],
      additionalProperties: false,
      properties: {
        id: { type: 'string', pattern: '^[0-9a-f]{6}$' },
        wallMs: at,
        receiver: line,
        options: {
          type: 'object',
          additionalProperties: false,
          properties: { only: names, skip: names, require: names, strict: { type: 'boolean' } },
        },
        fixtures: {},
        file: {},
      },
    },
    steps: {
      type: 'array',
      maxItems: 200_000,
      items: {
        type: 'object',
        required: ['kind', 'at'],
        properties: { kind: { enum: ['exchange', 'webhook', 'driver'] } },
        oneOf: [
          {
            properties: {
              kind: { const: 'exchange' },
              at,
              base: { enum: ['api', 'auth'] },
              auth: { enum: ['primary', 'secondary', 'expired', 'none', 'apikey', 'basic', 'other'] },
              method: { type: 'string', pattern: '^[A-Z]{1,16}$' },
              path: { ...line, pattern: '^/[^\\u0000-\\u001f\\u007f]*$' },
              request: {
                type: 'object',
                additionalProperties: false,
                properties: { contentType: line, body: str },
              },
              response: {
                type: 'object',
                required: ['status', 'headers', 'body'],
                additionalProperties: false,
                properties: { status: { type: 'integer', minimum: 100, maximum: 599 }, headers, body: str },
              },
              error: line,
              durationMs: at,
            },
            required: ['base', 'auth', 'method', 'path', 'request', 'durationMs'],
            additionalProperties: false,
          },
          {
            properties: {
              kind: { const: 'webhook' },
              at,
              headers,
              payload: {},
              signature: { enum: ['valid', 'invalid'] },
            },
            required: ['headers', 'payload'],
            additionalProperties: false,
          },
          {
            properties: {
              kind: { const: 'driver' },
              at,
              method: { type: 'string', pattern: '^[A-Za-z]{1,64}$' },
              args: {},
              result: {},
              error: {
                type: 'object',
                required: ['name', 'message'],
                additionalProperties: false,
                properties: { name: line, message: str },
              },
              durationMs: at,
            },
            required: ['method', 'durationMs'],
            additionalProperties: false,
          },
        ],
      },
    },
    verdicts: {
      type: 'object',
      maxProperties: 1000,
      additionalProperties: {
        type: 'object',
        required: ['status', 'cases', 'failures'],
        additionalProperties: false,
        properties: {
          status: line,
          cases: { type: 'integer', minimum: 0 },
          skippedReason: str,
          failures: {
            type: 'array',
            maxItems: 100_000,
            items: {
              type: 'object',
              required: ['severity', 'message'],
              additionalProperties: false,
              properties: { severity: line, rule: line, subject: str, message: str },
            },
          },
        },
      },
    },
  },
} as const;

let validate: ReturnType<Ajv['compile']> | undefined;

function validator() {
  if (validate) return validate;
  const ajv = new Ajv({ allErrors: false, strict: false });
  // RFC 3339 date-time, the only format the schema uses (ajv-formats is not needed for one).
  ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  validate = ajv.compile(CASSETTE_SCHEMA);
  return validate;
}

const refuse = (message: string, file: string | undefined, pointer?: string, hint?: string) =>
  new CbpError('E_CASSETTE', message, {
    file,
    pointer,
    hint: hint ?? 'record it again with `cbp record`, or restore it from version control',
  });

/** The deepest nesting of the JSON text, counted without parsing (strings skipped); stops past `limit`. */
export function jsonDepth(text: string, limit = MAX_CASSETTE_DEPTH): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) max = depth;
      if (max > limit) return max;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

/** Parses and validates cassette bytes (gzipped or plain JSON). */
export function parseCassette(bytes: Buffer, file?: string): Cassette {
  if (bytes.length > MAX_CASSETTE_BYTES)
    throw refuse(`the cassette is larger than ${MAX_CASSETTE_BYTES} bytes`, file, '');
  let raw = bytes;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      raw = gunzipSync(bytes, { maxOutputLength: MAX_CASSETTE_BYTES });
    } catch (err) {
      const tooBig = (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
      throw refuse(
        tooBig
          ? `the cassette inflates to more than ${MAX_CASSETTE_BYTES} bytes`
          : `the cassette is not valid gzip (${(err as Error).message})`,
        file,
        '',
      );
    }
  }
  const text = raw.toString('utf8');
  if (jsonDepth(text) > MAX_CASSETTE_DEPTH)
    throw refuse(`the cassette nests deeper than ${MAX_CASSETTE_DEPTH} levels`, file, '');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw refuse(`the cassette is not JSON (${(err as Error).message})`, file, '');
  }
  const v = validator();
  if (!v(value)) {
    const e = v.errors?.[0];
    const pointer = e?.instancePath ?? '';
    const format = (value as { format?: unknown; version?: unknown } | null)?.version;
    const hint =
      e?.instancePath === '/version'
        ? `this toolkit reads cassette format ${CASSETTE_VERSION}; this one says ${JSON.stringify(format)}`
        : undefined;
    throw refuse(
      `the cassette does not follow format v${CASSETTE_VERSION}: ${e?.message ?? 'invalid'}`,
      file,
      pointer,
      hint,
    );
  }
  return value as Cassette;
}

/** Reads a cassette file (E_CASSETTE when it is refused, E_FILE_NOT_FOUND when missing). */
export function loadCassette(file: string): Cassette {
  let size: number;
  try {
    size = statSync(file).size;
  } catch (err) {
    throw new CbpError(
      'E_FILE_NOT_FOUND',
      `cannot read the cassette ${file} (${(err as NodeJS.ErrnoException).code})`,
      {
        file,
      },
    );
  }
  if (size > MAX_CASSETTE_BYTES) throw refuse(`the cassette is larger than ${MAX_CASSETTE_BYTES} bytes`, file, '');
  return parseCassette(readFileSync(file), file);
}

const STEPS_MARK = '\u0000steps';

/** The cassette's bytes: keys sorted, one step a line, gzipped unless the name ends in .json. */
export function serializeCassette(c: Cassette, gzip = true): Buffer {
  // Plain JSON first: a field left undefined is absent, never `null`.
  const { steps, ...head } = JSON.parse(JSON.stringify(c)) as Cassette;
  const lines = `[\n${steps.map((s) => stableJson(s)).join(',\n')}\n]`;
  const text = `${stableJson({ ...head, steps: STEPS_MARK }).replace(JSON.stringify(STEPS_MARK), () => lines)}\n`;
  return gzip ? gzipSync(text, { level: 9 }) : Buffer.from(text);
}

export function saveCassette(file: string, c: Cassette): void {
  writeFileSync(file, serializeCassette(c, !file.endsWith('.json')));
}
