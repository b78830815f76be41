/**
 * Two implementations of one call compared on a shared, noisy machine: many short rounds, the two
 * sides alternating within each round (A B, then B A, so neither always runs second, warmer or
 * cooler), each round giving one ratio of time per call. Load that comes and goes hits both sides
 * of a round alike, so the ratios stay near the truth while the raw rates swing; the median ratio
 * and its interquartile range (IQR) say how near. A verdict is given only when the IQR is narrow.
 */
import os from 'node:os';

export interface RatioSummary {
  /** Time per call of `a` over that of `b` (below 1: `a` is faster), median of the rounds. */
  median: number;
  /** First and third quartiles of the per-round ratios. */
  q1: number;
  q3: number;
  rounds: number;
  /** Calls per second per side, median of the rounds (the raw rates, noisier than the ratio). */
  aPerSecond: number;
  bPerSecond: number;
}

/** Widest IQR (as a ratio) a verdict is drawn from; above it the machine's load decides the figures. */
export const MAX_SPREAD = 0.2;
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

/** `rounds` rounds of `calls` sequential calls per side; `a` and `b` resolve true on the expected answer. */
export async function interleaved(
  a: () => Promise<boolean>,
  b: () => Promise<boolean>,
  options: { rounds: number; calls: number; warmup: number },
): Promise<RatioSummary> {
  const run = async (fn: () => Promise<boolean>, n: number): Promise<number> => {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) if (!(await fn())) throw new Error('unexpected answer');
    return performance.now() - t0;
  };
  await run(a, options.warmup);
  await run(b, options.warmup);
  const ratios: number[] = [];
  const aRates: number[] = [];
  const bRates: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    let ta: number;
    let tb: number;
    if (round % 2 === 0) {
      ta = await run(a, options.calls);
      tb = await run(b, options.calls);
    } else {
      tb = await run(b, options.calls);
      ta = await run(a, options.calls);
    }
    ratios.push(ta / tb);
    aRates.push((options.calls * 1000) / ta);
    bRates.push((options.calls * 1000) / tb);
  }
  return {
    median: quantile(ratios, 0.5),
    q1: quantile(ratios, 0.25),
    q3: quantile(ratios, 0.75),
    rounds: options.rounds,
    aPerSecond: quantile(aRates, 0.5),
    bPerSecond: quantile(bRates, 0.5),
  };
}

/** What the figures allow one to say about `a` against `b`. */
export function verdict(s: RatioSummary, a: string, b: string): string {
  if (s.q3 - s.q1 > MAX_SPREAD)
    return `spread too wide to conclude (IQR ${(s.q3 - s.q1).toFixed(2)} > ${MAX_SPREAD}): the machine's load decides these figures`;
  if (s.q3 <= 1 + TOLERANCE) return `${a} no slower than ${b}`;
  if (s.q1 > 1 + TOLERANCE) return `${a} SLOWER than ${b}`;
  return `inconclusive: the IQR straddles ${1 + TOLERANCE}`;
}

/** The machine's load, for the record beside the figures (1-minute average over the cores). */
export function machineLoad(): string {
  return `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${os.cpus().length} cores`;
}
