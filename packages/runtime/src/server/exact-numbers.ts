/**
 * Numbers judged as sent. JSON.parse turns every number literal into a binary64 double, so
 * `120.4999999999999999999` becomes 120.5 and `1e-400` becomes 0 before any rule sees them: a
 * decimal rule (at most the currency's minor units, an exact sum) would judge a value the client
 * never sent, and the handler would store it. RFC 8259 §6 warns that numbers beyond binary64's
 * precision are not interoperable. So a body holding a literal that the double does not keep
 * exactly (its shortest round-trip text has other significant digits, or it is out of range) is
 * refused with the literal and its JSON pointer, instead of silently changed.
 *
 * Any literal of at most 15 characters without an exponent is exact (binary64 keeps 15 significant
 * decimal digits, DBL_DIG), so the scan parses almost nothing: one regular-expression test, and
 * only when it matches one pass over the text, strings skipped, like the nesting check.
 */

/** What every inexact literal contains: a digit before an exponent, or (being longer than 15
 * characters: at most a sign, one dot and two runs of digits) 7 digits in a row. Most bodies have
 * neither and one regular-expression test settles them; a string that matches only sends the body
 * to the exact scan below. */
const CANDIDATE = /\d(?:[eE]|\d{6})/;

/** The offset of the first number literal a double does not hold exactly, or -1. */
export function firstInexactNumber(text: string): number {
  if (!CANDIDATE.test(text)) return -1;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < n; i++) {
        const s = text.charCodeAt(i);
        if (s === 92 /* \ */) i++;
        else if (s === 34) break;
      }
    } else if (c === 45 /* - */ || (c >= 48 && c <= 57)) {
      let j = i + 1;
      let exponent = false;
      for (; j < n; j++) {
        const d = text.charCodeAt(j);
        if (d === 101 || d === 69) exponent = true;
        else if (!((d >= 48 && d <= 57) || d === 46 || d === 43 || d === 45)) break;
      }
      if ((exponent || j - i > 15) && !isExactLiteral(text.slice(i, j))) return i;
      i = j - 1;
    }
  }
  return -1;
}

/** True when Number(literal) is finite and keeps every significant digit of the literal. */
export function isExactLiteral(literal: string): boolean {
  const value = Number(literal);
  return Number.isFinite(value) && significantDigits(literal) === significantDigits(String(value));
}

function significantDigits(text: string): string {
  const [mantissa = '', exp = '0'] = text.replace(/^-/, '').split(/[eE]/);
  const [int = '', frac = ''] = mantissa.split('.');
  const digits = int + frac;
  const lead = digits.length - digits.replace(/^0+/, '').length;
  const trimmed = digits.replace(/^0+/, '').replace(/0+$/, '');
  if (trimmed === '') return '0';
  // The digits and the power of ten of the first one: 1.5, 15e-1 and 0.15e1 are the same number.
  return `${trimmed}e${Number(exp) + int.length - 1 - lead}`;
}

/** The JSON pointer of the value starting at `offset` in a JSON text already known to be valid. */
export function pointerAt(text: string, offset: number): string {
  const path: Array<string | number> = [];
  const inObject: boolean[] = [];
  let expectKey = false;
  for (let i = 0; i < offset; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const start = i;
      for (i++; i < offset; i++) {
        const s = text.charCodeAt(i);
        if (s === 92) i++;
        else if (s === 34) break;
      }
      if (expectKey && inObject.at(-1) === true) {
        path[path.length - 1] = JSON.parse(text.slice(start, i + 1)) as string;
        expectKey = false;
      }
    } else if (c === 123 /* { */) {
      inObject.push(true);
      path.push('');
      expectKey = true;
    } else if (c === 91 /* [ */) {
      inObject.push(false);
      path.push(0);
    } else if (c === 125 || c === 93) {
      inObject.pop();
      path.pop();
    } else if (c === 44 /* , */) {
      if (inObject.at(-1) === false) path[path.length - 1] = (path.at(-1) as number) + 1;
      else expectKey = true;
    }
  }
  return path.map((t) => `/${String(t).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
