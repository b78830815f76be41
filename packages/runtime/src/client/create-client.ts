/**
 * The client core the generated `client.ts` binds to its document: the fetch client
 * (fetch-client.ts, openapi-fetch's call shape) whose fetch is our transport (auth, retries, 401
 * refresh), plus `call(operationId, init)` that never throws: failures come back as `apiError`
 * (api-error.ts).
 */
import { createFetchClient } from './fetch-client.js';
import type { Client } from './fetch-types.js';
import type { SchemeDescriptor } from '../auth/schemes.js';
import type { TokenProvider } from '../auth/token-provider.js';
import type { ValidationOutcome } from '../rule-types.js';
import type { ApiError } from './api-error.js';
import type { GivenRequest } from './request-check.js';
import type { ContractViolationHandler } from '../contract/violation.js';
import type { CallObservation } from './call-observer.js';
import type { CallExtensions } from './call-extensions.js';
import type { ResponseChecks, ResponseValidationMode } from './response-check.js';
import type { ClientLogger, Secrets, TransportLog } from './logger.js';
import type { RetryOptions } from './retry.js';
import { resolveServerUrl, type ServerTemplate, type TokenEndpoint } from './servers.js';
import { createTransport } from './transport.js';
import type { OperationStyles } from './parameter-serializer.js';
import { primitiveParams, primitivePath, primitiveQuery } from './primitive-parameters.js';

export interface ClientOperationMeta {
  id: string;
  method: 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
  path: string;
  /** Alternatives of scheme names (OpenAPI security requirement objects). */
  security: string[][];
  /** Operation-level server (e.g. the token endpoint on `{auth_url}`). */
  server?: ServerTemplate;
  /** Media type the client sends the body as (first JSON-ish one of the document), when it is
   * not application/json: without one, the body is JSON. */
  contentType?: string;
  /** Parameters whose style or explode differs from their location's default (parameter-serializer.ts). */
  paramStyles?: OperationStyles;
  /** A value can make this operation's URL another operation's (getPet with id "mine" is GET
   * /pets/mine), and the server routes it to that one, so its credentials are that one's: its
   * calls are matched by URL like `client.raw` calls (operation-match.ts). The generator sets it
   * where the path template meets another path of as many segments, literal for literal. */
  matchByUrl?: true;
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

/** `validateResponses`: one mode for every operation, or a default and a mode per operation id. */
export type ResponseValidation<OperationId extends string = string> =
  | ResponseValidationMode
  | { default?: ResponseValidationMode; operations?: { [Id in OperationId]?: ResponseValidationMode } };

/** What every client takes, whatever its credentials. `OperationId`: the document's operation ids
 * (the generated client.ts names them), which key the per-operation response validation. */
export interface ClientBaseOptions<OperationId extends string = string> {
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
  /** Judge what the provider answers against its documented contract (schema of the declared
   * response, error bodies included, and the response rules of the document's plugins):
   * `'report'` hands each ContractViolation to `onContractViolation`, `'throw'` rejects the call
   * with a ContractViolationError, `'both'` reports then throws; per operation with
   * `{ default, operations: { [operationId]: mode } }`. The validators load with the first judged
   * response. Default: 'off'. */
  validateResponses?: ResponseValidation<OperationId>;
  /** Share of responses judged, 0..1 (a sample of the traffic in production). Default 1. */
  responseSampleRate?: number;
  /** Draws the sampling number in [0, 1) (tests make it deterministic). Default: Math.random. */
  responseSampler?: () => number;
  /** Receives each violation (no value in it, only its JSON type). Default: the logger, at
   * level warn, event 'contract-violation'. */
  onContractViolation?: ContractViolationHandler;
  /** Refresh the token this many seconds before expiry. Default 30. */
  tokenSkewSeconds?: number;
  /** Longest wait for an access token (retries and the answer's body included); then the call
   * fails with `apiError: { kind: 'auth', reason: 'token-timeout' }`. Default 10 000 ms. */
  tokenTimeoutMs?: number;
  /** Clock for token expiry (ms epoch). Default: Date.now. */
  clock?: () => number;
  /** Values for other server variables of the document. */
  serverVariables?: Record<string, string>;
  /** OpenTelemetry tracing: one CLIENT span per call and a W3C traceparent on its requests
   * (telemetry/client-spans.ts). It and `@opentelemetry/api` load with the first call only when
   * this is given. Default: none. */
  telemetry?: ClientTelemetry;
}

/** `tracer`: an OpenTelemetry `Tracer` (`trace.getTracer(name)`), typed loosely so that the client's
 * types never name `@opentelemetry/api`. */
export interface ClientTelemetry {
  tracer: object;
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
export type ClientOptions<
  Auth = ClientCredentialsAuth | ApiKeyAuth | AccessTokenAuth | NoAuth,
  OperationId extends string = string,
> = ClientBaseOptions<OperationId> & Auth;

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

/** Loads what judges responses (client.ts passes a dynamic import of validators.ts and of the
 * plugins' response rules): run on the first judged response only, like the request validator. */
export type ResponseChecksLoader = () => Promise<ResponseChecks>;

export function createCoreClient<Paths extends {}>(
  meta: ApiClientMeta,
  clientOptions: ClientOptions,
  loadGeneratedValidator?: RequestValidatorLoader,
  loadResponseChecks?: ResponseChecksLoader,
): CoreClient<Paths> {
  const options: AnyClientOptions = clientOptions;
  const baseFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const variables = { base_url: options.baseUrl, auth_url: options.authUrl, ...options.serverVariables };
  const secrets = createSecrets();
  for (const secret of [options.clientSecret, options.apiKey]) secrets.addSecret(secret);
  // Log entries and their redaction load with the first entry to log (no logger, none is built).
  let logging: Promise<TransportLog> | undefined;
  const logs = () =>
    (logging ??= import('./logger.js').then((m) => m.transportLog(meta.schemes, secrets, options.logger)));
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
      w = (await (fullTable ??= import('./parameter-serializer.js'))).parameterWriters(op.paramStyles);
      serializers.set(op.id, w);
    }
    return w;
  };
  const serviceUrls = [
    options.baseUrl,
    ...meta.operations.flatMap((op) => (op.server ? [resolveServerUrl(op.server, variables)] : [])),
  ];
  // `client.raw` calls name no operation: the client matches its own URLs, with a resolver that
  // loads with the first such call (operation-match.ts).
  let resolver: Promise<(method: string, url: string) => Promise<ClientOperationMeta | undefined>> | undefined;
  // Tracing and the judging of answers (call-extensions.ts) load with the first call, only when
  // asked for. Should their chunk fail to load (a page gone offline), the call runs without them
  // and the next one tries again; an error of the extensions themselves (a tracer that fails) is
  // the call's.
  const responses = options.validateResponses;
  let extending: Promise<CallExtensions | undefined> | undefined;
  const extensions =
    (responses && responses !== 'off') || options.telemetry
      ? () =>
          (extending ??= import('./call-extensions.js').then(
            (m) => m.callExtensions(options, meta.schemes, secrets, loadResponseChecks),
            () => (extending = undefined),
          ))
      : undefined;

  // A token URL resolves exactly when one is given or the document has a token endpoint
  // (token-url.ts); the provider resolves it when it loads.
  const oauth = Boolean(options.clientId && options.clientSecret && (options.tokenUrl || meta.tokenEndpoint));
  const held = options.accessToken;
  const onToken = (token: string) => secrets.addSecret(token);
  const tokens =
    held !== undefined && held !== ''
      ? lazyTokens(() => import('../auth/held-token.js').then((m) => m.heldTokenProvider(held, onToken)))
      : oauth
        ? lazyTokens(() =>
            import('../auth/client-credentials-loader.js').then((m) =>
              m.clientCredentialsProvider(
                meta.tokenEndpoint,
                options,
                variables,
                baseFetch,
                onToken,
                logs,
                resolveServerUrl,
              ),
            ),
          )
        : undefined;

  // The client's own retry policy and logger, as given.
  const transport = createTransport({
    ...options,
    fetch: baseFetch,
    resolve: async (method, url) =>
      (await (resolver ??= import('./operation-match.js').then((m) => m.urlResolver(meta.operations, serviceUrls))))(
        method,
        url,
      ),
    schemes: meta.schemes,
    credentials: { oauth: tokens !== undefined, apiKey: options.apiKey },
    // Every credential goes to the service's own origins only (RFC 6750 §5.3: tokens are bearer
    // secrets; an API key is one too): the base URL's and those of the servers the document
    // gives operations, never another a per-call baseUrl names.
    credentialOrigins: originsOf(serviceUrls),
    tokens,
    secrets,
    logs,
    observer: extensions,
  });

  const raw = createFetchClient<Paths>({ baseUrl: options.baseUrl, fetch: transport });
  let generatedValidator: Promise<RequestValidator> | undefined;
  const validatorOf = (): RequestValidator | Promise<RequestValidator> | undefined =>
    options.validateRequests === true
      ? loadGeneratedValidator && (generatedValidator ??= loadGeneratedValidator())
      : options.validateRequests || undefined;

  // The error model loads with the first failure (api-error.ts); should its chunk fail to load
  // (a page gone offline), the next failure tries again.
  let errorModel: Promise<ErrorModel> | undefined;
  const errors = () =>
    (errorModel ??= import('./api-error.js').catch(() => {
      errorModel = undefined;
      return OFFLINE_ERRORS;
    }));
  const thrownError = async (error: unknown): Promise<ApiError> =>
    (await errors()).errorFromThrown(error, secrets.scrub);

  // One call of a generated method; `obs` sees its requests (call-observer.ts), `ext` judges its answer.
  const invoke = async (
    op: ClientOperationMeta,
    init: unknown,
    obs?: CallObservation,
    ext?: CallExtensions,
  ): Promise<unknown> => {
    const given = (init ?? {}) as GivenRequest & { headers?: Record<string, string> };
    const validator = await validatorOf();
    if (validator) {
      const apiError = (await import('./request-check.js')).checkRequest(validator, op.id, given);
      if (apiError) return { apiError };
    }
    let writers: ParameterWriters;
    try {
      writers = await writersOf(op, given.params);
    } catch (error) {
      // The style table's chunk did not load (a browser offline): nothing was sent.
      return { apiError: await thrownError(error) };
    }
    const extra: Record<string, unknown> = {
      querySerializer: writers.querySerializer,
      pathSerializer: writers.pathSerializer,
      // The transport is told the operation, unless its URL may be another's (matchByUrl).
      fetch: (request: Request) => transport(request, op.matchByUrl ? undefined : op, obs),
    };
    if (op.server) extra['baseUrl'] = resolveServerUrl(op.server, variables);
    const headers: Record<string, string> = {};
    // A FormData body (multipart/form-data) gets its type from fetch, with the boundary its
    // parts are delimited by (RFC 7578 §4.1): a type written here would have none.
    if (op.contentType && given.body !== undefined && !(given.body instanceof FormData))
      headers['Content-Type'] = op.contentType;
    // The core writes no cookies: the cookie parameters become the Cookie header (RFC 6265 §4.2).
    const cookie = writers.cookies(given.params?.cookie);
    if (cookie !== undefined) headers['Cookie'] = cookie;
    if (Object.keys(headers).length > 0) extra['headers'] = { ...headers, ...given.headers };
    if (given.params?.header) extra['params'] = { ...given.params, header: writers.headers(given.params.header) };
    let result: { data?: unknown; error?: unknown; response: Response };
    try {
      result = (await raw.request(op.method as never, op.path as never, { ...given, ...extra } as never)) as {
        data?: unknown;
        error?: unknown;
        response: Response;
      };
    } catch (error) {
      return { apiError: await thrownError(error) };
    }
    // validateResponses on: the guard decides per operation and sample, and in `throw` and `both`
    // modes rejects the call with a ContractViolationError; the violations also go to the call's
    // observation (span events) before the call ends.
    if (ext) await ext.checkCall(op, given as { parseAs?: string }, result, obs);
    return result.response.ok ? result : (await errors()).failedResult(result, secrets.scrub);
  };

  return {
    raw,
    async call(operationId, init) {
      const op = byId.get(operationId);
      if (!op) throw new TypeError(`Unknown operation ${JSON.stringify(operationId)}`);
      // Response validation (validateResponses) reports to `obs` (observeViolations) before it ends.
      const ext = await extensions?.();
      return ext ? ext.observe(op, op.method, (obs) => invoke(op, init, obs, ext)) : invoke(op, init);
    },
  };
}

/** A token provider whose module loads when the first request needs a token: an app that
 * authenticates otherwise (an API key, none) never loads it. Tokens are fetched on first use
 * anyway, so only the module's loading moves. */
function lazyTokens(load: () => Promise<TokenProvider>): TokenProvider {
  let loading: Promise<TokenProvider> | undefined;
  let provider: TokenProvider | undefined;
  return {
    async getToken(signal, hooks) {
      provider ??= await (loading ??= load());
      // The caller's signal ends its own wait for the token (the shared request has its own timeout).
      return provider.getToken(signal, hooks);
    },
    // A token to drop was handed out by the loaded provider.
    invalidate: (token) => provider?.invalidate(token),
  };
}

/** The client's live secrets (logger.ts Secrets): here, since errors are scrubbed whether or not
 * there is a logger. Very short values would mask ordinary text; real credentials are longer. */
function createSecrets(): Secrets {
  const values = new Set<string>();
  return {
    addSecret(value) {
      if (value && value.length >= 4) values.add(value);
    },
    scrub(text) {
      let out = text;
      // logger.ts REDACTED
      for (const secret of values) if (out.includes(secret)) out = out.split(secret).join('[REDACTED]');
      return out;
    },
  };
}

type ErrorModel = Pick<typeof import('./api-error.js'), 'errorFromThrown' | 'failedResult'>;

/** When the error model's chunk cannot load (a page gone offline): each failure, told plainly. */
const OFFLINE_ERRORS: ErrorModel = {
  errorFromThrown: (error, scrub) => ({ kind: 'network', message: scrub(String(error)) }),
  failedResult: ({ error, response }) => ({
    error,
    response,
    apiError: { kind: 'network', message: `the service answered ${response.status}` },
  }),
};

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

/** For calls without header and cookie parameters (primitiveParams): there are none to write. */
const PRIMITIVE_WRITERS: ParameterWriters = {
  querySerializer: primitiveQuery,
  pathSerializer: primitivePath,
  headers: () => ({}),
  cookies: () => undefined,
};
