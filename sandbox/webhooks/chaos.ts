/**
 * Chaos for webhook deliveries: duplicates, reordering and delays, so consumers
 * prove the seed's rules (§Events: event_id is the idempotency key; order is not guaranteed).
 * A seeded generator keeps a chaotic run reproducible.
 */
export interface ChaosOptions {
  /** Probability (0..1) that an event is delivered twice (same event_id). Default 0. */
  duplicateRate?: number;
  /** Hold first attempts for this long and send each held batch shuffled. Default 0 (off). */
  reorderWindowMs?: number;
  /** Extra random delay (0..delayMs) before each first attempt. Default 0. */
  delayMs?: number;
  /** Seed of the pseudo-random generator. Default 1. */
  seed?: number;
}

/** mulberry32: tiny, seedable, good enough for test chaos. */
export function seededRandom(seed = 1): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(items: T[], random: () => number): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function isChaotic(c: ChaosOptions | undefined): boolean {
  return !!c && ((c.duplicateRate ?? 0) > 0 || (c.reorderWindowMs ?? 0) > 0 || (c.delayMs ?? 0) > 0);
}
