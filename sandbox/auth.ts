/**
 * Seed §Authentication: OAuth 2.0 client credentials (form body, Bearer tokens that expire after
 * expires_in seconds of sandbox time, A-EXPIRES-UNIT) and the `apikey` header. Authentication is
 * decided before any validation, whatever the path or body (issue 5 item 4).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { fail, type AuthInfo, type MockResponse } from './http/responses.js';
import { isObject, str } from './json.js';
import type { MockStore } from './store.js';

const SOURCE = 'Authentication › OAuth 2.0 client credentials';

export function issueToken(store: MockStore, body: unknown, ttlSeconds: number): MockResponse {
  const form = isObject(body) ? body : {};
  const grant = str(form.grant_type);
  if (grant !== 'client_credentials') {
    // RFC 6749 §5.2 unsupported_grant_type (A-TOKEN-ERRORS).
    return fail(400, 'auth.grant-type', 'grant_type must be client_credentials', '/grant_type', SOURCE);
  }
  const client = store.clients.get(str(form.client_id) ?? '');
  if (client === undefined || !sameSecret(client.clientSecret, str(form.client_secret) ?? '')) {
    return fail(401, 'auth.invalid-client', 'invalid client credentials', '', SOURCE);
  }
  const token = randomBytes(24).toString('base64url');
  store.tokens.set(token, { clientId: client.clientId, expiresAtMs: store.clock.now() + ttlSeconds * 1000 });
  return { status: 200, body: { access_token: token, token_type: 'bearer', expires_in: ttlSeconds }, headers: { 'cache-control': 'no-store' } };
}

export type HeaderMap = Record<string, string | string[] | undefined>;

/** The caller, or a 401 that says which credential was wrong but never echoes it. */
export function authenticate(store: MockStore, headers: HeaderMap, allowApiKey: boolean): AuthInfo | MockResponse {
  const authorization = one(headers.authorization);
  if (authorization !== undefined) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!m) return unauthorized('the Authorization header is not "Bearer <token>"');
    const t = store.tokens.get(m[1]);
    if (t === undefined) return unauthorized('unknown access token');
    if (store.clock.now() >= t.expiresAtMs) {
      store.tokens.delete(m[1]);
      return unauthorized('the access token has expired; request a new one');
    }
    return { clientId: t.clientId, method: 'bearer' };
  }
  const key = one(headers.apikey);
  if (key !== undefined && allowApiKey) {
    for (const c of store.clients.values()) if (c.apiKey !== undefined && sameSecret(c.apiKey, key)) return { clientId: c.clientId, method: 'apiKey' };
    return unauthorized('unknown API key');
  }
  return unauthorized(allowApiKey ? 'send Authorization: Bearer <token> or the apikey header' : 'send Authorization: Bearer <token>');
}

export function isAuthInfo(v: AuthInfo | MockResponse): v is AuthInfo {
  return typeof (v as AuthInfo).clientId === 'string';
}

function unauthorized(message: string): MockResponse {
  const r = fail(401, 'auth.unauthorized', message, '', 'Authentication; Errors: 401 Unauthorized Error');
  return { ...r, headers: { 'www-authenticate': 'Bearer' } };
}

function one(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
