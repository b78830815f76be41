/**
 * Politeness towards a real service: a request-rate cap (`--rate RPS`) and the reading of
 * Retry-After (RFC 9110 §10.2.3: seconds or an HTTP-date) on 429 (RFC 6585 §4) and 503
 * (RFC 9110 §15.6.4). The seed states no rate limit (§Limits: "Rate limits ... not shown"), so a
 * throttled answer is never a contract failure.
 */

/** Spaces requests at least 1/rps apart, across every caller of one run. */
export class RateLimiter {
  private next = 0;

  constructor(
    private readonly rps?: number,
    /** How it waits (the run's deadline cuts waits short). */
    private readonly wait: (ms: number) => Promise<void> = sleep,
  ) {}

  /** Resolves when the next request may leave. */
  async slot(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.next);
    this.next = at + (this.rps && this.rps > 0 ? 1000 / this.rps : 0);
    if (at > now) await this.wait(at - now);
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

/**
 * One line for every report when the target throttled the run (seed §Limits: "Rate limits ...
 * not shown", so this is a note, never a failure): how many answers were 429/503, that reads were
 * retried, and how many requests that are not safe to repeat were left unjudged.
 */
export function throttleNote(
  unjudged: ReadonlyArray<{ request: { method: string }; response?: { status: number }; indeterminate?: string }>,
): string | undefined {
  const hits = unjudged.filter((x) => x.response !== undefined && THROTTLE_STATUSES.has(x.response.status));
  if (hits.length === 0) return undefined;
  const per = [...THROTTLE_STATUSES]
    .map((s) => [s, hits.filter((x) => x.response!.status === s).length] as const)
    .filter(([, n]) => n > 0);
  const notResent = hits.filter((x) => /not resent/.test(x.indeterminate ?? '')).length;
  const retried = hits.filter((x) => /retried after/.test(x.indeterminate ?? '')).length;
  const counts = per.map(([s, n]) => `${n}× HTTP ${s}`).join(', ');
  const what = [
    retried > 0 ? `${retried} retried after Retry-After` : '',
    notResent > 0
      ? `${notResent} not resent (a create has no idempotency key), so ` +
        `${notResent === 1 ? 'its case is' : 'their cases are'} not judged`
      : '',
  ].filter(Boolean);
  return (
    `the target throttled ${hits.length} request${hits.length === 1 ? '' : 's'} ` +
    `(${counts})${what.length > 0 ? `: ${what.join('; ')}` : ''}. Rate limits ` +
    `are not shown in the provider's service description, so this is no failure; lower --rate to avoid it`
  );
}
