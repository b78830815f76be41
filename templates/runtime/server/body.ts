/**
 * Request bodies: size limit, media-type negotiation against the operation's request body, and
 * parsing of JSON and application/x-www-form-urlencoded (the token endpoint's format, seed
 * §OAuth 2.0 rule 1).
 */
import { isForbiddenKey, safeJsonParse } from './safe-json.js';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export type BodyInput = Uint8Array | string | undefined;

export function byteLength(body: BodyInput): number {
  if (body === undefined) return 0;
  return typeof body === 'string' ? new TextEncoder().encode(body).byteLength : body.byteLength;
}

/** `application/json; charset=utf-8` → `application/json`. */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  const essence = contentType?.split(';')[0].trim().toLowerCase();
  return essence ? essence : undefined;
}

export function isJsonMediaType(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

/** Matches a media type against the document's ranges (`application/json`, `application/*`, `*\/*`). */
export function acceptsMediaType(documented: ReadonlyArray<string>, mediaType: string): string | undefined {
  const [type] = mediaType.split('/');
  return documented.find((range) => {
    const r = range.toLowerCase();
    return r === mediaType || r === '*/*' || r === `${type}/*`;
  });
}

export type ParsedBody = { ok: true; value: unknown } | { ok: false; status: 400; rule: string; message: string; pointer: string };

export function parseBody(body: Uint8Array | string, mediaType: string): ParsedBody {
  const text = typeof body === 'string' ? body : new TextDecoder('utf-8', { fatal: false }).decode(body);
  if (isJsonMediaType(mediaType)) {
    const parsed = safeJsonParse(text);
    if (parsed.ok) return parsed;
    return parsed.reason === 'malformed'
      ? { ok: false, status: 400, rule: 'request.malformed-json', message: parsed.message, pointer: '' }
      : { ok: false, status: 400, rule: 'request.forbidden-key', message: parsed.message, pointer: parsed.pointer ?? '' };
  }
  if (mediaType === 'application/x-www-form-urlencoded') {
    const out: Record<string, string | string[]> = {};
    for (const [key, value] of new URLSearchParams(text)) {
      if (isForbiddenKey(key, value)) return { ok: false, status: 400, rule: 'request.forbidden-key', message: 'The form contains a key that could poison prototypes', pointer: `/${key}` };
      const prior = out[key];
      out[key] = prior === undefined ? value : Array.isArray(prior) ? [...prior, value] : [prior, value];
    }
    return { ok: true, value: out };
  }
  // Other media types reach the handler as text (e.g. text/plain) or bytes.
  return { ok: true, value: mediaType.startsWith('text/') ? text : body };
}
