import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseJsonExact, isSafeNumberLiteral } from 'cross-border-payments-runtime/webhooks';

describe('parseJsonExact', () => {
  it('matches JSON.parse on any JSON whose numbers a double holds exactly', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v);
        expect(parseJsonExact(text)).toStrictEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps numbers a double would round as their exact decimal text', () => {
    expect(parseJsonExact('{"v":12345678901234567.89,"w":0.1,"x":1e400,"y":-0.000}')).toEqual({
      v: '12345678901234567.89',
      w: 0.1,
      x: '1e400',
      y: -0,
    });
    expect(parseJsonExact('[1.10, 9007199254740993]', 'string')).toEqual(['1.10', '9007199254740993']);
    expect(isSafeNumberLiteral('9007199254740992')).toBe(true);
    expect(isSafeNumberLiteral('9007199254740993')).toBe(false);
  });

  it('treats "__proto__" as data, never as the prototype', () => {
    const v = parseJsonExact('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(v)).toEqual(['__proto__']);
  });

  it('rejects what JSON.parse rejects', () => {
    for (const bad of ['', '{', '[1,]', '{"a":1,}', '01', '1.', '"\u0001"', 'tru', '{"a" 1}', '[1] x', "'a'", 'NaN']) {
      expect(() => JSON.parse(bad), bad).toThrow();
      expect(() => parseJsonExact(bad), bad).toThrow(/position/);
    }
    expect(parseJsonExact(' {"a\\n\\u00e9":[true,false,null,"x"]} ')).toEqual({ 'a\né': [true, false, null, 'x'] });
  });
});
