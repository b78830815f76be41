/**
 * Secrets never reach evidence, reports or logs (preamble; seed §Authentication: the API key and
 * client secret are server-side only). Two layers: by name (a header or field that holds a
 * credential, whatever its value) and by value (the run's Redactor: every credential the run
 * knows, wherever a target echoes it). Exchanges are redacted when recorded; every event the
 * reporters see passes the redactor once more (engine/run-suite.ts), and the HAR when written.
 */
const SECRET_HEADERS = new Set(['authorization', 'apikey', 'cookie', 'set-cookie', 'proxy-authorization']);
const SECRET_FIELDS = new Set([
  'client_secret',
  'access_token',
  'refresh_token',
  'secret',
  'webhook_secret',
  'apikey',
  'api_key',
  'password',
]);
export const REDACTED = '[redacted]';

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    const lower = k.toLowerCase();
    if (lower === 'authorization' && /^bearer\s/i.test(v)) out[k] = `Bearer ${REDACTED}`;
    else out[k] = SECRET_HEADERS.has(lower) ? REDACTED : v;
  }
  return out;
}

/**
 * A deep copy with secret-named fields replaced; a form body (`a=b&c=d`, the whole body) too.
 * Every other value is kept exactly as received: a string inside a JSON body is data (a session
 * URL with a query string is not a form), and reports and the HAR must show it unchanged.
 */
export function redactBody(body: unknown): unknown {
  return typeof body === 'string' ? redactForm(body) : redactJson(body);
}

function redactJson(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(redactJson);
  if (body !== null && typeof body === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body))
      Object.defineProperty(out, k, {
        value: SECRET_FIELDS.has(k.toLowerCase()) ? REDACTED : redactJson(v),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  }
  return body;
}

/** Replaces the values of secret-named pairs only; every other byte of the text stays as sent. */
function redactForm(text: string): string {
  if (!/^[^=&\s]+=[^&]*(&[^=&\s]+=[^&]*)*$/.test(text)) return text;
  return text
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = decodeFormComponent(pair.slice(0, eq));
      return SECRET_FIELDS.has(key.toLowerCase()) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
}

function decodeFormComponent(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** Values shorter than this are not searched for in text: redacting every "a" would wreck the reports. */
export const MIN_SECRET_LENGTH = 4;

/**
 * The run's one redactor: it learns every credential value as the run meets it (the configured
 * client secrets, API key, expired token and webhook secrets at start; each access token and
 * signing secret as it is issued) and replaces each of them, wherever it appears in recorded
 * text, with `[redacted]`. Name-based redaction (redactHeaders/redactBody) cannot see a target
 * that echoes a token in another header, a body field of its own or a text/plain answer.
 */
export class Redactor {
  private readonly secrets = new Set<string>();
  private pattern: RegExp | undefined;

  /** Learns credential values (and the spellings they take in a form body or a JSON string). */
  learn(...values: ReadonlyArray<string | undefined | null>): void {
    for (const v of values) {
      if (typeof v !== 'string' || v.length < MIN_SECRET_LENGTH || this.secrets.has(v)) continue;
      // A Standard Webhooks secret is `whsec_` + base64 key material: the key alone is secret too.
      const bare = /^whsec_(.{4,})$/.exec(v)?.[1];
      for (const form of [
        v,
        encodeURIComponent(v),
        new URLSearchParams({ v }).toString().slice(2),
        JSON.stringify(v).slice(1, -1),
        bare,
      ]) {
        if (form !== undefined && form.length >= MIN_SECRET_LENGTH) this.secrets.add(form);
      }
      this.pattern = undefined;
    }
  }

  /** The secret-named fields of a body (a token answer's `access_token`, a subscription's `secret`). */
  learnFields(body: unknown, depth = 0): void {
    if (depth > 8 || body === null || typeof body !== 'object') return;
    for (const [k, v] of Object.entries(body)) {
      if (typeof v === 'string' && SECRET_FIELDS.has(k.toLowerCase())) this.learn(v);
      else this.learnFields(v, depth + 1);
    }
  }

  get size(): number {
    return this.secrets.size;
  }

  /** The text with every known secret replaced. */
  text(s: string): string {
    if (this.secrets.size === 0 || s.length < MIN_SECRET_LENGTH) return s;
    // Longest first, so that a secret containing another one is replaced whole.
    this.pattern ??= new RegExp(
      [...this.secrets]
        .sort((a, b) => b.length - a.length)
        .map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('|'),
      'g',
    );
    return s.replace(this.pattern, REDACTED);
  }

  /** A deep copy with every string (and object key) passed through text(); other values as they are. */
  value<T>(v: T): T {
    return this.secrets.size === 0 ? v : mapStrings(v, (x) => this.text(x));
  }

  /** Headers: secret-named ones by name, then every known value wherever it appears. */
  headers(h: Record<string, string>): Record<string, string> {
    return this.value(redactHeaders(h));
  }

  /** A body: secret-named fields by name, then every known value wherever it appears. */
  body(b: unknown): unknown {
    return this.value(redactBody(b));
  }
}

/** A deep copy of plain data with every string (and object key) passed through `f`. */
export function mapStrings<T>(v: T, f: (s: string) => string): T {
  return walk(v, f, 0) as T;
}

function walk(v: unknown, f: (s: string) => string, depth: number): unknown {
  if (typeof v === 'string') return f(v);
  if (v === null || typeof v !== 'object') return v;
  // A target's answer may nest deeper than is worth walking: deeper levels become scrubbed JSON text.
  if (depth > 64) {
    try {
      return f(JSON.stringify(v));
    } catch {
      return '[not shown: nested too deep]';
    }
  }
  if (Array.isArray(v)) return v.map((x) => walk(x, f, depth + 1));
  // Plain data only (what reports serialize); a Date, a Map or a class instance is kept as it is.
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return v;
  const out: Record<string, unknown> = {};
  // defineProperty: a target's `__proto__` key stays a key, never the copy's prototype.
  for (const [k, x] of Object.entries(v))
    Object.defineProperty(out, f(k), {
      value: walk(x, f, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}
