/**
 * The fetch the client core (fetch-client.ts) is built on: adds credentials per operation, retries safe
 * requests, and after a 401 refreshes the token once and re-sends the request once with its
 * body intact (bearer-call.ts). The body is read into memory once, before the first send, and every attempt is a
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
import type { CallObservation } from './call-observer.js';
import type { CallExtensions } from './call-extensions.js';
import type { Secrets, TransportLog } from './logger.js';
import type { RetryOptions } from './retry.js';

export interface TransportOperation {
  id: string;
  security: ReadonlyArray<ReadonlyArray<string>>;
  /** The path template, for the call observer. */
  path?: string;
}

export interface TransportOptions {
  fetch: (request: Request) => Promise<Response>;
  /** Finds the operation of a request (method + URL) sent without one (`client.raw`); undefined
   * for unknown URLs. */
  resolve: (method: string, url: string) => TransportOperation | undefined | Promise<TransportOperation | undefined>;
  schemes: Readonly<Record<string, SchemeDescriptor>>;
  /** What the client holds: a token provider (`oauth`) and the API key placed where its scheme says. */
  credentials: Credentials;
  tokens?: TokenProvider | undefined;
  /** When set, credentials (a token, fetched or held, and the API key) go only to requests of
   * these origins: the service's, the ones they were issued for. */
  credentialOrigins?: ReadonlySet<string> | undefined;
  /** The retry options as given (retry.ts resolves them when a request may be retried). */
  retry?: RetryOptions | false | undefined;
  secrets: Secrets;
  /** The client's logger, when it has one: without one, no entry is built and logger.ts never
   * loads (the entries go to it through `logs`). */
  logger?: unknown;
  /** The entries and the redactor (logger.ts, loaded on first use). */
  logs: () => Promise<TransportLog>;
  /** Observes requests sent without an observation of their own (`client.raw`); loaded on first use. */
  observer?: (() => Promise<Pick<CallExtensions, 'observe'> | undefined>) | undefined;
}

/** Sends a request of `op` (the operation the generated method called), or of the operation
 * its URL names (`client.raw`), told to the call's observation when there is one. */
export type Transport = (request: Request, op?: TransportOperation, observation?: CallObservation) => Promise<Response>;

export function createTransport(options: TransportOptions): Transport {
  const { scrub } = options.secrets;
  const inner = createInnerTransport(options);
  return async function transport(input, op, observation) {
    try {
      return await inner(input, op, observation);
    } catch (error) {
      // The error model loads with the first failure; offline, the error is rebuilt from its
      // scrubbed message alone.
      const m = await import('./api-error.js').catch(() => undefined);
      if (m) throw m.scrubError(error, scrub);
      const copy = new Error(scrub(error instanceof Error ? error.message : String(error)));
      copy.name = error instanceof Error ? error.name : 'Error';
      throw copy;
    }
  };
}

function createInnerTransport(options: TransportOptions): Transport {
  const given = options.retry;
  // Default 2 retries (retry.ts); the rest of the policy resolves when a request may be retried.
  const retries = given === false ? 0 : Math.max(0, Math.floor(given?.retries ?? 2));

  return async function transport(input, known, observed) {
    const op = known ?? (await options.resolve(input.method, input.url));
    // A request without a call around it (`client.raw`) is its own call.
    const observer = observed === undefined ? await options.observer?.() : undefined;
    return observer ? observer.observe(op, input.method, (own) => run(input, op, own)) : run(input, op, observed);
  };

  async function run(input: Request, op: TransportOperation | undefined, obs: CallObservation | undefined) {
    // Credentials are issued for the service's origin: a request to another one (client.raw with a
    // per-call baseUrl) plans without any, as fetch drops Authorization on a cross-origin hop.
    const { credentialOrigins } = options;
    const foreign = credentialOrigins !== undefined && !credentialOrigins.has(new URL(input.url).origin);
    const credentials = foreign ? { apiKey: undefined, oauth: false } : options.credentials;
    const plan = planSecurity(op?.security ?? [], options.schemes, credentials);
    const log = options.logger ? await options.logs() : undefined;
    if (log && foreign) log.withheld(input.method, input.url);
    else if (log && plan.unsatisfied) log.missing(op?.id);
    // Only idempotent reads are retried (retry.ts).
    const mayRetry = retries > 0 && /^(GET|HEAD|OPTIONS)$/i.test(input.method);

    const bytes = input.body ? new Uint8Array(await input.arrayBuffer()) : undefined;
    // An API key's placement loads with the first request that carries one (api-key.ts).
    const place = plan.apiKeys.length > 0 ? (await import('./api-key.js')).placeApiKey : undefined;
    const attempt = async (n: number, token: string | undefined): Promise<Response> => {
      const request = build(input.url, input.method, bytes, token);
      obs?.onAttempt(request, n);
      log?.request(op?.id, request, n);
      try {
        const response = await followSameOrigin(request, token);
        log?.response(op?.id, request, response.status, n);
        return response;
      } catch (error) {
        log?.networkError(op?.id, request, n, error);
        throw error;
      }
    };
    // The first attempt here; retry.ts (with its backoff loop) loads only for an outcome that may
    // call for a retry: an error, or 429 and the 5xx (a superset: retry.ts decides exactly).
    const send = async (token: string | undefined): Promise<Response> => {
      let first: { response: Response } | { error: unknown };
      try {
        first = { response: await attempt(0, token) };
      } catch (error) {
        first = { error };
      }
      if (!mayRetry || ('response' in first && first.response.status < 429)) return unwrap(first);
      const m = await import('./retry.js').catch(() => undefined);
      if (m === undefined) return unwrap(first);
      return m.retryFrom(
        first,
        given,
        (n) => attempt(n, token),
        (e) => log?.retry(op?.id, input, e),
        input.signal,
      );
    };

    const build = (target: string, method: string, body: typeof bytes, token: string | undefined): Request => {
      const headers = new Headers(input.headers);
      const url = new URL(target);
      if (token !== undefined) headers.set('authorization', `Bearer ${token}`);
      if (place) for (const key of plan.apiKeys) place(headers, url, key, options.credentials.apiKey ?? '');
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
      let response: Response;
      try {
        response = await options.fetch(first);
      } catch (error) {
        // The network error names the URL (redacted as logs are) and the cause; its module loads
        // on the first failure, not with the page.
        throw await import('./network-error.js').then(
          (m) => m.apiNetworkFailure(first.url, options.logs, error),
          () => error,
        );
      }
      // 301 to 308 with a Location: redirects.ts follows the redirect statuses among them.
      const { status } = response;
      if (input.redirect !== 'follow' || status < 301 || status > 308 || !response.headers.has('location'))
        return response;
      // The redirect loop loads on the first redirect. Should it fail to load (a page gone
      // offline), the 3xx answer is the result: nothing is sent on.
      const redirects = await import('./redirects.js').catch(() => undefined);
      if (redirects === undefined) return response;
      return redirects.followSameOrigin(response, first, {
        ...options,
        method: input.method,
        body: bytes,
        build: (target, method, body) => build(target, method, body, token),
        operationId: op?.id,
      });
    };

    if (!plan.bearer || !options.tokens) return send(undefined);
    // The token and the 401 refresh load with the first call that carries one (bearer-call.ts).
    return (await import('./bearer-call.js')).sendWithBearer(options.tokens, send, input.signal, obs, () =>
      log?.refresh(op?.id),
    );
  }
}

function unwrap(outcome: { response: Response } | { error: unknown }): Response {
  if ('error' in outcome) throw outcome.error;
  return outcome.response;
}
