/**
 * Server URL templates and the token endpoint address. Servers are OpenAPI server objects with
 * variables (OpenAPI 3.1 §4.8.5 Server Object); the token endpoint is the documented token operation
 * or the oauth2 flow's tokenUrl (OpenAPI 3.1 §4.8.29 OAuth Flow Object), see resolveTokenUrl.
 */
export interface ServerTemplate {
  url: string;
  variables: Record<string, string>;
}

/** Where the token endpoint is, as derived from the document at generate time. */
export type TokenEndpoint =
  /** A documented operation with its own server (`{auth_url}`) and path. */
  | { server: ServerTemplate; path: string }
  /** The oauth2 scheme's tokenUrl as written. */
  | { url: string };

/** Replaces `{name}` with values[name] ?? the documented default. Unknown names stay visible. */
export function resolveServerUrl(server: ServerTemplate, values: Record<string, string | undefined>): string {
  return server.url.replace(/\{([^{}]+)\}/g, (whole, name: string) => values[name] ?? server.variables[name] ?? whole).replace(/\/+$/, '');
}

export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * Token URL: an explicit option wins; then the documented token operation on `authUrl`; then the
 * scheme's tokenUrl, moved onto `authUrl` when one is given (same path, the caller's host).
 */
export function resolveTokenUrl(
  endpoint: TokenEndpoint | undefined,
  options: { tokenUrl?: string | undefined; authUrl?: string | undefined; baseUrl: string; variables: Record<string, string | undefined> },
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
