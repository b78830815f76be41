/**
 * Seed §Authentication: OAuth 2.0 client credentials (form body, Bearer tokens that expire after
 * expires_in seconds of sandbox time, A-EXPIRES-UNIT) and the `apikey` header. Authentication is
 * decided before any validation, whatever the path or body, so an unauthenticated caller learns
 * nothing about validation rules.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { fail, type AuthInfo, type ErrorResponse } from './http/responses.js';
import { isObject, str } from './json.js';
import type { SandboxStore } from './store.js';

/** RFC 6749 §5.2 error answer (A-TOKEN-ERRORS: the seed does not show the token endpoint's
 * errors): `error` and `error_description`, never cached; invalid_client is 401 with a
 * challenge (§5.2 allows it), the rest 400. */
export interface OAuthErrorResponse<S extends 400 | 401 = 400 | 401> {
  status: S;
  body: { error: OAuthErrorCode; error_description: string };
  headers: Record<string, string>;
}

type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'unsupported_grant_type';

export function oauthError<S extends 400 | 401>(status: S, error: OAuthErrorCode, description: string) {
  const headers: Record<string, string> = { 'cache-control': 'no-store', pragma: 'no-cache' };
  if (status === 401) headers['www-authenticate'] = 'Basic realm="cbp mock token endpoint"';
  const answer: OAuthErrorResponse<S> = { status, body: { error, error_description: description }, headers };
  return answer;
}

/** The token endpoint over the raw request (RFC 6749 §4.4.2): form body, RFC 6749 errors. */
export function tokenEndpoint(
  store: SandboxStore,
  contentType: string | undefined,
  raw: Buffer,
  ttl: number,
): TokenAnswer {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    return oauthError(
      400,
      'invalid_request',
      'send the token request as application/x-www-form-urlencoded (RFC 6749 §4.4.2)',
    );
  }
  const form = new URLSearchParams(raw.toString('utf8'));
  for (const name of ['grant_type', 'client_id', 'client_secret']) {
    // §3.2: parameters must not be included more than once.
    if (form.getAll(name).length > 1) return oauthError(400, 'invalid_request', `${name} is given more than once`);
  }
  return issueToken(store, Object.fromEntries(form), ttl);
}

/** What the token endpoint answers: a token (RFC 6749 §5.1) or an RFC 6749 §5.2 error. */
export type TokenAnswer = OAuthErrorResponse | TokenIssued;

interface TokenIssued {
  status: 200;
  body: { access_token: string; token_type: string; expires_in: number };
  headers: Record<string, string>;
}

export function issueToken(store: SandboxStore, body: unknown, ttlSeconds: number): TokenAnswer {
  const form = isObject(body) ? body : {};
  const grant = str(form.grant_type);
  if (grant === undefined || grant === '')
    return oauthError(400, 'invalid_request', 'grant_type is required (client_credentials)');
  if (grant !== 'client_credentials')
    return oauthError(400, 'unsupported_grant_type', 'grant_type must be client_credentials');
  const clientId = str(form.client_id) ?? '';
  const secret = str(form.client_secret) ?? '';
  if (clientId === '' || secret === '')
    return oauthError(400, 'invalid_request', 'client_id and client_secret are required');
  const client = store.clients.get(clientId);
  if (client === undefined || !sameSecret(client.clientSecret, secret)) {
    return oauthError(401, 'invalid_client', 'client authentication failed');
  }
  const token = randomBytes(24).toString('base64url');
  store.tokens.set(token, {
    clientId: client.clientId,
    expiresAtMs: store.clockOf(client.clientId).now() + ttlSeconds * 1000,
  });
  return {
    status: 200,
    body: { access_token: token, token_type: 'bearer', expires_in: ttlSeconds },
    headers: { 'cache-control': 'no-store' },
  };
}

export type HeaderMap = Record<string, string | string[] | undefined>;

/** The caller, or a 401 that says which credential was wrong but never echoes it. */
export function authenticate(store: SandboxStore, headers: HeaderMap, allowApiKey: boolean): AuthInfo | Unauthorized {
  const authorization = one(headers.authorization);
  if (authorization !== undefined) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!m) return unauthorized('the Authorization header is not "Bearer <token>"');
    const t = store.tokens.get(m[1]);
    if (t === undefined) return unauthorized('unknown access token');
    if (store.clockOf(t.clientId).now() >= t.expiresAtMs) {
      store.tokens.delete(m[1]);
      return unauthorized('the access token has expired; request a new one');
    }
    return { clientId: t.clientId, method: 'bearer' };
  }
  const key = one(headers.apikey);
  if (key !== undefined && allowApiKey) {
    for (const c of store.clients.values())
      if (c.apiKey !== undefined && sameSecret(c.apiKey, key)) return { clientId: c.clientId, method: 'apiKey' };
    return unauthorized('unknown API key');
  }
  return unauthorized(
    allowApiKey ? 'send Authorization: Bearer <token> or the apikey header' : 'send Authorization: Bearer <token>',
  );
}

export function isAuthInfo(v: AuthInfo | Unauthorized): v is AuthInfo {
  return typeof (v as AuthInfo).clientId === 'string';
}

type Unauthorized = ErrorResponse<401> & { headers: Record<string, string> };

function unauthorized(message: string): Unauthorized {
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
