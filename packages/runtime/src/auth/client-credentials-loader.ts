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

/** The client's options this provider reads (create-client.ts ClientOptions). */
export interface ProviderClientOptions {
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  tokenUrl?: string | undefined;
  authUrl?: string | undefined;
  baseUrl: string;
  retry?: RetryOptions | false | undefined;
  logger?: unknown;
  tokenSkewSeconds?: number | undefined;
  tokenTimeoutMs?: number | undefined;
  clock?: (() => number) | undefined;
}

export async function clientCredentialsProvider(
  endpoint: TokenEndpoint | undefined,
  client: ProviderClientOptions,
  variables: TokenUrlOptions['variables'],
  fetch: ClientCredentialsOptions['fetch'],
  onToken: (token: string) => void,
  logs: () => Promise<TransportLog>,
  // Handed over rather than imported: servers.ts is in the page's first chunk, and a lazy chunk
  // importing it would make a bundler split it into a chunk of its own the page loads up front.
  resolveServer: typeof resolveServerUrl,
): Promise<TokenProvider> {
  const { tokenUrl, authUrl, baseUrl } = client;
  return createTokenProvider(
    {
      clientId: client.clientId as string,
      clientSecret: client.clientSecret as string,
      fetch,
      skewSeconds: client.tokenSkewSeconds,
      timeoutMs: client.tokenTimeoutMs,
      clock: client.clock,
      onToken,
      // Entries only with a logger: without one, logger.ts never loads.
      log: client.logger ? (await logs()).log : undefined,
      tokenUrl: resolveTokenUrl(endpoint, { tokenUrl, authUrl, baseUrl, variables }, resolveServer) ?? '',
      retry: resolveRetryPolicy(client.retry),
    },
    { AuthFailure, withRetry, networkFailure },
  );
}
