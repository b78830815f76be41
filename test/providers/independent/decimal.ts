/**
 * Exact decimal arithmetic on JSON amounts: "the sum of entry amounts equals amount" (service
 * description, Create payment rule 3) must hold in decimal, not in binary floating point
 * (0.1 + 0.2 is not 0.3 as doubles), on the decimal text the caller sent (exact-json.ts).
 */
export interface Dec {
  units: bigint;
  scale: number;
}

export function toDec(n: number | string): Dec {
  const text = String(n);
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i.exec(text);
  if (!m) throw new Error(`not a finite decimal: ${text}`);
  const digits = `${m[2]}${m[3] ?? ''}`;
  let scale = (m[3] ?? '').length - Number(m[4] ?? 0);
  let units = BigInt(digits);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: m[1] === '-' ? -units : units, scale };
}

function rescale(d: Dec, scale: number): bigint {
  return d.units * 10n ** BigInt(scale - d.scale);
}

/** Decimal texts (or numbers, read through their shortest round-trip text). */
export function sumEquals(parts: Array<number | string>, total: number | string): boolean {
  const all = [...parts.map(toDec), toDec(total)];
  const scale = Math.max(...all.map((d) => d.scale));
  const sum = parts.reduce((acc, p) => acc + rescale(toDec(p), scale), 0n);
  return sum === rescale(toDec(total), scale);
}
