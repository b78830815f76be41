/**
 * Typed failures returned (never thrown) by the generated client. `kind` tells the caller what
 * to do next: fix the request ('validation'), check credentials ('auth'), retry later or
 * investigate connectivity ('network'), read the service's answer ('http'), or check the
 * configured addresses ('redirect': the service pointed the request at another origin, which
 * the client refuses so that no credential leaves its origin).
 */
import type { RuleErrorBody, RuleNotChecked, RuleViolation } from '../rule-types.js';
import { NetworkFailure } from './network-error.js';

export type ApiError =
  | {
      kind: 'http';
      status: number;
      message: string;
      body: unknown;
      /** The broken rules, when the body is the documented error model (RuleErrorBody). */
      errors?: RuleViolation[] | undefined;
    }
  | {
      kind: 'auth';
      /** Status of the answer that failed authentication (401/403), or of the token endpoint. */
      status?: number | undefined;
      reason:
        | 'unauthorized'
        | 'forbidden'
        | 'token-request-failed'
        | 'token-response-invalid'
        | 'token-redirect'
        | 'token-timeout';
      message: string;
      /** RFC 6749 §5.2 `error` code of the token endpoint's answer, when it gave one. */
      oauthError?: string | undefined;
    }
  | { kind: 'redirect'; status: number; location: string; message: string }
  | {
      kind: 'network';
      /** Names the endpoint, the URL and the cause, e.g. "The API at https://… did not answer: ECONNREFUSED". */
      message: string;
      /** The cause code (ECONNREFUSED, ENOTFOUND, CERT_HAS_EXPIRED, UND_ERR_CONNECT_TIMEOUT, ...) when
       * the platform gives one (Node does, a browser does not), else the thrown error's name. */
      cause?: unknown;
      /** Which request got no answer: the token endpoint's or the API's. */
      endpoint?: 'token' | 'api' | undefined;
      /** The URL of that request (an API key in its query redacted). */
      url?: string | undefined;
    }
  | { kind: 'validation'; message: string; violations: RuleViolation[]; notChecked: RuleNotChecked[] };

/** Thrown inside the transport when no access token can be obtained; turned into an ApiError. */
export class AuthFailure extends Error {
  readonly reason: 'token-request-failed' | 'token-response-invalid' | 'token-redirect' | 'token-timeout';
  readonly status?: number | undefined;
  readonly oauthError?: string | undefined;

  constructor(reason: AuthFailure['reason'], message: string, status?: number, oauthError?: string) {
    super(message);
    this.name = 'AuthFailure';
    this.reason = reason;
    this.status = status;
    this.oauthError = oauthError;
  }
}

/** Thrown by the transport when an answer redirects to another origin (never followed). */
export class CrossOriginRedirect extends Error {
  readonly status: number;
  readonly location: string;

  constructor(status: number, location: string, from: string) {
    super(
      `Not followed: a ${status} redirect from ${from} to another ` +
        `origin, ${location} (credentials stay with their origin)`,
    );
    this.name = 'CrossOriginRedirect';
    this.status = status;
    this.location = location;
  }
}

/** Maps a non-2xx answer to its ApiError: 401/403 are authentication problems, the rest HTTP.
 * `scrub` removes live secrets from a body that echoes them. */
export function errorFromResponse(
  response: Response,
  body: unknown,
  scrub: (text: string) => string = (t) => t,
): ApiError {
  if (response.status === 401) {
    return { kind: 'auth', status: 401, reason: 'unauthorized', message: 'The service refused the credentials (401)' };
  }
  if (response.status === 403) {
    return {
      kind: 'auth',
      status: 403,
      reason: 'forbidden',
      message: 'The credentials may not call this operation (403)',
    };
  }
  const clean = scrubValue(body, scrub);
  const errors = isRuleErrorBody(clean) ? clean.errors : undefined;
  return {
    kind: 'http',
    status: response.status,
    message: `The service answered ${response.status}${errors?.[0] ? `: ${errors[0].rule}: ${errors[0].message}` : ''}`,
    body: clean,
    ...(errors ? { errors } : {}),
  };
}

/** The body is the documented error model: `errors`, each with a string rule, pointer and message. */
export function isRuleErrorBody(body: unknown): body is RuleErrorBody {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return (
    Array.isArray(errors) &&
    errors.length > 0 &&
    errors.every((e) => typeof e?.rule === 'string' && typeof e.pointer === 'string' && typeof e.message === 'string')
  );
}

/** Maps anything thrown by the transport to an ApiError. `scrub` removes secrets from messages. */
export function errorFromThrown(error: unknown, scrub: (text: string) => string): ApiError {
  if (error instanceof AuthFailure) {
    return {
      kind: 'auth',
      status: error.status,
      reason: error.reason,
      message: scrub(error.message),
      ...(error.oauthError ? { oauthError: scrub(error.oauthError) } : {}),
    };
  }
  if (error instanceof CrossOriginRedirect) {
    return { kind: 'redirect', status: error.status, location: scrub(error.location), message: scrub(error.message) };
  }
  if (error instanceof NetworkFailure) {
    const { endpoint, url, code } = error;
    return { kind: 'network', message: scrub(error.message), cause: code ?? error.name, endpoint, url: scrub(url) };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'network', message: scrub(message), cause: error instanceof Error ? error.name : undefined };
}

/** A copy of `error` whose message (and its cause's) carries no live secret: what `client.raw`
 * callers catch. AuthFailure keeps its class; a CrossOriginRedirect is returned as it is: the
 * transport builds it from the redacted Location and an origin only. */
export function scrubError(error: unknown, scrub: (text: string) => string): unknown {
  if (error instanceof AuthFailure)
    return new AuthFailure(
      error.reason,
      scrub(error.message),
      error.status,
      error.oauthError && scrub(error.oauthError),
    );
  if (error instanceof CrossOriginRedirect) return error;
  if (error instanceof NetworkFailure)
    return new NetworkFailure(error.endpoint, scrub(error.url), error.code, scrub(error.detail));
  if (!(error instanceof Error)) return new Error(scrub(String(error)));
  const cause = (error as { cause?: unknown }).cause;
  const copy = new Error(scrub(error.message), cause instanceof Error ? { cause: plainCopy(cause, scrub) } : undefined);
  copy.name = error.name;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') Object.assign(copy, { code });
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}

function plainCopy(error: Error, scrub: (text: string) => string): Error {
  const copy = new Error(scrub(error.message));
  copy.name = error.name;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') Object.assign(copy, { code });
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}

/** `value` with every live secret replaced (a JSON body that echoes one). */
export function scrubValue(value: unknown, scrub: (text: string) => string): unknown {
  if (typeof value === 'string') return scrub(value);
  if (value === null || typeof value !== 'object') return value;
  const text = JSON.stringify(value);
  const clean = scrub(text);
  if (clean === text) return value;
  try {
    return JSON.parse(clean);
  } catch {
    return clean;
  }
}

/** The result of a call the service answered with a failure status (create-client.ts): the
 * body and the apiError, scrubbed of live secrets. */
export function failedResult(
  result: { error?: unknown; response: Response },
  scrub: (text: string) => string,
): { error: unknown; response: Response; apiError: ApiError } {
  return {
    error: scrubValue(result.error, scrub),
    response: result.response,
    apiError: errorFromResponse(result.response, result.error, scrub),
  };
}
