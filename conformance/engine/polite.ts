/**
 * Politeness towards a real service: a request-rate cap (`--rate RPS`) and the reading of
 * Retry-After (RFC 9110 §10.2.3: seconds or an HTTP-date) on 429 (RFC 6585 §4) and 503
 * (RFC 9110 §15.6.4). The seed states no rate limit (§Limits: "Rate limits ... not shown"), so a
 * throttled answer is never a contract failure.
 */

/** Spaces requests at least 1/rps apart, across every caller of one run. */
export class RateLimiter {
  private next = 0;

  constructor(private readonly rps?: number) {}

  /** Resolves when the next request may leave. */
  async slot(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.next);
    this.next = at + (this.rps && this.rps > 0 ? 1000 / this.rps : 0);
    if (at > now) await sleep(at - now);
  }

  /** Holds every request until `until` (a Retry-After the service asked for). */
  pauseUntil(until: number): void {
    this.next = Math.max(this.next, until);
  }
}

export const THROTTLE_STATUSES = new Set([429, 503]);

/** Methods that read (RFC 9110 §9.2.1 safe methods): retried after a throttled answer. */
export const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The wait a throttled answer asks for, in ms: Retry-After when present and sane, otherwise an
 * exponential backoff (1 s, 2 s, 4 s …). Capped so that a run never sleeps unboundedly.
 */
export function retryAfterMs(header: string | undefined, attempt: number, now = Date.now(), capMs = 60_000): number {
  const fallback = Math.min(1000 * 2 ** attempt, capMs);
  if (header === undefined || header.trim() === '') return fallback;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Math.min(Number(value) * 1000, capMs);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.min(Math.max(0, date - now), capMs) : fallback;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
