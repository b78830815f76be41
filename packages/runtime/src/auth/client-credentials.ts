/**
 * OAuth 2.0 client-credentials token provider (RFC 6749 §4.4): fetched on first use, cached,
 * refreshed before `expires_in` runs out, one request in flight, bounded by `timeoutMs`
 * (token-provider.ts has the whole behaviour).
 */
import { AuthFailure } from '../client/api-error.js';
import { withRetry } from '../client/retry.js';
import { networkFailure } from '../client/network-error.js';
import { type ClientCredentialsOptions, createTokenProvider, type TokenProvider } from './token-provider.js';

export {
  type ClientCredentialsOptions,
  DEFAULT_TOKEN_TIMEOUT_MS,
  TOKEN68,
  type TokenProvider,
} from './token-provider.js';

export function createClientCredentialsProvider(options: ClientCredentialsOptions): TokenProvider {
  return createTokenProvider(options, { AuthFailure, withRetry, networkFailure });
}
