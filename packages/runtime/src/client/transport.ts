/**
 * The fetch the client core (fetch-client.ts) is built on: adds credentials per operation, retries safe
 * requests, and after a 401 refreshes the token once and re-sends the request once with its
 * body intact. The body is read into memory once, before the first send, and every attempt is a
 * fresh Request over those bytes (cheaper than Request.clone(), which tees a stream).
 *
 * Redirects are handled here, never by fetch: fetch drops Authorization on a cross-origin hop
 * but not an `apikey` header, a query key or a request body. A redirect to the same origin
 * (scheme, host and port) is followed with the credentials; one to another origin is not
 * followed at all: the call fails with the Location named (CrossOriginRedirect). A caller that
 * asks for `redirect: 'manual'` or `'error'` gets fetch's own behaviour for that mode.
 * Whatever the transport throws is scrubbed of live secrets first (`client.raw` callers too).
 */
import { planSecurity, type Credentials, type SchemeDescriptor } from '../auth/schemes.js';
import type { TokenProvider } from '../auth/client-credentials.js';
import { CrossOriginRedirect, scrubError } from './api-error.js';
import type { ClientLogEntry, Redactor } from './logger.js';
import { IDEMPOTENT_METHODS, withRetry, type RetryPolicy } from './retry.js';

export interface TransportOperation {
  id: string;
  security: ReadonlyArray<ReadonlyArray<string>>;
}

export interface TransportOptions {
  fetch: (request: Request) => Promise<Response>;
  /** Finds the operation of a request (method + URL); undefined for unknown URLs. */
  resolve: (method: string, url: string) => TransportOperation | undefined | Promise<TransportOperation | undefined>;
  schemes: Readonly<Record<string, SchemeDescriptor>>;
  credentials: Credentials;
  apiKey?: string | undefined;
  tokens?: TokenProvider | undefined;
  /** When set, credentials (a token, fetched or held, and the API key) go only to requests of
   * these origins: the service's, the ones they were issued for. */
  credentialOrigins?: ReadonlySet<string> | undefined;
  retry: RetryPolicy;
  redactor: Redactor;
  log: (entry: ClientLogEntry) => void;
}

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export function createTransport(options: TransportOptions): (request: Request) => Promise<Response> {
  const { redactor } = options;
  const inner = createInnerTransport(options);
  return async function transport(input: Request): Promise<Response> {
    try {
      return await inner(input);
    } catch (error) {
      throw scrubError(error, redactor.scrub);
    }
  };
}

function createInnerTransport(options: TransportOptions): (request: Request) => Promise<Response> {
  const { log, redactor } = options;
  const noRetry: RetryPolicy = { ...options.retry, retries: 0 };

  return async function transport(input: Request): Promise<Response> {
    const op = await options.resolve(input.method, input.url);
    // Credentials are issued for the service's origin: a request to another one (client.raw with a
    // per-call baseUrl) plans without any, as fetch drops Authorization on a cross-origin hop.
    const { credentialOrigins } = options;
    const foreign = credentialOrigins !== undefined && !credentialOrigins.has(new URL(input.url).origin);
    const credentials = foreign ? { apiKey: undefined, oauth: false } : options.credentials;
    const plan = planSecurity(op?.security ?? [], options.schemes, credentials);
    if (foreign) {
      log({
        level: 'warn',
        event: 'auth-withheld',
        method: input.method,
        url: redactor.url(input.url),
        message: 'another origin than baseUrl: sent without credentials',
      });
    } else if (plan.unsatisfied) {
      log({
        level: 'warn',
        event: 'auth-missing',
        operationId: op?.id,
        message: 'no credentials given satisfy this operation; sent without',
      });
    }
    const policy = IDEMPOTENT_METHODS.has(input.method.toUpperCase()) ? options.retry : noRetry;

    const bytes = input.body ? new Uint8Array(await input.arrayBuffer()) : undefined;
    const send = (token: string | undefined): Promise<Response> =>
      withRetry(
        policy,
        async (attempt) => {
          const request = build(input.url, input.method, bytes, token);
          log({
            level: 'debug',
            event: 'request',
            operationId: op?.id,
            method: request.method,
            url: redactor.url(request.url),
            attempt,
            headers: redactor.headers(request.headers),
          });
          try {
            const response = await followSameOrigin(request, token);
            log({
              level: 'debug',
              event: 'response',
              operationId: op?.id,
              method: request.method,
              url: redactor.url(request.url),
              status: response.status,
              attempt,
            });
            return response;
          } catch (error) {
            log({
              level: 'warn',
              event: 'network-error',
              operationId: op?.id,
              method: request.method,
              url: redactor.url(request.url),
              attempt,
              message: error instanceof Error ? error.message : String(error),
            });
            throw error;
          }
        },
        (e) =>
          log({
            level: 'info',
            event: 'retry',
            operationId: op?.id,
            method: input.method,
            url: redactor.url(input.url),
            attempt: e.attempt,
            delayMs: e.delayMs,
            status: e.status,
          }),
        input.signal,
      );

    const build = (target: string, method: string, body: typeof bytes, token: string | undefined): Request => {
      const headers = new Headers(input.headers);
      const url = new URL(target);
      if (token !== undefined) headers.set('authorization', `Bearer ${token}`);
      for (const key of plan.apiKeys) placeApiKey(headers, url, key, options.apiKey ?? '');
      // A 303 hop continues without the body, so without its type either.
      if (body === undefined && bytes !== undefined) headers.delete('content-type');
      return new Request(url, {
        method,
        headers,
        body: body ?? null,
        signal: input.signal,
        redirect: input.redirect === 'follow' ? 'manual' : input.redirect,
        credentials: input.credentials,
        keepalive: input.keepalive,
      });
    };

    const followSameOrigin = async (first: Request, token: string | undefined): Promise<Response> => {
      const response = await options.fetch(first);
      if (input.redirect !== 'follow' || !REDIRECT_STATUSES.has(response.status) || !response.headers.has('location'))
        return response;
      // The redirect loop loads on the first redirect. Should it fail to load (a page gone
      // offline), the 3xx answer is the result: nothing is sent on.
      const redirects = await import('./redirects.js').catch(() => undefined);
      if (redirects === undefined) return response;
      return redirects.followSameOrigin(response, first, {
        fetch: options.fetch,
        method: input.method,
        body: bytes,
        build: (target, method, body) => build(target, method, body, token),
        url: redactor.url,
        log: (entry) => log({ ...entry, operationId: op?.id }),
        statuses: REDIRECT_STATUSES,
        CrossOriginRedirect,
      });
    };

    if (!plan.bearer || !options.tokens) return send(undefined);
    // The caller's signal ends its wait for a token too (a stalled token endpoint must not hold it).
    const token = await options.tokens.getToken(input.signal);
    const response = await send(token);
    if (response.status !== 401) return response;
    // RFC 6750 §3.1 invalid_token (401): an expired token is replaced. Exactly one refresh and one
    // re-send, unless the replacement is the same token (a token the app holds and did not renew).
    options.tokens.invalidate(token);
    log({
      level: 'info',
      event: 'token-refresh',
      operationId: op?.id,
      message: 'refreshing the access token after 401',
    });
    const next = await options.tokens.getToken(input.signal);
    if (next === token) return response;
    await response.body?.cancel().catch(() => undefined);
    return send(next);
  };
}

/** Places an API key where its scheme says (OpenAPI 3.1 §4.8.27: `in` header, query or cookie, under `name`). */
function placeApiKey(headers: Headers, url: URL, key: { in: string; name: string }, value: string): void {
  if (key.in === 'header') headers.set(key.name, value);
  else if (key.in === 'query') url.searchParams.set(key.name, value);
  else {
    const prior = headers.get('cookie');
    headers.set('cookie', `${prior ? `${prior}; ` : ''}${key.name}=${encodeURIComponent(value)}`);
  }
}
