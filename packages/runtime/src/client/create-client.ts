/**
 * The client core the generated `client.ts` binds to its document: the fetch client
 * (fetch-client.ts, openapi-fetch's call shape) whose fetch is our transport (auth, retries, 401
 * refresh), plus `call(operationId, init)` that never throws: failures come back as `apiError`
 * (api-error.ts).
 */
import { createFetchClient } from './fetch-client.js';
import type { Client } from './fetch-types.js';
import type { SchemeDescriptor } from '../auth/schemes.js';
import type { ClientCredentialsOptions, TokenProvider } from '../auth/token-provider.js';
import type { ValidationOutcome } from '../rule-types.js';
import { AuthFailure, errorFromResponse, errorFromThrown, scrubValue } from './api-error.js';
import { createRedactor, type ClientLogger } from './logger.js';
import { resolveRetryPolicy, type RetryOptions, withRetry } from './retry.js';
import { resolveServerUrl, type ServerTemplate, type TokenEndpoint } from './servers.js';
import type { TokenUrlOptions } from './token-url.js';
import { simpleOperationMatcher, type OperationMatcher } from './operation-match.js';
import { createTransport } from './transport.js';
import type { OperationStyles } from './parameter-serializer.js';
import {
  primitiveCookies,
  primitiveHeaders,
  primitiveParams,
  primitivePath,
  primitiveQuery,
} from './primitive-parameters.js';

export interface ClientOperationMeta {
  id: string;
  method: 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
  path: string;
  /** Alternatives of scheme names (OpenAPI security requirement objects). */
  security: string[][];
  /** Operation-level server (e.g. the token endpoint on `{auth_url}`). */
  server?: ServerTemplate;
  /** Media type the client sends the body as (first JSON-ish one of the document). */
  contentType?: string;
  /** Parameters whose style or explode differs from their location's default (parameter-serializer.ts). */
  paramStyles?: OperationStyles;
}

export interface ApiClientMeta {
  operations: ClientOperationMeta[];
  schemes: Record<string, SchemeDescriptor>;
  tokenEndpoint?: TokenEndpoint;
}

export type RequestValidator = (
  operationId: string,
  request: {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    headers?: Record<string, unknown>;
    cookies?: Record<string, unknown>;
    body?: unknown;
  },
) => ValidationOutcome;

/** What every client takes, whatever its credentials. */
export interface ClientBaseOptions {
  /** The service address ({base_url}). */
  baseUrl: string;
  /** The authorization server address ({auth_url}); hosts the token endpoint. */
  authUrl?: string;
  /** Underlying fetch. Default: globalThis.fetch. */
  fetch?: (request: Request) => Promise<Response>;
  /** Retry policy for idempotent reads and token requests; `false` disables. Default: 2 retries. */
  retry?: RetryOptions | false;
  /** Receives redacted entries only. */
  logger?: ClientLogger;
  /** Check requests before sending: `true` uses the generated validators. Default: false. */
  validateRequests?: boolean | RequestValidator;
  /** Refresh the token this many seconds before expiry. Default 30. */
  tokenSkewSeconds?: number;
  /** Longest wait for an access token (retries and the answer's body included); then the call
   * fails with `apiError: { kind: 'auth', reason: 'token-timeout' }`. Default 10 000 ms. */
  tokenTimeoutMs?: number;
  /** Clock for token expiry (ms epoch). Default: Date.now. */
  clock?: () => number;
  /** Values for other server variables of the document. */
  serverVariables?: Record<string, string>;
}

/** OAuth 2.0 client credentials (RFC 6749 §4.4): the client fetches and refreshes its own tokens.
 * Server-side only: the secret must never reach a browser. Never logged. */
export interface ClientCredentialsAuth {
  /** Both given and non-empty, or the client sends no token (an unset environment variable). */
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** Overrides the token endpoint address entirely. */
  tokenUrl?: string;
  apiKey?: never;
  accessToken?: never;
}

/** Sent where the document's apiKey scheme says (OpenAPI 3.1 §4.8.27). Server-side only. Never logged. */
export interface ApiKeyAuth {
  apiKey: string | undefined;
  clientId?: never;
  clientSecret?: never;
  tokenUrl?: never;
  accessToken?: never;
}

/** An access token obtained elsewhere (a browser app's backend), or a function that returns
 * one: called before each request that needs it, and once more after a 401. */
export type AccessTokenSource = string | (() => string | Promise<string>);

/** A Bearer token (RFC 6750 §2.1) the app already holds, for a browser app: no client secret in
 * the page. Sent only to the origin of `baseUrl`, never to another. Never logged. */
export interface AccessTokenAuth {
  accessToken: AccessTokenSource;
  clientId?: never;
  clientSecret?: never;
  tokenUrl?: never;
  apiKey?: never;
}

/** No credentials: operations that need some are sent without (and logged `auth-missing`). */
export interface NoAuth {
  clientId?: never;
  clientSecret?: never;
  tokenUrl?: never;
  apiKey?: never;
  accessToken?: never;
}

/** The client's options: at most one kind of credentials. `Auth` is what the document allows
 * (the generated client.ts leaves out ApiKeyAuth when it has no apiKey scheme). */
export type ClientOptions<Auth = ClientCredentialsAuth | ApiKeyAuth | AccessTokenAuth | NoAuth> = ClientBaseOptions &
  Auth;

/** Every field any credentials kind may set, as the core reads them. */
type AnyClientOptions = ClientBaseOptions & {
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  tokenUrl?: string | undefined;
  apiKey?: string | undefined;
  accessToken?: AccessTokenSource | undefined;
};

export interface CoreClient<Paths extends {}> {
  raw: Client<Paths>;
  call(operationId: string, init: unknown): Promise<unknown>;
}

/** Loads the generated request validator (client.ts passes a dynamic import of validators.ts): it
 * runs on the first call with `validateRequests: true` only, so a client without validation never
 * loads the validators nor ajv, and a bundler keeps them out of the initial chunk. */
export type RequestValidatorLoader = () => Promise<RequestValidator>;

export function createCoreClient<Paths extends {}>(
  meta: ApiClientMeta,
  clientOptions: ClientOptions,
  loadGeneratedValidator?: RequestValidatorLoader,
): CoreClient<Paths> {
  const options: AnyClientOptions = clientOptions;
  const baseFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const variables = { base_url: options.baseUrl, auth_url: options.authUrl, ...options.serverVariables };
  const apiKeyHeaders = Object.values(meta.schemes).flatMap((s) => (s.type === 'apiKey' ? [s.name] : []));
  const redactor = createRedactor(apiKeyHeaders);
  for (const secret of [options.clientSecret, options.apiKey]) redactor.addSecret(secret);
  const log = redactor.wrap(options.logger);
  const retry = resolveRetryPolicy(options.retry);
  const byId = new Map(meta.operations.map((op) => [op.id, op]));
  const serializers = new Map<string, ParameterWriters>();
  // The full style table (parameter-serializer.ts) loads for the first call that needs it: an
  // operation with a non-default style, or an array or object value. Primitives in the default
  // styles, most calls, are written by primitive-parameters.ts.
  let fullTable: Promise<typeof import('./parameter-serializer.js')> | undefined;
  const writersOf = async (
    op: ClientOperationMeta,
    params: Parameters<typeof primitiveParams>[0],
  ): Promise<ParameterWriters> => {
    if (op.paramStyles === undefined && primitiveParams(params)) return PRIMITIVE_WRITERS;
    let w = serializers.get(op.id);
    if (w === undefined) {
      const m = await (fullTable ??= import('./parameter-serializer.js'));
      const styles = op.paramStyles;
      w = {
        querySerializer: m.createQuerySerializer(styles),
        pathSerializer: m.createPathSerializer(styles),
        headers: (values) => m.serializeHeaders(values, styles),
        cookies: (values) => m.serializeCookies(values, styles),
      };
      serializers.set(op.id, w);
    }
    return w;
  };
  // The client matches its own URLs: no length limit, so a long id still gets its credentials.
  // Most documents need no route table for that (operation-match.ts); the others load it.
  const routeInputs = meta.operations.map((op) => ({ method: op.method, path: op.path, value: op }));
  const simple = simpleOperationMatcher(routeInputs);
  let table: Promise<OperationMatcher<ClientOperationMeta>> | undefined;
  const matcher = (): OperationMatcher<ClientOperationMeta> | Promise<OperationMatcher<ClientOperationMeta>> =>
    simple ??
    (table ??= import('../server/route-table.js').then((m) => {
      const routes = m.compileRoutes(routeInputs, { maxPathLength: Number.POSITIVE_INFINITY });
      return (method, pathname) => {
        const found = routes.match(method, pathname);
        return found.kind === 'found' ? found.value : undefined;
      };
    }));
  const serviceUrls = [
    options.baseUrl,
    ...meta.operations.flatMap((op) => (op.server ? [resolveServerUrl(op.server, variables)] : [])),
  ];
  const basePaths = serviceUrls.map(pathOf);

  // A token URL resolves exactly when one is given or the document has a token endpoint
  // (token-url.ts); the provider resolves it when it loads.
  const oauth = Boolean(options.clientId && options.clientSecret && (options.tokenUrl || meta.tokenEndpoint));
  const held = options.accessToken;
  const tokens =
    held !== undefined && held !== ''
      ? heldTokenProvider(held, (token) => redactor.addSecret(token))
      : oauth
        ? lazyTokenProvider(
            meta.tokenEndpoint,
            { tokenUrl: options.tokenUrl, authUrl: options.authUrl, baseUrl: options.baseUrl, variables },
            {
              clientId: options.clientId as string,
              clientSecret: options.clientSecret as string,
              fetch: baseFetch,
              retry,
              skewSeconds: options.tokenSkewSeconds,
              timeoutMs: options.tokenTimeoutMs,
              clock: options.clock,
              log,
              onToken: (token) => redactor.addSecret(token),
            },
          )
        : undefined;

  const transport = createTransport({
    fetch: baseFetch,
    resolve: async (method, url) => {
      let pathname: string;
      try {
        pathname = new URL(url).pathname;
      } catch {
        return undefined;
      }
      const match = await matcher();
      for (const base of basePaths) {
        if (!pathname.startsWith(base)) continue;
        const op = match(method, pathname.slice(base.length) || '/');
        if (op !== undefined) return op;
      }
      return undefined;
    },
    schemes: meta.schemes,
    credentials: { oauth: tokens !== undefined, apiKey: options.apiKey },
    // Every credential goes to the service's own origins only (RFC 6750 §5.3: tokens are bearer
    // secrets; an API key is one too): the base URL's and those of the servers the document
    // gives operations, never another a per-call baseUrl names.
    credentialOrigins: originsOf(serviceUrls),
    apiKey: options.apiKey,
    tokens,
    retry,
    redactor,
    log,
  });

  const raw = createFetchClient<Paths>({ baseUrl: options.baseUrl, fetch: transport });
  let generatedValidator: Promise<RequestValidator> | undefined;
  const validatorOf = (): RequestValidator | Promise<RequestValidator> | undefined =>
    options.validateRequests === true
      ? loadGeneratedValidator && (generatedValidator ??= loadGeneratedValidator())
      : options.validateRequests || undefined;

  return {
    raw,
    async call(operationId, init) {
      const op = byId.get(operationId);
      if (!op) throw new TypeError(`Unknown operation ${JSON.stringify(operationId)}`);
      const given = (init ?? {}) as {
        params?: {
          path?: Record<string, unknown>;
          query?: Record<string, unknown>;
          header?: Record<string, unknown>;
          cookie?: Record<string, unknown>;
        };
        body?: unknown;
        headers?: Record<string, string>;
      };
      const validator = await validatorOf();
      if (validator) {
        const outcome = validator(operationId, {
          params: { ...given.params?.path },
          query: { ...given.params?.query },
          headers: lowerKeys(given.params?.header),
          cookies: { ...given.params?.cookie },
          body: given.body,
        });
        if (!outcome.valid) {
          const message = `The request breaks ${outcome.violations.length} rule(s) and was not sent`;
          return {
            apiError: { kind: 'validation', message, violations: outcome.violations, notChecked: outcome.notChecked },
          };
        }
      }
      let writers: ParameterWriters;
      try {
        writers = await writersOf(op, given.params);
      } catch (error) {
        // The style table's chunk did not load (a browser offline): nothing was sent.
        return { apiError: errorFromThrown(error, redactor.scrub) };
      }
      const extra: Record<string, unknown> = {
        querySerializer: writers.querySerializer,
        pathSerializer: writers.pathSerializer,
      };
      if (op.server) extra['baseUrl'] = resolveServerUrl(op.server, variables);
      const headers: Record<string, string> = {};
      if (op.contentType && op.contentType !== 'application/json' && given.body !== undefined)
        headers['Content-Type'] = op.contentType;
      // The core writes no cookies: the cookie parameters become the Cookie header (RFC 6265 §4.2).
      const cookie = writers.cookies(given.params?.cookie);
      if (cookie !== undefined) headers['Cookie'] = cookie;
      if (Object.keys(headers).length > 0) extra['headers'] = { ...headers, ...given.headers };
      if (given.params?.header) extra['params'] = { ...given.params, header: writers.headers(given.params.header) };
      try {
        const result = (await raw.request(op.method as never, op.path as never, { ...given, ...extra } as never)) as {
          data?: unknown;
          error?: unknown;
          response: Response;
        };
        if (result.response.ok) return result;
        return {
          error: scrubValue(result.error, redactor.scrub),
          response: result.response,
          apiError: errorFromResponse(result.response, result.error, redactor.scrub),
        };
      } catch (error) {
        return { apiError: errorFromThrown(error, redactor.scrub) };
      }
    },
  };
}

/** The OAuth 2.0 client credentials provider, loaded when the first request needs a token: an
 * app that authenticates otherwise (a browser app, an API key) never loads it. Tokens are fetched
 * on first use anyway, so only the module's loading moves. */
function lazyTokenProvider(
  endpoint: TokenEndpoint | undefined,
  where: TokenUrlOptions,
  options: Omit<ClientCredentialsOptions, 'tokenUrl'>,
): TokenProvider {
  let loading: Promise<TokenProvider> | undefined;
  let provider: TokenProvider | undefined;
  return {
    async getToken(signal) {
      provider ??= await (loading ??= import('../auth/token-provider.js').then((m) =>
        m.createTokenProvider(
          { ...options, tokenUrl: m.resolveTokenUrl(endpoint, where, resolveServerUrl) ?? '' },
          { AuthFailure, withRetry },
        ),
      ));
      // The caller's signal ends its own wait for the token (the shared request has its own timeout).
      return provider.getToken(signal);
    },
    // A token to drop was handed out by the loaded provider.
    invalidate: (token) => provider?.invalidate(token),
  };
}

/** The access token the app holds (`accessToken`): the string, or what the function returns,
 * checked for RFC 6750 token68 syntax before it can reach a header. Nothing is cached: a
 * function is asked before every request that needs a token, so the app refreshes it. */
function heldTokenProvider(source: AccessTokenSource, onToken: (token: string) => void): TokenProvider {
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

/** RFC 6750 §2.1 b64token (RFC 7235 token68), as auth/token-provider.ts checks the endpoint's. */
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/** Undefined when the base URL has no origin to compare with (no restriction is possible). */
function originsOf(urls: readonly string[]): ReadonlySet<string> | undefined {
  const origins = urls.map(originOf);
  if (origins[0] === undefined) return undefined;
  return new Set(origins.filter((o): o is string => o !== undefined));
}

function originOf(url: string): string | undefined {
  try {
    // A relative baseUrl (a browser app calling its own host) is resolved as fetch resolves it.
    return new URL(url, (globalThis as { location?: { href: string } }).location?.href).origin;
  } catch {
    return undefined;
  }
}

/** How one call's parameters are written (the core's serializer options, plus the header
 * and Cookie values it does not write). */
interface ParameterWriters {
  querySerializer: (query: Record<string, unknown>) => string;
  pathSerializer: (pathname: string, params: Record<string, unknown>) => string;
  headers: (values: Record<string, unknown> | undefined) => Record<string, string>;
  cookies: (values: Record<string, unknown> | undefined) => string | undefined;
}

const PRIMITIVE_WRITERS: ParameterWriters = {
  querySerializer: primitiveQuery,
  pathSerializer: primitivePath,
  headers: primitiveHeaders,
  cookies: primitiveCookies,
};

function pathOf(url: string): string {
  try {
    return new URL(url).pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

/** Header parameters by lower-case name, as the server sees them (the validators expect that). */
function lowerKeys(values: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (values) for (const [k, v] of Object.entries(values)) if (v !== undefined) out[k.toLowerCase()] = v;
  return out;
}
