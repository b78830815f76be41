/**
 * Security scheme descriptors as emitted from the document (components.securitySchemes), and
 * the choice of which alternative of an operation's security the client can satisfy.
 */
export type SchemeDescriptor =
  | { type: 'oauth2' }
  | { type: 'http'; scheme: string }
  | { type: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string }
  | { type: 'other' };

export interface Credentials {
  /** OAuth 2.0 client credentials available (client id + secret). */
  oauth: boolean;
  apiKey?: string | undefined;
}

export interface SecurityPlan {
  /** Send `Authorization: Bearer <token>` from the client-credentials provider. */
  bearer: boolean;
  /** API keys to place, by scheme location and `name` (never hardcoded: OpenAPI 3.1 §4.8.27 `in` and `name`). */
  apiKeys: Array<{ in: 'header' | 'query' | 'cookie'; name: string }>;
  /** True when the operation needs credentials the client was not given. */
  unsatisfied: boolean;
}

const NONE: SecurityPlan = { bearer: false, apiKeys: [], unsatisfied: false };

/** Uses bearer tokens for oauth2 and for `http` + `bearer` (RFC 6750 §2.1 Authorization Request Header Field). */
function satisfiable(scheme: SchemeDescriptor | undefined, creds: Credentials): boolean {
  if (!scheme) return false;
  if (scheme.type === 'oauth2') return creds.oauth;
  if (scheme.type === 'http') return scheme.scheme.toLowerCase() === 'bearer' && creds.oauth;
  if (scheme.type === 'apiKey') return creds.apiKey !== undefined && creds.apiKey !== '';
  return false;
}

/**
 * Picks the first alternative (in document order) whose schemes are all satisfiable. An empty
 * alternative, or no security at all, means anonymous.
 */
export function planSecurity(
  security: ReadonlyArray<ReadonlyArray<string>>,
  schemes: Readonly<Record<string, SchemeDescriptor>>,
  creds: Credentials,
): SecurityPlan {
  if (security.length === 0 || security.some((alt) => alt.length === 0)) return NONE;
  for (const alternative of security) {
    if (!alternative.every((name) => satisfiable(schemes[name], creds))) continue;
    const plan: SecurityPlan = { bearer: false, apiKeys: [], unsatisfied: false };
    for (const name of alternative) {
      const scheme = schemes[name];
      if (scheme?.type === 'apiKey') plan.apiKeys.push({ in: scheme.in, name: scheme.name });
      else plan.bearer = true;
    }
    return plan;
  }
  return { ...NONE, unsatisfied: true };
}
