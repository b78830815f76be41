/**
 * event_timestamp read at the precision of its text (seed §Events, consumer rule 2: "event_timestamp
 * determines the real order"). Never through `Date`, whose milliseconds would tie events a provider
 * stamps microseconds apart and so hide a real order fault. Accepted forms:
 * - RFC 3339 date-time (§5.6): a fraction of any length, `Z` or a numeric offset; `t`/`z` in lower
 *   case and a space for `T` (§5.6, NOTE). Without an offset the text is read as UTC, which keeps
 *   a payment's stamps comparable among themselves.
 * - epoch numbers (a JSON number or a numeric string): seconds, or milliseconds / microseconds /
 *   nanoseconds when the integer part has 12+ / 15+ / 18+ digits (1e11 s is the year 5138, so a
 *   12-digit integer is milliseconds), with a fraction of any length.
 * The value is exact: whole seconds as a BigInt and the fraction as its digits.
 */

export interface EventInstant {
  /** Whole seconds since 1970-01-01T00:00:00Z. */
  seconds: bigint;
  /** Fraction of a second, its decimal digits without trailing zeros ('' for none). */
  fraction: string;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?$/;
const EPOCH = /^(\d+)(?:\.(\d+))?$/;

/** The instant of an event_timestamp, or undefined when its text is not a timestamp. */
export function readEventTime(value: unknown): EventInstant | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? readEpoch(numberText(value)) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (EPOCH.test(text)) return readEpoch(text);
  const m = RFC3339.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 60) return undefined;
  let offset = 0;
  if (m[9] !== undefined) {
    const [oh, om] = [Number(m[10]), Number(m[11])];
    if (oh > 23 || om > 59) return undefined;
    offset = (m[9] === '-' ? -1 : 1) * (oh * 3600 + om * 60);
  }
  const seconds = daysFromCivil(year, month, day) * 86400n + BigInt(hour * 3600 + minute * 60 + second - offset);
  return { seconds, fraction: trimZeros(m[7] ?? '') };
}

/** Negative, zero or positive as a is before, at or after b. */
export function compareInstants(a: EventInstant, b: EventInstant): number {
  if (a.seconds !== b.seconds) return a.seconds < b.seconds ? -1 : 1;
  const width = Math.max(a.fraction.length, b.fraction.length);
  const [fa, fb] = [a.fraction.padEnd(width, '0'), b.fraction.padEnd(width, '0')];
  return fa < fb ? -1 : fa > fb ? 1 : 0;
}

/** b - a in seconds (for limits in seconds, e.g. 5 minutes; exact to well below a microsecond). */
export function secondsBetween(a: EventInstant, b: EventInstant): number {
  return Number(b.seconds - a.seconds) + Number(`0.${b.fraction || '0'}`) - Number(`0.${a.fraction || '0'}`);
}

function readEpoch(text: string): EventInstant | undefined {
  const m = EPOCH.exec(text);
  if (!m) return undefined;
  const integer = m[1].replace(/^0+(?=\d)/, '');
  // How many of the integer's digits are sub-second: 0 (seconds), 3 (ms), 6 (µs), 9 (ns).
  const shift = integer.length >= 18 ? 9 : integer.length >= 15 ? 6 : integer.length >= 12 ? 3 : 0;
  const whole = integer.slice(0, integer.length - shift) || '0';
  const fraction = integer.slice(integer.length - shift) + (m[2] ?? '');
  return { seconds: BigInt(whole), fraction: trimZeros(fraction) };
}

/** A JSON number as decimal text without an exponent (JSON.parse has already rounded it to a double). */
function numberText(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n >= 1 ? BigInt(Math.round(n)).toString() : n.toFixed(20);
}

const trimZeros = (digits: string) => digits.replace(/0+$/, '');

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): bigint {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return BigInt(era * 146097 + doe - 719468);
}
