/**
 * A ready-made authenticator for two kinds of OpenAPI security scheme (OpenAPI 3.1 §4.8.27
 * Security Scheme Object): bearer tokens (oauth2 / http bearer, RFC 6750 §2.1) and API keys in
 * the header named by the scheme. The router calls it
 * before reading the body, so an unauthenticated caller learns nothing about body rules.
 * The principal type flows to handlers: `createAuthenticator({ bearer: (t: string) => lookup(t) })`
 * is an `Authenticator<Session>` when lookup returns `Session | undefined`. When the bearer and
 * API-key checkers return different types, name the union: `createAuthenticator<Session | Partner>`.
 */
import type { AuthenticateInput, AuthenticateResult, Authenticator } from './types.js';

/** What a checker answers: a principal, or undefined / null / false for bad credentials. */
type Checked<P> = P | undefined | null | false | Promise<P | undefined | null | false>;

export interface CredentialCheckers<P = unknown> {
  /** Returns a principal for a valid access token, undefined otherwise. */
  bearer?: (token: string, input: AuthenticateInput) => Checked<P>;
  /** Returns a principal for a valid API key of `schemeName`, undefined otherwise. */
  apiKey?: (key: string, schemeName: string, input: AuthenticateInput) => Checked<P>;
}

async function checkScheme<P>(
  name: string,
  input: AuthenticateInput,
  checkers: CredentialCheckers<P>,
): Promise<P | undefined | null | false> {
  const scheme = input.schemes[name];
  if (!scheme) return undefined;
  if (scheme.type === 'apiKey' && checkers.apiKey && scheme.name) {
    const raw = scheme.in === 'query' ? input.query[scheme.name] : input.headers[scheme.name.toLowerCase()];
    const key = Array.isArray(raw) ? raw[0] : raw;
    return key ? checkers.apiKey(key, name, input) : undefined;
  }
  const bearerLike =
    scheme.type === 'oauth2' ||
    scheme.type === 'openIdConnect' ||
    (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer');
  if (bearerLike && checkers.bearer) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(input.headers['authorization'] ?? '');
    return match ? checkers.bearer(match[1]!, input) : undefined;
  }
  return undefined;
}

/**
 * Accepts a request when every scheme of at least one security alternative checks out. The
 * principal is that of the alternative's first scheme (an alternative naming several schemes
 * needs all of them to check out; write your own Authenticator to combine their principals).
 */
export function createAuthenticator<P = unknown>(checkers: CredentialCheckers<P>): Authenticator<P> {
  return async (input): Promise<AuthenticateResult<P>> => {
    for (const alternative of input.security) {
      let first: P | undefined;
      let passed = 0;
      for (const name of alternative) {
        const principal = await checkScheme(name, input, checkers);
        if (principal === undefined || principal === null || principal === false) break;
        if (passed++ === 0) first = principal;
      }
      // An empty alternative (`{}`) lets anyone in, without a principal.
      if (passed === alternative.length) return { ok: true, principal: first as P };
    }
    const bearer = input.security.some((alt) => alt.some((n) => input.schemes[n]?.type !== 'apiKey'));
    return { ok: false, status: 401, challenge: bearer ? 'Bearer' : undefined };
  };
}
