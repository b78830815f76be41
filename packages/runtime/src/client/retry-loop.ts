/**
 * The backoff loop of withRetry (retry.ts), from the first outcome on: exponential backoff with
 * full jitter, Retry-After honoured (RFC 9110 §10.2.3). A module of its own so that a page loads
 * it only when a request is retried.
 */
import type { RetryEvent, RetryPolicy } from './retry.js';

/** Full jitter: uniform in [0, min(max, base * 2^attempt)). */
export function backoffDelay(attempt: number, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.floor(policy.random() * ceiling);
}

/** Retry-After as delay-seconds or HTTP-date (RFC 9110 §10.2.3); undefined when absent/invalid. */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Retries after the first attempt's outcome (an answer that may be retried, or an error that is
 * not an abort), until an answer is not retryable or the retries run out. */
export async function retryAfter(
  policy: RetryPolicy,
  attempt: (n: number) => Promise<Response>,
  onRetry: (event: RetryEvent) => void,
  signal: AbortSignal | undefined,
  first: { response: Response } | { error: unknown },
  {
    isRetryableStatus,
    isAbort,
  }: { isRetryableStatus: (status: number) => boolean; isAbort: (error: unknown) => boolean },
): Promise<Response> {
  let outcome = first;
  for (let n = 0; ; n++) {
    if ('error' in outcome) {
      const { error } = outcome;
      if (n >= policy.retries || signal?.aborted || isAbort(error)) throw error;
      const delayMs = backoffDelay(n, policy);
      onRetry({ attempt: n + 1, delayMs, error: error instanceof Error ? error.name : 'Error' });
      await policy.sleep(delayMs);
    } else {
      const { response } = outcome;
      if (n >= policy.retries || !isRetryableStatus(response.status) || signal?.aborted) return response;
      const advised = retryAfterMs(response.headers.get('retry-after'), policy.now());
      if (advised !== undefined && advised > policy.maxRetryAfterMs) return response;
      const delayMs = advised ?? backoffDelay(n, policy);
      await response.body?.cancel().catch(() => undefined);
      onRetry({ attempt: n + 1, delayMs, status: response.status });
      await policy.sleep(delayMs);
    }
    try {
      outcome = { response: await attempt(n + 1) };
    } catch (error) {
      outcome = { error };
    }
  }
}
