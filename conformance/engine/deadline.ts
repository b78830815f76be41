/**
 * The run's overall deadline. A target may stretch a run without limit (429 to everything, each
 * answer's Retry-After honoured; a webhook that never comes): past the deadline nothing more is
 * sent, waits end at once, the checks not yet run are not judged, and the summary says so. The
 * default is sized for a live sandbox (stages take "seconds to minutes", seed §Events rule 5).
 */

/** Default run deadline: 30 minutes. */
export const DEFAULT_DEADLINE_SECONDS = 1800;

/** How long a check still running at the deadline may take to wind down (its sends already stop). */
export const DEADLINE_GRACE_MS = 2000;

export class Deadline {
  readonly at: number;
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;

  constructor(
    readonly seconds: number,
    now = Date.now(),
  ) {
    this.at = now + seconds * 1000;
    this.timer = setTimeout(() => this.controller.abort(), Math.max(0, this.at - now));
    // The deadline never keeps the process alive on its own.
    this.timer.unref?.();
  }

  get passed(): boolean {
    return this.controller.signal.aborted || Date.now() >= this.at;
  }

  /** Aborted when the deadline passes. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  remainingMs(): number {
    return Math.max(0, this.at - Date.now());
  }

  /** Why something was not done: one phrase for every message. */
  get reason(): string {
    return `the run's deadline (${this.seconds} s) passed`;
  }

  /** Sleeps `ms`, or less when the deadline passes first. */
  sleep(ms: number): Promise<void> {
    return this.race(new Promise<void>((resolve) => setTimeout(resolve, Math.min(ms, this.remainingMs()))));
  }

  /** Resolves `undefined` at the deadline (plus `graceMs`), or with the promise's value when it settles first. */
  async within<T>(work: Promise<T>, graceMs = 0): Promise<{ value: T } | undefined> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), this.remainingMs() + graceMs);
    });
    try {
      return await Promise.race([work.then((value) => ({ value })), expired]);
    } finally {
      clearTimeout(timer);
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
  }

  private race(p: Promise<void>): Promise<void> {
    if (this.passed) return Promise.resolve();
    return Promise.race([
      p,
      new Promise<void>((resolve) => this.controller.signal.addEventListener('abort', () => resolve(), { once: true })),
    ]);
  }
}
