/**
 * What the client core tells an observer about each call, so that tracing (telemetry/) lives
 * outside the core: the core knows nothing of OpenTelemetry, and without an observer nothing of
 * this runs. The observer wraps each call (`observe`: its start and end are the observer's, in the
 * observer's own lazily loaded module, which keeps the page's first chunk small) and is told its
 * attempts (first send, retries, the re-send after a refreshed token), how its token came, and the
 * contract violations found in its answer.
 */
import type { ContractViolation } from '../contract/violation.js';
import type { TokenHooks } from '../auth/token-provider.js';

/** How the call's access token came: none used, from the cache, or a token request. */
export type TokenUse = 'none' | 'cached' | 'fetched' | 'refreshed';

/** The operation a call is of, as the core knows it (undefined: a `client.raw` URL of none). */
export interface CallStart {
  id: string;
  /** The path template (`/v3/customers/{customer_id}/payments`). */
  path?: string;
}

/** One call's observation. Its `onToken` and `tokenHeaders` are the token provider's hooks. */
export interface CallObservation extends Required<TokenHooks> {
  /** Each request just before it is sent (`attempt` 0 first, then each resend); the observer may
   * add headers to it (W3C traceparent), which go to that request's own origin only. */
  onAttempt(request: Request, attempt: number): void;
  /** A violation found in the answer (validateResponses), before the call ends. */
  onViolation(violation: ContractViolation): void;
}

export interface CallObserver {
  /** Runs one call under a new observation: the observer starts it, and ends it with what `run`
   * gives back (a Response, a `{ response?, apiError? }` result) or throws. */
  observe<T>(op: CallStart | undefined, method: string, run: (observation: CallObservation) => Promise<T>): Promise<T>;
}

/** Hands the violations of a call's answer to its observation (no-op without one). */
export function observeViolations(
  observation: CallObservation | undefined,
  violations: readonly ContractViolation[],
): void {
  if (observation) for (const v of violations) observation.onViolation(v);
}
