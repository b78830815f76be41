/**
 * The token endpoint's address, in a module of its own: only the
 * client-credentials provider needs it, and it loads with that provider (auth/token-provider.ts),
 * so a page that authenticates otherwise never loads it. The server-URL templating comes as an
 * argument (servers.ts `resolveServerUrl`, which the page's first chunk holds).
 */
import type { ServerTemplate, TokenEndpoint } from './servers.js';

export interface TokenUrlOptions {
  tokenUrl?: string | undefined;
  authUrl?: string | undefined;
  baseUrl: string;
  variables: Record<string, string | undefined>;
}

export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * Token URL: an explicit option wins; then the documented token operation on `authUrl`; then the
 * scheme's tokenUrl, moved onto `authUrl` when one is given (same path, the caller's host).
 * Defined exactly when `tokenUrl` is given or the document has a token endpoint.
 */
export function resolveTokenUrl(
  endpoint: TokenEndpoint | undefined,
  options: TokenUrlOptions,
  resolveServerUrl: (server: ServerTemplate, values: Record<string, string | undefined>) => string,
): string | undefined {
  if (options.tokenUrl) return options.tokenUrl;
  if (!endpoint) return undefined;
  if ('server' in endpoint) return joinUrl(resolveServerUrl(endpoint.server, options.variables), endpoint.path);
  const templated = resolveServerUrl({ url: endpoint.url, variables: {} }, options.variables);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(templated)) {
    if (!options.authUrl || templated !== endpoint.url) return templated;
    const parsed = new URL(templated);
    return joinUrl(options.authUrl, parsed.pathname + parsed.search);
  }
  return joinUrl(options.authUrl ?? options.baseUrl, templated);
}
