/**
 * Request bodies: size limit, media-type negotiation against the operation's request body, and
 * parsing of JSON and application/x-www-form-urlencoded (the OAuth 2.0 token request's format,
 * RFC 6749 §4.4.2).
 */
import { DEFAULT_MAX_JSON_DEPTH, isForbiddenKey, safeJsonParse } from './safe-json.js';
import { firstInexactNumber, pointerAt } from './exact-numbers.js';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export type BodyInput = Uint8Array | string | undefined;

/** UTF-8 length without encoding the string (the router checks it on every request). */
export function byteLength(body: BodyInput): number {
  if (body === undefined) return 0;
  if (typeof body !== 'string') return body.byteLength;
  let bytes = body.length;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < body.length && (body.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2; // a surrogate pair: 2 UTF-16 units, 4 bytes
      i++;
    } else bytes += 2;
  }
  return bytes;
}

// One decoder for every request: TextDecoder.decode without `stream` keeps no state between calls.
const utf8 = new TextDecoder('utf-8', { fatal: false });

/** `application/json; charset=utf-8` → `application/json`. */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  // Clients send the same Content-Type on every request: the last answer is kept (a per-request cost).
  if (contentType === lastContentType) return lastMediaType;
  const essence = contentType?.split(';')[0]?.trim().toLowerCase();
  lastContentType = contentType;
  lastMediaType = essence ? essence : undefined;
  return lastMediaType;
}
let lastContentType: string | undefined;
let lastMediaType: string | undefined;

export function isJsonMediaType(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

/** Matches a media type against the document's ranges (`application/json`, `application/*`, `*\/*`). */
export function acceptsMediaType(documented: ReadonlyArray<string>, mediaType: string): string | undefined {
  // The common case (the first documented type, as sent) without splitting or a closure.
  if (documented[0] === mediaType) return documented[0];
  const [type] = mediaType.split('/');
  return documented.find((range) => {
    const r = range.toLowerCase();
    return r === mediaType || r === '*/*' || r === `${type}/*`;
  });
}

export type ParsedBody =
  | { ok: true; value: unknown }
  | { ok: false; status: 400; rule: string; message: string; pointer: string };

const JSON_RULES = {
  malformed: 'request.malformed-json',
  'forbidden-key': 'request.forbidden-key',
  'too-deep': 'request.too-deep',
} as const;

/** 400 `request.inexact-number` (exact-numbers.ts): the literal as sent and the value it would become. */
function inexact(text: string, at: number): ParsedBody {
  const literal = /^-?[0-9.eE+-]+/.exec(text.slice(at, at + 400))![0];
  const shown = literal.length > 40 ? `${literal.slice(0, 40)}…` : literal;
  return {
    ok: false,
    status: 400,
    rule: 'request.inexact-number',
    message:
      `The number ${shown} cannot be read exactly (as a binary64 double it would be ` +
      `${String(Number(literal))}); send it with at most 15 significant digits`,
    pointer: pointerAt(text, at),
  };
}

export function parseBody(
  body: Uint8Array | string,
  mediaType: string,
  maxJsonDepth: number = DEFAULT_MAX_JSON_DEPTH,
  exactNumbers = true,
): ParsedBody {
  const text = typeof body === 'string' ? body : utf8.decode(body);
  if (isJsonMediaType(mediaType)) {
    const parsed = safeJsonParse(text, maxJsonDepth);
    if (parsed.ok) {
      const at = exactNumbers ? firstInexactNumber(text) : -1;
      return at < 0 ? parsed : inexact(text, at);
    }
    return {
      ok: false,
      status: 400,
      rule: JSON_RULES[parsed.reason],
      message: parsed.message,
      pointer: parsed.pointer ?? '',
    };
  }
  if (mediaType === 'application/x-www-form-urlencoded') {
    const out: Record<string, string | string[]> = {};
    for (const [key, value] of new URLSearchParams(text)) {
      if (isForbiddenKey(key, value))
        return {
          ok: false,
          status: 400,
          rule: 'request.forbidden-key',
          message: 'The form contains a key that could poison prototypes',
          pointer: `/${key}`,
        };
      const prior = Object.hasOwn(out, key) ? out[key] : undefined;
      // push, not spread: a body of 100k repeated keys must stay linear.
      if (Array.isArray(prior)) prior.push(value);
      else out[key] = prior === undefined ? value : [prior, value];
    }
    return { ok: true, value: out };
  }
  // Other media types reach the handler as text (e.g. text/plain) or bytes.
  return { ok: true, value: mediaType.startsWith('text/') ? text : body };
}
