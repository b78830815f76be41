/**
 * Which number literals a binary64 double changes, found in the body text (strings skipped), with
 * the JSON pointer of the first one.
 */
import { describe, expect, it } from 'vitest';
import { firstInexactNumber, isExactLiteral, pointerAt } from '../../../packages/runtime/src/server/exact-numbers.js';

describe('exact number literals', () => {
  it.each([
    '0.1',
    '0.30000000000000004',
    '120.505',
    '1E2',
    '1e21',
    '-0',
    '100.10000000000000000000',
    '9007199254740991',
    '-0.0000000000000001',
  ])('%s is held exactly', (literal) => {
    expect(isExactLiteral(literal)).toBe(true);
    expect(firstInexactNumber(`{"a":${literal}}`)).toBe(-1);
  });

  it.each([
    '120.4999999999999999999',
    '1e-400',
    '1e400',
    '9007199254740993',
    '9007199254740993.01',
    '-1234567.12345678901',
    '0.1000000000000000055511151231257827',
  ])('%s is not', (literal) => {
    expect(isExactLiteral(literal)).toBe(false);
    expect(firstInexactNumber(`{"a":${literal}}`)).toBe(5);
  });

  it('ignores digits inside strings, escaped quotes included', () => {
    expect(firstInexactNumber('{"a":"120.4999999999999999999","b":"x\\"1e-400"}')).toBe(-1);
    expect(firstInexactNumber('{"a":"\\\\","b":1e-400}')).toBe(14);
  });

  it('names the JSON pointer of the literal', () => {
    const text = '{"amount":{"value":1},"list":[{"x":"a,b"},{"a/b":[0, 1e-400]}]}';
    expect(pointerAt(text, firstInexactNumber(text))).toBe('/list/1/a~1b/1');
  });
});
