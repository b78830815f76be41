/**
 * The sandbox clock: real time plus an offset that `POST /_sandbox/clock/advance` moves. Everything
 * with an expiry (tokens, quotes, sessions, virtual-account activation, third-party verification)
 * reads it, so tests can expire things without waiting. Timers scheduled on it fire when real
 * time reaches them or when the clock is advanced past them.
 *
 * Each tenant (client) has its own clock: advancing it expires that tenant's tokens, quotes and
 * sessions and runs that tenant's due stages, and nobody else's.
 */
export interface SandboxClock {
  /** Sandbox time, ms since the epoch. */
  now(): number;
  /** RFC 3339 with milliseconds (seed §Events: event_timestamp; assumption A-TIMESTAMP-FORMAT). */
  iso(ms?: number): string;
  /** Moves sandbox time forward and runs every timer that becomes due on the way, in due order. */
  advance(seconds: number): void;
  /** Runs `fn` once sandbox time reaches now + delayMs. Returns a cancel function. */
  schedule(delayMs: number, fn: () => void): () => void;
  /** Cancels every pending timer (on close). */
  stop(): void;
}

interface Timer {
  due: number;
  seq: number;
  fn: () => void;
}

/** The furthest one advance may move a clock (10 years): keeps the clock inside the range that
 * Date and RFC 3339 can represent (years 0000-9999), however many advances follow. */
export const MAX_ADVANCE_SECONDS = 10 * 366 * 24 * 3600;
/** Sandbox time never passes this instant (RFC 3339 years stop at 9999; keep a margin of a
 * century so that expiries computed from it still fit). */
export const MAX_SANDBOX_MS = Date.parse('9899-12-31T23:59:59.999Z');

export function createClock(startOffsetMs = 0): SandboxClock {
  let offset = startOffsetMs;
  let seq = 0;
  let timers: Timer[] = [];
  let handle: NodeJS.Timeout | undefined;
  const now = (): number => Date.now() + offset;

  function runDue(): void {
    const t = now();
    const due = timers.filter((x) => x.due <= t).sort((a, b) => a.due - b.due || a.seq - b.seq);
    if (due.length > 0) timers = timers.filter((x) => x.due > t);
    for (const x of due) x.fn();
    arm();
  }

  function arm(): void {
    if (handle) clearTimeout(handle);
    handle = undefined;
    if (timers.length === 0) return;
    const next = Math.min(...timers.map((x) => x.due));
    handle = setTimeout(runDue, Math.max(0, next - now()));
    handle.unref();
  }

  // A created payment and its first event usually share a millisecond: formatting is ~3 µs, so
  // the last one is kept.
  let lastMs = Number.NaN;
  let lastIso = '';
  return {
    now,
    iso(ms) {
      const t = ms ?? now();
      if (t !== lastMs) {
        lastIso = new Date(t).toISOString();
        lastMs = t;
      }
      return lastIso;
    },
    advance(seconds) {
      if (!Number.isFinite(seconds) || seconds < 0 || seconds > MAX_ADVANCE_SECONDS)
        throw new RangeError(`seconds must be between 0 and ${MAX_ADVANCE_SECONDS}`);
      if (now() + seconds * 1000 > MAX_SANDBOX_MS) throw new RangeError('the sandbox clock cannot pass year 9899');
      // Step through the timers in due order, each seeing the time it was due at, so a timer
      // that schedules the next stage (realistic mode) is run too when it falls in the window.
      const target = now() + seconds * 1000;
      for (;;) {
        const next = timers.filter((x) => x.due <= target).sort((a, b) => a.due - b.due || a.seq - b.seq)[0];
        if (next === undefined) break;
        offset = Math.max(offset, next.due - Date.now());
        timers = timers.filter((x) => x !== next);
        next.fn();
      }
      offset = Math.max(offset, target - Date.now());
      runDue();
    },
    schedule(delayMs, fn) {
      const timer: Timer = { due: now() + Math.max(0, delayMs), seq: seq++, fn };
      timers.push(timer);
      arm();
      return () => {
        timers = timers.filter((x) => x !== timer);
        arm();
      };
    },
    stop() {
      timers = [];
      if (handle) clearTimeout(handle);
      handle = undefined;
    },
  };
}

/** One clock per tenant (client id), made on first use. `all` moves every tenant at once (tests,
 * harnesses) and new tenants start where `all` left them. */
export interface TenantClocks {
  of(clientId: string): SandboxClock;
  /** Every tenant's clock together: `advance` moves each, `now`/`iso` read the common base. */
  all: SandboxClock;
  stop(): void;
}

export function createTenantClocks(): TenantClocks {
  const clocks = new Map<string, SandboxClock>();
  const base = createClock();
  const of = (clientId: string): SandboxClock => {
    let c = clocks.get(clientId);
    if (c === undefined) clocks.set(clientId, (c = createClock(base.now() - Date.now())));
    return c;
  };
  const all: SandboxClock = {
    now: base.now,
    iso: base.iso,
    advance(seconds) {
      const target = base.now() + seconds * 1000;
      base.advance(seconds);
      // Each tenant moves to the common target (a tenant already past it stays where it is).
      for (const c of clocks.values()) {
        const behind = (target - c.now()) / 1000;
        if (behind > 0) c.advance(Math.min(behind, MAX_ADVANCE_SECONDS));
      }
    },
    schedule: base.schedule,
    stop: base.stop,
  };
  return {
    of,
    all,
    stop() {
      base.stop();
      for (const c of clocks.values()) c.stop();
    },
  };
}
