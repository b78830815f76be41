/**
 * The OAuth 2.0 client credentials provider (token-provider.ts) as the generated client builds it,
 * with the parts of the client core it uses (the error model, retries, log entries): loaded with
 * the first request that needs a token, so that an app that authenticates otherwise never loads
 * any of it.
 */
import { AuthFailure } from '../client/api-error.js';
import type { TransportLog } from '../client/logger.js';
import { networkFailure } from '../client/network-error.js';
import { resolveRetryPolicy, type RetryOptions, withRetry } from '../client/retry.js';
import type { resolveServerUrl, TokenEndpoint } from '../client/servers.js';
import { resolveTokenUrl, type TokenUrlOptions } from '../client/token-url.js';
import { type ClientCredentialsOptions, createTokenProvider, type TokenProvider } from './token-provider.js';

export async function clientCredentialsProvider(
  endpoint: TokenEndpoint | undefined,
  where: TokenUrlOptions,
  options: Omit<ClientCredentialsOptions, 'tokenUrl' | 'retry' | 'log'>,
  retry: RetryOptions | false | undefined,
  logs: (() => Promise<TransportLog>) | undefined,
  // Handed over rather than imported: servers.ts is in the page's first chunk, and a lazy chunk
  // importing it would make a bundler split it into a chunk of its own the page loads up front.
  resolveServer: typeof resolveServerUrl,
): Promise<TokenProvider> {
  return createTokenProvider(
    {
      ...options,
      log: (await logs?.())?.log,
      tokenUrl: resolveTokenUrl(endpoint, where, resolveServer) ?? '',
      retry: resolveRetryPolicy(retry),
    },
    { AuthFailure, withRetry, networkFailure },
  );
}
