/**
 * OAuth 2.0 client-credentials token provider (RFC 6749 §4.4). The token is fetched on first use, cached, and refreshed
 * `skew` seconds before `expires_in` runs out. However many calls run at once, a single token request is in flight.
 * expires_in is read as seconds (RFC 6749 §5.1: "the lifetime in seconds of the access token").
 * The request never follows a redirect (its body carries client_secret), the token must be
 * RFC 6750 token68 syntax, and an error answer's RFC 6749 §5.2 `error` code is kept.
 *
 * A token endpoint that stalls (headers, then a byte now and then) must not wedge every call:
 * obtaining a token, retries and the body included, ends within `timeoutMs`, and each caller
 * waiting on the shared request stops waiting when its own AbortSignal fires, without
 * cancelling the request the other callers wait on.
 *
 * The error class and the retry loop come from the caller (client-credentials.ts passes its own
 * imports, the client core the ones it already has), so that a bundler loading this module on
 * the first token request does not split them out of the page's first chunk.
 */
import type { AuthFailure } from '../client/api-error.js';
import type { networkFailure } from '../client/network-error.js';
import type { ClientLogEntry } from '../client/logger.js';
import type { RetryPolicy, withRetry } from '../client/retry.js';

export { resolveTokenUrl } from '../client/token-url.js';

/** RFC 6750 §2.1 b64token (RFC 7235 token68): what may follow "Bearer " in Authorization. */
export const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

export interface ClientCredentialsOptions {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  fetch: (request: Request) => Promise<Response>;
  /** Token requests are safe to repeat, so they are retried (network errors, 429, 5xx). */
  retry: RetryPolicy;
  /** Refresh this many seconds before expiry (capped at half the lifetime). Default 30. */
  skewSeconds?: number | undefined;
  clock?: (() => number) | undefined;
  log?: ((entry: ClientLogEntry) => void) | undefined;
  /** Called with every token obtained so that logs can scrub it. */
  onToken?: (token: string) => void;
  /** Longest wait for a token, retries and the answer's body included; the request is then
   * cancelled and every waiting call fails with reason `token-timeout`. Default 10 000 ms. */
  timeoutMs?: number | undefined;
}

/** Default of `timeoutMs`: far beyond a healthy token endpoint, short enough to surface a hung one. */
export const DEFAULT_TOKEN_TIMEOUT_MS = 10_000;

/** A caller's view of its token (the client's call observer, telemetry/). */
export interface TokenHooks {
  /** How this caller's token came: the cache, or a token request (first, or after expiry). */
  onToken?(source: 'cached' | 'fetched' | 'refreshed'): void;
  /** Extra headers for the token request this caller starts (a W3C traceparent). */
  tokenHeaders?(): Record<string, string> | undefined;
}

export interface TokenProvider {
  /** A valid access token, fetching or refreshing it when needed. `signal` ends this caller's
   * wait (rejecting with its reason), not the request other callers may share. */
  getToken(signal?: AbortSignal, hooks?: TokenHooks): Promise<string>;
  /** Drops `token` after a 401 unless a newer token already replaced it. */
  invalidate(token: string): void;
}

interface Cached {
  token: string;
  /** ms epoch after which a new token is fetched; Infinity when expires_in was not given. */
  refreshAt: number;
}

/** What the provider uses from the client core (api-error.ts, retry.ts). */
export interface TokenProviderParts {
  AuthFailure: typeof AuthFailure;
  /** Names the token endpoint, its URL and the cause when fetch throws (network-error.ts). */
  networkFailure: typeof networkFailure;
  withRetry: typeof withRetry;
}

export function createTokenProvider(
  options: ClientCredentialsOptions,
  { AuthFailure, withRetry, networkFailure }: TokenProviderParts,
): TokenProvider {
  const clock = options.clock ?? Date.now;
  const log = options.log ?? (() => undefined);
  let cached: Cached | undefined;
  let inFlight: Promise<string> | undefined;

  const timeoutMs = options.timeoutMs ?? DEFAULT_TOKEN_TIMEOUT_MS;

  /** `obtain` under the deadline: its signal aborts the fetch (and a body being read) when time
   * is up, and the race ends the wait even for a fetch that ignores its signal. */
  const request = (extraHeaders: Record<string, string> | undefined): Promise<string> => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const failure = new AuthFailure(
          'token-timeout',
          `The token endpoint did not deliver a token within ${timeoutMs} ms`,
        );
        controller.abort(failure);
        reject(failure);
      }, timeoutMs);
    });
    return Promise.race([obtain(controller.signal, extraHeaders), deadline]).finally(() => clearTimeout(timer));
  };

  const obtain = async (signal: AbortSignal, extraHeaders: Record<string, string> | undefined): Promise<string> => {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: options.clientId,
      client_secret: options.clientSecret,
    }).toString();
    log({ level: 'debug', event: 'token-request', method: 'POST', url: options.tokenUrl });
    const response = await withRetry(
      options.retry,
      () =>
        options
          .fetch(
            new Request(options.tokenUrl, {
              method: 'POST',
              headers: {
                ...extraHeaders,
                'content-type': 'application/x-www-form-urlencoded',
                accept: 'application/json',
              },
              body: form,
              // The form carries client_secret: a redirect is never followed, wherever it points.
              redirect: 'manual',
              signal,
            }),
          )
          .catch((error: unknown) => {
            throw networkFailure('token', options.tokenUrl, error);
          }),
      (e) =>
        log({
          level: 'info',
          event: 'retry',
          method: 'POST',
          url: options.tokenUrl,
          attempt: e.attempt,
          delayMs: e.delayMs,
          status: e.status,
        }),
      signal,
    );
    log({ level: 'debug', event: 'token-response', url: options.tokenUrl, status: response.status });
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel().catch(() => undefined);
      const location = response.headers.get('location') ?? '(no Location header)';
      throw new AuthFailure(
        'token-redirect',
        `The token endpoint answered ${response.status || 'a redirect'} to ${location}; the token ` +
          `request is never redirected (it carries the client secret): configure the final token URL`,
        response.status || undefined,
      );
    }
    if (!response.ok) {
      const error = await oauthError(response);
      const detail = error ? `: ${error.code}${error.description ? ` (${error.description})` : ''}` : '';
      throw new AuthFailure(
        'token-request-failed',
        `The token endpoint answered ${response.status}${detail}`,
        response.status,
        error?.code,
      );
    }
    const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    const token = body?.['access_token'];
    if (typeof token !== 'string' || token === '') {
      throw new AuthFailure('token-response-invalid', 'The token response has no access_token', response.status);
    }
    if (!TOKEN68.test(token)) {
      // Never used, never echoed: a token with a newline would otherwise reach Headers.set,
      // whose error message carries the value.
      options.onToken?.(token);
      throw new AuthFailure(
        'token-response-invalid',
        'The access_token is not an RFC 6750 §2.1 token (b64token/token68 characters only)',
        response.status,
      );
    }
    options.onToken?.(token);
    const lifetime = Number(body?.['expires_in']);
    const now = clock();
    if (Number.isFinite(lifetime) && lifetime > 0) {
      const skew = Math.min(options.skewSeconds ?? 30, lifetime / 2);
      cached = { token, refreshAt: now + (lifetime - skew) * 1000 };
    } else {
      // No usable expires_in: keep the token until the service answers 401.
      cached = { token, refreshAt: Number.POSITIVE_INFINITY };
    }
    return token;
  };

  return {
    getToken(signal, hooks) {
      if (cached && clock() < cached.refreshAt) {
        hooks?.onToken?.('cached');
        return Promise.resolve(cached.token);
      }
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (cached) log({ level: 'debug', event: 'token-refresh', message: 'access token close to expiry' });
      hooks?.onToken?.(cached ? 'refreshed' : 'fetched');
      inFlight ??= request(hooks?.tokenHeaders?.()).finally(() => {
        inFlight = undefined;
      });
      return signal ? untilAborted(inFlight, signal) : inFlight;
    },
    invalidate(token) {
      if (cached?.token === token) cached = undefined;
    },
  };
}

/** `shared`, or the signal's reason as soon as it fires; `shared` itself goes on for the others. */
function untilAborted<T>(shared: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    shared.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** RFC 6749 §5.2 error body (`error`, `error_description`), when the endpoint sent one. */
async function oauthError(response: Response): Promise<{ code: string; description?: string | undefined } | undefined> {
  const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  const code = body?.['error'];
  // §5.2: error codes are printable ASCII without quote or backslash.
  if (typeof code !== 'string' || !/^[\x20-\x21\x23-\x5B\x5D-\x7E]{1,64}$/.test(code)) return undefined;
  const description = body?.['error_description'];
  return {
    code,
    description:
      typeof description === 'string' && /^[\x20-\x21\x23-\x5B\x5D-\x7E]{1,200}$/.test(description)
        ? description
        : undefined,
  };
}
