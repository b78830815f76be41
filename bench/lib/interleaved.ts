/**
 * Two implementations of one in-process call compared on a shared, noisy machine: many short
 * rounds, the two sides alternating within each round (A B, then B A, so neither always runs
 * second, warmer or cooler), each round giving one ratio of this process's CPU time per call
 * (process.cpuUsage: user + system, all its threads). CPU time is what the calls cost; wall time
 * also counts the time other processes hold the cores, which on a loaded machine is most of it.
 * Load that comes and goes hits both sides of a round alike besides. Printed: the
 * median ratio, its 95% confidence interval (order statistics: no assumption about how the
 * ratios are distributed) and the interquartile range (IQR) of the rounds. A verdict is drawn
 * from the interval, and only when the rounds' spread is narrow enough to trust it.
 */
import os from 'node:os';

export interface RatioSummary {
  /** Time per call of `a` over that of `b` (below 1: `a` is faster), median of the rounds. */
  median: number;
  /** First and third quartiles of the per-round ratios. */
  q1: number;
  q3: number;
  /** 95% confidence interval of the median ratio. */
  low: number;
  high: number;
  rounds: number;
  /** Calls per side per round (undefined: not from interleaved()). */
  calls?: number;
  /** Calls per CPU second per side, median of the rounds. */
  aPerSecond: number;
  bPerSecond: number;
}

/** Widest IQR (as a ratio) a verdict is drawn from; above it the machine's load decides the figures. */
export const MAX_SPREAD = 0.25;
/** A ratio within this of 1 counts as the same speed. */
export const TOLERANCE = 0.05;

/** Quantile `q` (0..1) of `xs`, linear between the nearest ranks. */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((x, y) => x - y);
  if (s.length === 0) return Number.NaN;
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return s[lo]! + (s[hi]! - s[lo]!) * (at - lo);
}

/** `rounds` rounds of sequential calls per side; `a` and `b` resolve true on the expected answer.
 * Each side makes `calls` calls a round, or, given `roundMs` instead, as many as the warm-up says
 * take that much CPU time (short rounds catch a garbage collection on one side only). */
export async function interleaved(
  a: () => Promise<boolean>,
  b: () => Promise<boolean>,
  options: { rounds: number; warmup: number } & ({ calls: number } | { roundMs: number }),
): Promise<RatioSummary> {
  /** CPU milliseconds of `n` sequential calls. */
  const run = async (fn: () => Promise<boolean>, n: number): Promise<number> => {
    const t0 = process.cpuUsage();
    for (let i = 0; i < n; i++) if (!(await fn())) throw new Error('unexpected answer');
    const t = process.cpuUsage(t0);
    return (t.user + t.system) / 1000;
  };
  await run(a, options.warmup);
  await run(b, options.warmup);
  // Sized after the warm-up, once the code is compiled.
  const probe = Math.max(1, Math.ceil(options.warmup / 4));
  const perCall = ((await run(a, probe)) + (await run(b, probe))) / (2 * probe);
  const calls = 'calls' in options ? options.calls : Math.max(20, Math.round(options.roundMs / (perCall || 0.001)));
  const ratios: number[] = [];
  const aRates: number[] = [];
  const bRates: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    let ta: number;
    let tb: number;
    if (round % 2 === 0) {
      ta = await run(a, calls);
      tb = await run(b, calls);
    } else {
      tb = await run(b, calls);
      ta = await run(a, calls);
    }
    ratios.push(ta / tb);
    aRates.push((calls * 1000) / ta);
    bRates.push((calls * 1000) / tb);
  }
  return { ...summarize(ratios, aRates, bRates), calls };
}

/** The median ratio, its 95% interval and the IQR of the rounds' ratios; the median rates. */
export function summarize(
  ratios: readonly number[],
  aRates: readonly number[],
  bRates: readonly number[],
): RatioSummary {
  // The median's 95% interval lies between the order statistics n/2 -/+ 1.96 sqrt(n)/2 (the
  // binomial count of rounds below the median, approximated as normal).
  const sorted = [...ratios].sort((x, y) => x - y);
  const half = 0.98 * Math.sqrt(sorted.length);
  return {
    median: quantile(sorted, 0.5),
    q1: quantile(sorted, 0.25),
    q3: quantile(sorted, 0.75),
    low: sorted[Math.max(0, Math.floor(sorted.length / 2 - half))]!,
    high: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length / 2 + half) - 1)]!,
    rounds: sorted.length,
    aPerSecond: quantile(aRates, 0.5),
    bPerSecond: quantile(bRates, 0.5),
  };
}

/** What the figures allow one to say about `a` against `b`. */
export function verdict(s: RatioSummary, a: string, b: string): string {
  if (s.q3 - s.q1 > MAX_SPREAD)
    return `spread too wide to conclude (IQR ${(s.q3 - s.q1).toFixed(2)} > ${MAX_SPREAD}): the machine's load decides these figures`;
  if (s.high <= 1 + TOLERANCE) return `${a} no slower than ${b} (the interval is at or below ${1 + TOLERANCE})`;
  if (s.low > 1 + TOLERANCE) return `${a} SLOWER than ${b} (the interval is above ${1 + TOLERANCE})`;
  return `inconclusive: the interval straddles ${1 + TOLERANCE}`;
}

/** The machine's load, for the record beside the figures (1-minute average over the cores). */
export function machineLoad(): string {
  return `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${os.cpus().length} cores`;
}
