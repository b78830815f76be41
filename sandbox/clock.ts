/**
 * The sandbox clock: real time plus an offset that `POST /_sandbox/clock/advance` moves. Everything
 * with an expiry (tokens, quotes, sessions, virtual-account activation, third-party verification)
 * reads it, so tests can expire things without waiting. Timers scheduled on it fire when real
 * time reaches them or when the clock is advanced past them.
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
  // the last one is kept (issue 5, item 8).
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
      if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('seconds must be a non-negative number');
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
