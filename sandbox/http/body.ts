/**
 * Reading request bodies defensively: a size limit checked while streaming
 * (all requests), a nesting limit checked on the text before anything recursive sees it (all JSON
 * requests), and JSON parsing with `__proto__` keys dropped (the /_sandbox/ control API; the API
 * itself is parsed by the generated router). Every failure is a clear 4xx.
 */
import type { IncomingMessage } from 'node:http';
import { parseJsonSafe } from '../json.js';
import { fail, type SandboxResponse } from './responses.js';

export class BodyTooLarge extends Error {}

/** Calls `done` once with the raw body, or with BodyTooLarge once more than `limit` bytes arrived
 * (or the stream's error). A callback, not a promise: this runs on every request. */
export function readBody(
  req: IncomingMessage,
  limit: number,
  done: (error: Error | undefined, raw: Buffer) => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  req.on('data', (chunk: Buffer) => {
    if (finished) return;
    size += chunk.length;
    if (size > limit) {
      finished = true;
      // Keep draining (without storing) so the 413 can still be written to the socket.
      done(new BodyTooLarge(), EMPTY);
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (finished) return;
    finished = true;
    // A small body arrives as one chunk: used as is rather than copied.
    done(undefined, chunks.length === 1 ? chunks[0]! : chunks.length === 0 ? EMPTY : Buffer.concat(chunks));
  });
  req.on('error', (err) => {
    if (finished) return;
    finished = true;
    done(err, EMPTY);
  });
}

const EMPTY = Buffer.alloc(0);

/** Deepest nesting of arrays/objects in a JSON text, strings skipped; stops past `max`. */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

export type ParsedBody = { ok: true; value: unknown } | { ok: false; response: SandboxResponse };

export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

export function isJsonType(type: string): boolean {
  return type === 'application/json' || /^application\/[a-z0-9.+-]*\+json$/.test(type);
}

/** Parses `raw` as the declared media type; undefined value for an empty body. */
export function parseBody(
  raw: Buffer,
  contentType: string | undefined,
  accepted: readonly string[],
  maxDepth: number,
): ParsedBody {
  if (raw.length === 0) return { ok: true, value: undefined };
  const type = mediaType(contentType);
  const wantsJson = accepted.some((a) => isJsonType(a));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return { ok: false, response: fail(400, 'request.encoding', 'the request body is not valid UTF-8') };
  }
  if (wantsJson && isJsonType(type)) {
    if (jsonDepthExceeds(text, maxDepth))
      return {
        ok: false,
        response: fail(400, 'request.json-depth', `the JSON body is nested deeper than ${maxDepth} levels`),
      };
    try {
      return { ok: true, value: parseJsonSafe(text) };
    } catch (err) {
      return {
        ok: false,
        response: fail(400, 'request.malformed-json', `the request body is not valid JSON: ${(err as Error).message}`),
      };
    }
  }
  const expected = accepted.length > 0 ? accepted.join(' or ') : 'no body';
  return {
    ok: false,
    response: fail(
      415,
      'request.content-type',
      `unsupported Content-Type ${JSON.stringify(type || '(none)')}; send ${expected}`,
    ),
  };
}

export function parseQuery(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of search) {
    if (k === '__proto__') continue;
    const prev = Object.hasOwn(out, k) ? out[k] : undefined;
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}
