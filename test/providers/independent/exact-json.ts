/**
 * JSON.parse that keeps each number's decimal text: an amount such as 12345678901234567.89 has
 * no exact double, and "the sum of entry amounts equals amount" (service description, Create
 * payment rule 3) must be judged on what the caller wrote, not on its nearest binary float.
 * Numbers are still JS numbers in the result; `numberText(obj, key)` gives the text as sent.
 */
const MARK = '\u0000n:';
const texts = new WeakMap<object, Map<string | number, string>>();

/** Wraps every number token outside strings as a marked string, then parses and unwraps. */
export function parseExact(raw: string): unknown {
  let out = '';
  let i = 0;
  while (i < raw.length) {
    const c = raw[i];
    if (c === '"') {
      let j = i + 1;
      while (j < raw.length && raw[j] !== '"') j += raw[j] === '\\' ? 2 : 1;
      out += raw.slice(i, j + 1);
      i = j + 1;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      const m = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(raw.slice(i, i + 400));
      // JSON's number grammar (RFC 8259 §6): no leading zeros.
      if (m && !/^-?(?:0|[1-9]\d*)(?:\.|[eE]|$)/.test(m[0])) throw new SyntaxError(`invalid number ${m[0]}`);
      if (!m) {
        out += c;
        i += 1;
        continue;
      }
      out += JSON.stringify(MARK + m[0]);
      i += m[0].length;
    } else {
      out += c;
      i += 1;
    }
  }
  return unwrap(JSON.parse(out));
}

function unwrap(v: unknown): unknown {
  if (typeof v === 'string' && v.startsWith(MARK)) return Number(v.slice(MARK.length));
  if (v === null || typeof v !== 'object') return v;
  const map = new Map<string | number, string>();
  const entries: Array<[string | number, unknown]> = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
  for (const [k, x] of entries) {
    if (typeof x === 'string' && x.startsWith(MARK)) map.set(k, x.slice(MARK.length));
    (v as Record<string | number, unknown>)[k] = unwrap(x);
  }
  if (map.size > 0) texts.set(v, map);
  return v;
}

/** The decimal text a number property was sent with (else its shortest round-trip text). */
export function numberText(obj: object, key: string): string {
  return texts.get(obj)?.get(key) ?? String((obj as Record<string, unknown>)[key]);
}
