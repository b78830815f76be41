/**
 * View models shared by the client and server emitters: security scheme descriptors, the token
 * endpoint, operation docs. Derived from the ApiModel only (never the raw document).
 */
import type { ApiModel, OperationModel, SecuritySchemeModel, ServerModel } from '../ir/model.js';
import { clientParamStyles } from '../ir/parameter-style.js';
import type { EmitContext } from './emitter.js';

export type SchemeView =
  | { type: 'oauth2' }
  | { type: 'http'; scheme: string }
  | { type: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string }
  | { type: 'other' };

export function schemeViews(model: ApiModel): Record<string, SchemeView> {
  const out: Record<string, SchemeView> = {};
  for (const name of Object.keys(model.securitySchemes).sort()) {
    const s: SecuritySchemeModel = model.securitySchemes[name];
    out[name] =
      s.kind === 'oauth2'
        ? { type: 'oauth2' }
        : s.kind === 'http'
          ? { type: 'http', scheme: s.scheme }
          : s.kind === 'apiKey'
            ? { type: 'apiKey', in: s.in, name: s.name }
            : { type: 'other' };
  }
  return out;
}

export function serverView(server: ServerModel): { url: string; variables: Record<string, string> } {
  const variables: Record<string, string> = {};
  for (const name of Object.keys(server.variables).sort()) variables[name] = server.variables[name].default;
  return { url: server.url, variables };
}

/**
 * The token endpoint: when the oauth2 tokenUrl is a path that a documented operation with its
 * own server serves (our `POST {auth_url}/auth/oauth/v2/token`), that server and path; otherwise
 * the tokenUrl as written.
 */
export function tokenEndpointView(
  model: ApiModel,
): { server: ReturnType<typeof serverView>; path: string } | { url: string } | undefined {
  const tokenUrl = Object.keys(model.securitySchemes)
    .sort()
    .map((n) => model.securitySchemes[n])
    .flatMap((s) => (s.kind === 'oauth2' && s.tokenUrl ? [s.tokenUrl] : []))[0];
  if (tokenUrl === undefined) return undefined;
  // An absolute tokenUrl (OAS 3.1) whose path a documented token operation serves: that operation's server.
  const path = /^[a-z][a-z0-9+.-]*:\/\//i.test(tokenUrl) ? new URL(tokenUrl).pathname : tokenUrl;
  const op = model.operations.find((o) => o.method === 'post' && o.path === path && o.servers && o.servers.length > 0);
  return op?.servers ? { server: serverView(op.servers[0]), path: op.path } : { url: tokenUrl };
}

/** Doc text of an operation: summary, deprecation, and the route. */
export function operationDoc(op: OperationModel): string {
  const lines = [op.summary ?? op.operationId ?? op.id, '', `${op.method.toUpperCase()} ${op.path}`];
  if (op.deprecated) lines.push('@deprecated The document marks this operation deprecated.');
  return lines.join('\n');
}

/** The generated validators are imported when that plugin runs in the same generation. */
export function withValidators(ctx: Pick<EmitContext, 'has'>): boolean {
  return ctx.has('validators');
}

/** The first JSON-ish media type, else the first one (ApiModel: "the client prefers JSON"). */
export function preferredContentType(op: OperationModel): string | undefined {
  const types = op.requestBody?.contentTypes ?? [];
  return types.find((t) => t === 'application/json' || /\+json$/.test(t)) ?? types[0];
}

/**
 * True when a value can make `op`'s URL another operation's: a path of as many segments whose
 * every segment is the same literal or a parameter on either side (GET /pets/{id} with id "mine"
 * is GET /pets/mine). The server routes such a URL to the other operation, so the client matches
 * these calls by URL to send that operation's credentials (ClientOperationMeta.matchByUrl).
 * Decided here, once, so that the page does not compare every pair of paths at run time.
 */
export function urlMayBeAnothers(
  op: Pick<OperationModel, 'path'>,
  all: ReadonlyArray<Pick<OperationModel, 'path'>>,
): boolean {
  const mine = op.path.split('/');
  return all.some((other) => {
    const theirs = other.path.split('/');
    return (
      other.path !== op.path &&
      theirs.length === mine.length &&
      theirs.every((s, i) => s === mine[i] || s.includes('{') || mine[i]!.includes('{'))
    );
  });
}

/** The client's META (packages/runtime/src/client/create-client.ts ApiClientMeta): the operation
 * table the generated client.ts hands its core, and the document's schemes and token endpoint. */
export function clientMetaView(model: ApiModel) {
  const tokenEndpoint = tokenEndpointView(model);
  return {
    operations: model.operations.map((op) => {
      const contentType = preferredContentType(op);
      const paramStyles = clientParamStyles(op.parameters);
      return {
        id: op.id,
        method: op.method,
        path: op.path,
        security: op.security,
        ...(op.servers && op.servers.length > 0 ? { server: serverView(op.servers[0]!) } : {}),
        // JSON is the core's default: its body is written as JSON with that type (fetch-client.ts).
        ...(contentType && contentType !== 'application/json' ? { contentType } : {}),
        ...(paramStyles ? { paramStyles } : {}),
        ...(urlMayBeAnothers(op, model.operations) ? { matchByUrl: true as const } : {}),
      };
    }),
    schemes: schemeViews(model),
    ...(tokenEndpoint ? { tokenEndpoint } : {}),
  };
}
