/**
 * Cross-site request protection of the page's forms (Pay, Abandon), two layers:
 *  - a token bound to the session: HMAC-SHA256 over the session id with a key that lives only in
 *    this mock's memory, written into the page's forms; another site cannot read the page
 *    (same-origin policy), so it cannot post a valid token (OWASP CSRF Cheat Sheet, "Signed
 *    Double-Submit / HMAC token");
 *  - the browser's own signals when present: `Origin` must be this server's origin and
 *    `Sec-Fetch-Site` must be same-origin (Fetch Metadata, W3C). The page's Referrer-Policy
 *    is same-origin, which keeps the Origin header on the page's own POSTs.
 * No Bearer token is ever needed or shown in the browser: the session id is the credential.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const keys = new WeakMap<object, Buffer>();

/** One random key per mock (the context object), made on first use. */
function keyOf(owner: object): Buffer {
  let key = keys.get(owner);
  if (key === undefined) {
    key = randomBytes(32);
    keys.set(owner, key);
  }
  return key;
}

export function csrfToken(owner: object, sessionId: string): string {
  return createHmac('sha256', keyOf(owner)).update(`hosted-session-form\u0000${sessionId}`).digest('base64url');
}

export type CsrfVerdict = { ok: true } | { ok: false; reason: string };

export interface FormRequest {
  sessionId: string;
  token: string | null;
  headers: Record<string, string | string[] | undefined>;
}

export function checkCsrf(owner: object, r: FormRequest): CsrfVerdict {
  const site = header(r.headers, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin')
    return { ok: false, reason: `the request came from another site (Sec-Fetch-Site: ${site})` };
  const origin = header(r.headers, 'origin');
  const host = header(r.headers, 'host');
  if (origin !== undefined && (host === undefined || !sameHost(origin, host)))
    return { ok: false, reason: 'the request came from another origin' };
  const expected = Buffer.from(csrfToken(owner, r.sessionId));
  const given = Buffer.from(r.token ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'the form token is missing or not valid for this session' };
  return { ok: true };
}

/** Origin `scheme://host:port` against the Host header: this server speaks http only. */
function sameHost(origin: string, host: string): boolean {
  return origin === `http://${host}`;
}

function header(headers: FormRequest['headers'], name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}
