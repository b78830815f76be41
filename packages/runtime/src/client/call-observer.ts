/**
 * What the client core tells an observer about each call, so that tracing (telemetry/) lives
 * outside the core: the core knows nothing of OpenTelemetry, and without an observer nothing of
 * this runs. One observation per call: its attempts (first send, retries, the re-send after a
 * refreshed token), how its token came, how it ended, and the contract violations found in its answer.
 */
import type { ContractViolation } from '../contract/violation.js';

/** How the call's access token came: none used, from the cache, or a token request. */
export type TokenUse = 'none' | 'cached' | 'fetched' | 'refreshed';

export interface CallStart {
  /** Undefined for a `client.raw` request whose URL names no operation. */
  operationId: string | undefined;
  /** Upper case, as sent. */
  method: string;
  /** The operation's path template (`/v3/customers/{customer_id}/payments`). */
  urlTemplate: string | undefined;
}

export interface CallObservation {
  /** Each request just before it is sent (`attempt` 0 first, then each resend); the observer may add
   * headers to it (W3C traceparent), which go to that request's own origin only. */
  onAttempt(request: Request, attempt: number): void;
  onToken(use: TokenUse): void;
  /** Headers for the token request this call makes, if it makes one. */
  tokenHeaders(): Record<string, string> | undefined;
  /** A violation found in the answer (validateResponses); before `onEnd`. */
  onViolation(violation: ContractViolation): void;
  onEnd(outcome: { response: Response } | { error: unknown }): void;
}

export interface CallObserver {
  onStart(call: CallStart): CallObservation;
}

/** Hands the violations of a call's answer to its observation (no-op without one). */
export function observeViolations(
  observation: CallObservation | undefined,
  violations: readonly ContractViolation[],
): void {
  if (observation) for (const v of violations) observation.onViolation(v);
}
