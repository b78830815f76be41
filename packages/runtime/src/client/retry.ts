/**
 * Retries with exponential backoff and full jitter. Only for requests that are safe to repeat:
 * idempotent reads (GET/HEAD/OPTIONS, RFC 9110 §9.2.2) and token requests. A POST/PUT that may
 * have created something is never retried: POST is not idempotent (RFC 9110 §9.2.2) and a
 * document declares no idempotency key, so a repeat could create a second resource.
 */
export interface RetryOptions {
  /** Retries after the first attempt. Default 2; 0 disables retrying. */
  retries?: number;
  /** First backoff ceiling in ms; doubles per retry. Default 200. */
  baseDelayMs?: number;
  /** Largest backoff ceiling in ms. Default 5000. */
  maxDelayMs?: number;
  /** A Retry-After longer than this (ms) stops retrying and returns the answer. Default 30000. */
  maxRetryAfterMs?: number;
  /** Injectable for tests. Default: setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** Injectable for tests. Default: Math.random. */
  random?: () => number;
  /** Clock used for HTTP-date Retry-After values. Default: Date.now. */
  now?: () => number;
}

export type RetryPolicy = Required<RetryOptions>;

export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export function resolveRetryPolicy(options: RetryOptions | false | undefined): RetryPolicy {
  const o = options === false ? { retries: 0 } : (options ?? {});
  return {
    retries: Math.max(0, Math.floor(o.retries ?? 2)),
    baseDelayMs: o.baseDelayMs ?? 200,
    maxDelayMs: o.maxDelayMs ?? 5000,
    maxRetryAfterMs: o.maxRetryAfterMs ?? 30_000,
    sleep: o.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    random: o.random ?? Math.random,
    now: o.now ?? Date.now,
  };
}

/** 429 and 5xx are transient; 501 (not implemented) and 505 are not. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status !== 501 && status !== 505);
}

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

export interface RetryEvent {
  attempt: number;
  delayMs: number;
  status?: number;
  error?: string;
}

/**
 * Runs `attempt` until it returns a non-retryable answer or retries run out. Errors thrown by
 * `attempt` count as network errors, except aborts, which end at once.
 */
export async function withRetry(policy: RetryPolicy, attempt: (n: number) => Promise<Response>, onRetry: (event: RetryEvent) => void, signal?: AbortSignal): Promise<Response> {
  for (let n = 0; ; n++) {
    let response: Response;
    try {
      response = await attempt(n);
    } catch (error) {
      if (n >= policy.retries || signal?.aborted || isAbort(error)) throw error;
      const delayMs = backoffDelay(n, policy);
      onRetry({ attempt: n + 1, delayMs, error: error instanceof Error ? error.name : 'Error' });
      await policy.sleep(delayMs);
      continue;
    }
    if (n >= policy.retries || !isRetryableStatus(response.status) || signal?.aborted) return response;
    const advised = retryAfterMs(response.headers.get('retry-after'), policy.now());
    if (advised !== undefined && advised > policy.maxRetryAfterMs) return response;
    const delayMs = advised ?? backoffDelay(n, policy);
    await response.body?.cancel().catch(() => undefined);
    onRetry({ attempt: n + 1, delayMs, status: response.status });
    await policy.sleep(delayMs);
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}
