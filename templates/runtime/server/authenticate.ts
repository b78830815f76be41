/**
 * A ready-made authenticator for the two methods of seed §Authentication: bearer tokens
 * (oauth2 / http bearer) and API keys in the header named by the scheme. The router calls it
 * before reading the body, so an unauthenticated caller learns nothing about body rules.
 */
import type { AuthenticateInput, AuthenticateResult, Authenticator } from './types.js';

export interface CredentialCheckers {
  /** Returns a principal for a valid access token, undefined otherwise. */
  bearer?: (token: string, input: AuthenticateInput) => unknown | Promise<unknown>;
  /** Returns a principal for a valid API key of `schemeName`, undefined otherwise. */
  apiKey?: (key: string, schemeName: string, input: AuthenticateInput) => unknown | Promise<unknown>;
}

async function checkScheme(name: string, input: AuthenticateInput, checkers: CredentialCheckers): Promise<unknown> {
  const scheme = input.schemes[name];
  if (!scheme) return undefined;
  if (scheme.type === 'apiKey' && checkers.apiKey && scheme.name) {
    const raw = scheme.in === 'query' ? input.query[scheme.name] : input.headers[scheme.name.toLowerCase()];
    const key = Array.isArray(raw) ? raw[0] : raw;
    return key ? checkers.apiKey(key, name, input) : undefined;
  }
  const bearerLike = scheme.type === 'oauth2' || scheme.type === 'openIdConnect' || (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer');
  if (bearerLike && checkers.bearer) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(input.headers.authorization ?? '');
    return match ? checkers.bearer(match[1], input) : undefined;
  }
  return undefined;
}

/** Accepts a request when every scheme of at least one security alternative checks out. */
export function createAuthenticator(checkers: CredentialCheckers): Authenticator {
  return async (input): Promise<AuthenticateResult> => {
    for (const alternative of input.security) {
      const principals: unknown[] = [];
      for (const name of alternative) {
        const principal = await checkScheme(name, input, checkers);
        if (principal === undefined || principal === null || principal === false) break;
        principals.push(principal);
      }
      if (principals.length === alternative.length) return { ok: true, principal: principals.length === 1 ? principals[0] : principals };
    }
    const bearer = input.security.some((alt) => alt.some((n) => input.schemes[n]?.type !== 'apiKey'));
    return { ok: false, status: 401, challenge: bearer ? 'Bearer' : undefined };
  };
}
