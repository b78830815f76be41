/**
 * JSON parsing that never loses a number. Node 20's JSON.parse has no access to a number's
 * source text, so amounts like 12345678901234567.89 would be silently rounded. Money is decimal
 * (project standard), so webhook payloads are parsed here: a number literal that a JS number
 * holds exactly becomes a number; any other stays its exact decimal text (a string).
 * `numbers: 'string'` keeps every number as text, for decimal arithmetic downstream.
 */

export type NumberMode = 'safe' | 'string' | ((literal: string) => unknown);

export class ExactJsonError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at position ${position}`);
    this.name = 'ExactJsonError';
  }
}

/** True when Number(literal) keeps every significant digit and stays finite. */
export function isSafeNumberLiteral(literal: string): boolean {
  const value = Number(literal);
  return Number.isFinite(value) && significantDigits(literal) === significantDigits(String(value));
}

function significantDigits(text: string): string {
  const mantissa = text.replace(/^-/, '').split(/[eE]/)[0]!.replace('.', '');
  return mantissa.replace(/^0+/, '').replace(/0+$/, '');
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING = /"((?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*)"/y;
const WS = /[ \t\n\r]*/y;

export function parseJsonExact(text: string, numbers: NumberMode = 'safe'): unknown {
  let pos = 0;
  const toNumber =
    typeof numbers === 'function'
      ? numbers
      : numbers === 'string'
        ? (lit: string) => lit
        : (lit: string) => (isSafeNumberLiteral(lit) ? Number(lit) : lit);

  const skip = (): void => {
    WS.lastIndex = pos;
    WS.exec(text);
    pos = WS.lastIndex;
  };
  const fail = (what: string): never => {
    throw new ExactJsonError(what, pos);
  };
  const readString = (): string => {
    STRING.lastIndex = pos;
    const m = STRING.exec(text);
    if (!m) fail('invalid string');
    pos = STRING.lastIndex;
    // The matched text is a valid JSON string literal, so JSON.parse decodes its escapes exactly.
    return m![1]!.includes('\\') ? (JSON.parse(m![0]) as string) : m![1]!;
  };

  const value = (depth: number): unknown => {
    if (depth > 512) fail('nesting too deep');
    skip();
    const c = text[pos];
    if (c === '{') {
      pos++;
      const obj: Record<string, unknown> = {};
      skip();
      if (text[pos] === '}') {
        pos++;
        return obj;
      }
      for (;;) {
        skip();
        if (text[pos] !== '"') fail('expected a property name');
        const key = readString();
        skip();
        if (text[pos++] !== ':') fail('expected ":"');
        // defineProperty, like JSON.parse: a "__proto__" key is data, never the prototype.
        Object.defineProperty(obj, key, {
          value: value(depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        skip();
        const next = text[pos++];
        if (next === '}') return obj;
        if (next !== ',') fail('expected "," or "}"');
      }
    }
    if (c === '[') {
      pos++;
      const arr: unknown[] = [];
      skip();
      if (text[pos] === ']') {
        pos++;
        return arr;
      }
      for (;;) {
        arr.push(value(depth + 1));
        skip();
        const next = text[pos++];
        if (next === ']') return arr;
        if (next !== ',') fail('expected "," or "]"');
      }
    }
    if (c === '"') return readString();
    for (const [word, v] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, pos)) {
        pos += word.length;
        return v;
      }
    }
    NUMBER.lastIndex = pos;
    const m = NUMBER.exec(text);
    if (!m) fail('unexpected token');
    pos = NUMBER.lastIndex;
    return toNumber(m![0]);
  };

  const result = value(0);
  skip();
  if (pos !== text.length) fail('unexpected data after JSON');
  return result;
}
