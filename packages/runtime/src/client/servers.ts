/**
 * Server URL templates and the token endpoint address. Servers are OpenAPI server objects with
 * variables (OpenAPI 3.1 §4.8.5 Server Object); the token endpoint is the documented token operation
 * or the oauth2 flow's tokenUrl (OpenAPI 3.1 §4.8.29 OAuth Flow Object), see token-url.ts.
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
  return server.url
    .replace(/\{([^{}]+)\}/g, (whole, name: string) => values[name] ?? server.variables[name] ?? whole)
    .replace(/\/+$/, '');
}
