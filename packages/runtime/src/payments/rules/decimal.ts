/**
 * Exact decimal arithmetic for money (seed §Amount object: `value` is a number "in that
 * currency"). A JSON number is read through its shortest round-trip text (0.1 → "0.1"), so
 * 0.1 + 0.2 equals 0.3 here, unlike in binary floating point. Never compare sums with floats.
 */

export interface Decimal {
  /** value = units × 10^-scale */
  units: bigint;
  scale: number;
}

const DECIMAL_TEXT = /^([+-]?)(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$|^([+-]?)\.(\d+)(?:[eE]([+-]?\d+))?$/;

/** Reads a finite JSON number or a decimal string; anything else gives undefined. */
export function parseDecimal(value: unknown): Decimal | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return undefined;
  }
  const m = DECIMAL_TEXT.exec(text);
  if (m === null) return undefined;
  const sign = m[1] ?? m[5] ?? '';
  const intPart = m[2] ?? '0';
  const fracPart = m[3] ?? m[6] ?? '';
  const exp = Number(m[4] ?? m[7] ?? '0');
  let scale = fracPart.length - exp;
  let digits = (intPart + fracPart).replace(/^0+(?=\d)/, '');
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  const units = BigInt(sign === '-' ? `-${digits}` : digits);
  return normalize({ units, scale });
}

/** Drops trailing zeros so that scale is the number of significant decimals (1.50 → 1.5). */
export function normalize(d: Decimal): Decimal {
  let { units, scale } = d;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return { units, scale };
}

export function addDecimal(a: Decimal, b: Decimal): Decimal {
  if (a.scale === b.scale) return { units: a.units + b.units, scale: a.scale };
  return a.scale > b.scale
    ? { units: a.units + b.units * 10n ** BigInt(a.scale - b.scale), scale: a.scale }
    : { units: a.units * 10n ** BigInt(b.scale - a.scale) + b.units, scale: b.scale };
}

export function compareDecimal(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const s = Math.max(a.scale, b.scale);
  const x = a.units * 10n ** BigInt(s - a.scale);
  const y = b.units * 10n ** BigInt(s - b.scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function formatDecimal(d: Decimal): string {
  const negative = d.units < 0n;
  let digits = (negative ? -d.units : d.units).toString();
  if (d.scale > 0) {
    digits = digits.padStart(d.scale + 1, '0');
    digits = `${digits.slice(0, -d.scale)}.${digits.slice(-d.scale)}`;
  }
  return negative ? `-${digits}` : digits;
}
