/**
 * Reading the parts of a router request cheaply: it runs on every request (the mock's hot path),
 * so nothing here allocates more than the object it returns.
 */
import { byteLength } from './body.js';
import type { RouterRequest } from './types.js';

/** OpenAPI 3.x, Parameter Object: header parameters with these names are ignored (the media types
 * and security of the document describe them). Shared by the router and the validator plan. */
export const IGNORED_HEADER_PARAMS: ReadonlySet<string> = new Set(['accept', 'content-type', 'authorization']);

export function lowerHeaders(headers: RouterRequest['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers instanceof Headers) {
    headers.forEach((v, k) => {
      out[k] = v;
    });
    return out;
  }
  for (const k in headers) {
    if (!Object.hasOwn(headers, k)) continue;
    const v = headers[k];
    // defineProperty: a header named `__proto__` is a field like any other, never the prototype.
    if (v !== undefined)
      Object.defineProperty(out, k.toLowerCase(), {
        value: Array.isArray(v) ? v.join(', ') : v,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return out;
}

/** Query parameters (repeated names become arrays); undefined when a key could poison prototypes,
 * unless the operation declares it (`declaresProto`): then it is an own property like any other. */
export function parseQuery(
  search: URLSearchParams,
  declaresProto = false,
): Record<string, string | string[]> | undefined {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of search) {
    if (key === '__proto__') {
      if (!declaresProto) return undefined;
      const prior = Object.hasOwn(out, key) ? out[key] : undefined;
      Object.defineProperty(out, key, {
        value: prior === undefined ? value : [...(Array.isArray(prior) ? prior : [prior]), value],
        enumerable: true,
        writable: true,
        configurable: true,
      });
      continue;
    }
    // Own properties only: `?constructor=x` must not find Object.prototype.constructor.
    const prior = Object.hasOwn(out, key) ? out[key] : undefined;
    // push, not spread: many repeated keys must stay linear.
    if (Array.isArray(prior)) prior.push(value);
    else out[key] = prior === undefined ? value : [prior, value];
  }
  return out;
}

/** Is the body larger than `limit` bytes? Strings are measured only when their length leaves doubt. */
export function exceedsLimit(body: RouterRequest['body'], limit: number): boolean {
  if (body === undefined) return false;
  if (typeof body !== 'string') return body.byteLength > limit;
  // A UTF-16 unit is 1 to 3 bytes of UTF-8.
  if (body.length > limit) return true;
  if (body.length * 3 <= limit) return false;
  return byteLength(body) > limit;
}

export function isEmptyBody(body: RouterRequest['body']): boolean {
  return body === undefined || (typeof body === 'string' ? body.length === 0 : body.byteLength === 0);
}

/** The cookie-pairs of a Cookie header (RFC 6265 §4.2.1, `name=value` joined by `; `; read as
 * leniently as §5.4 allows): values by name in header order, still percent-encoded. */
export function parseCookieHeader(header: string | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (header === undefined) return out;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1) continue;
    const name = pair.slice(0, eq).trim();
    if (name === '') continue;
    let value = pair.slice(eq + 1).trim();
    // RFC 6265 §4.1.1: a cookie-value may be wrapped in double quotes.
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    const prior = out.get(name);
    if (prior === undefined) out.set(name, [value]);
    else prior.push(value);
  }
  return out;
}
