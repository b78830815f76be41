/**
 * Typed failures returned (never thrown) by the generated client. `kind` tells the caller what
 * to do next: fix the request ('validation'), check credentials ('auth'), retry later or
 * investigate connectivity ('network'), or read the service's answer ('http').
 */
import type { RuleNotChecked, RuleViolation } from '../rule-types.js';

export type ApiError =
  | { kind: 'http'; status: number; message: string; body: unknown }
  | {
      kind: 'auth';
      /** Status of the answer that failed authentication (401/403), or of the token endpoint. */
      status?: number;
      reason: 'unauthorized' | 'forbidden' | 'token-request-failed' | 'token-response-invalid';
      message: string;
    }
  | { kind: 'network'; message: string; cause?: unknown }
  | { kind: 'validation'; message: string; violations: RuleViolation[]; notChecked: RuleNotChecked[] };

/** Thrown inside the transport when no access token can be obtained; turned into an ApiError. */
export class AuthFailure extends Error {
  readonly reason: 'token-request-failed' | 'token-response-invalid';
  readonly status?: number;

  constructor(reason: AuthFailure['reason'], message: string, status?: number) {
    super(message);
    this.name = 'AuthFailure';
    this.reason = reason;
    this.status = status;
  }
}

/** Maps a non-2xx answer to its ApiError: 401/403 are authentication problems, the rest HTTP. */
export function errorFromResponse(response: Response, body: unknown): ApiError {
  if (response.status === 401) {
    return { kind: 'auth', status: 401, reason: 'unauthorized', message: 'The service refused the credentials (401) after one token refresh' };
  }
  if (response.status === 403) {
    return { kind: 'auth', status: 403, reason: 'forbidden', message: 'The credentials are not allowed to call this operation (403)' };
  }
  return { kind: 'http', status: response.status, message: `The service answered ${response.status}`, body };
}

/** Maps anything thrown by the transport to an ApiError. `scrub` removes secrets from messages. */
export function errorFromThrown(error: unknown, scrub: (text: string) => string): ApiError {
  if (error instanceof AuthFailure) {
    return { kind: 'auth', status: error.status, reason: error.reason, message: scrub(error.message) };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'network', message: scrub(message), cause: error instanceof Error ? error.name : undefined };
}
