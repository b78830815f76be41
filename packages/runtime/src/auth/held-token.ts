/**
 * The access token the app holds (`accessToken`, a browser app's token its backend obtained): the
 * string, or what the function returns, checked for RFC 6750 token68 syntax before it can reach a
 * header. Nothing is cached: a function is asked before every request that needs a token, so the
 * app refreshes it. Loaded by the client with the first request that needs a token.
 */
import { AuthFailure } from '../client/api-error.js';
import type { TokenProvider } from './token-provider.js';

/** RFC 6750 §2.1 b64token (RFC 7235 token68), as token-provider.ts checks the endpoint's. */
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

export function heldTokenProvider(
  source: string | (() => string | Promise<string>),
  onToken: (token: string) => void,
): TokenProvider {
  return {
    async getToken() {
      let token: unknown;
      try {
        token = typeof source === 'function' ? await source() : source;
      } catch (error) {
        throw new AuthFailure(
          'token-request-failed',
          `accessToken failed: ${error instanceof Error ? error.message : error}`,
        );
      }
      if (typeof token !== 'string' || !TOKEN68.test(token))
        throw new AuthFailure('token-response-invalid', 'accessToken is not RFC 6750 token68 text');
      onToken(token);
      return token;
    },
    invalidate() {},
  };
}
