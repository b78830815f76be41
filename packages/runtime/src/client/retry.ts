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

export interface RetryEvent {
  attempt: number;
  delayMs: number;
  status?: number;
  error?: string;
}

/**
 * Runs `attempt` until it returns a non-retryable answer or retries run out. Errors thrown by
 * `attempt` count as network errors, except aborts, which end at once. The first attempt runs
 * here; the backoff loop (retry-loop.ts) loads only when an answer or an error calls for a retry,
 * so a page that never retries never loads it. Should that chunk fail to load (a browser gone
 * offline), the first outcome stands.
 */
export async function withRetry(
  policy: RetryPolicy,
  attempt: (n: number) => Promise<Response>,
  onRetry: (event: RetryEvent) => void,
  signal?: AbortSignal,
): Promise<Response> {
  let first: Response;
  try {
    first = await attempt(0);
  } catch (error) {
    if (policy.retries === 0 || signal?.aborted || isAbort(error)) throw error;
    const loop = await import('./retry-loop.js').catch(() => undefined);
    if (loop === undefined) throw error;
    return loop.retryAfter(policy, attempt, onRetry, signal, { error }, PARTS);
  }
  if (policy.retries === 0 || !isRetryableStatus(first.status) || signal?.aborted) return first;
  const loop = await import('./retry-loop.js').catch(() => undefined);
  return loop === undefined ? first : loop.retryAfter(policy, attempt, onRetry, signal, { response: first }, PARTS);
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/** Handed to the loop rather than imported by it: a lazy chunk that imported from this module
 * would make a bundler split both into a chunk shared with the page's first one. */
const PARTS = { isRetryableStatus, isAbort };

/** The transport's retries (transport.ts loads this module for an outcome that may call for
 * one): from the first attempt's outcome on, under the policy `options` resolve to. */
export async function retryFrom(
  first: { response: Response } | { error: unknown },
  options: RetryOptions | false | undefined,
  attempt: (n: number) => Promise<Response>,
  onRetry: (event: RetryEvent) => void,
  signal?: AbortSignal,
): Promise<Response> {
  return withRetry(
    resolveRetryPolicy(options),
    (n) => {
      if (n > 0) return attempt(n);
      if ('error' in first) return Promise.reject(first.error);
      return Promise.resolve(first.response);
    },
    onRetry,
    signal,
  );
}
