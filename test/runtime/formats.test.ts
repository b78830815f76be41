/**
 * The ES-module copies of ajv's helpers the validators use (runtime/rules/formats.ts,
 * runtime/rules/ucs2length.ts) give the verdicts of the CommonJS originals they replace:
 * ajv-formats' full format set and ajv's ucs2length.
 */
import type { Format } from 'ajv';
import ajvUcs2length from 'ajv/dist/runtime/ucs2length.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { formats, ucs2length } from 'cross-border-payments-runtime/validators';
import { describe, expect, it } from 'vitest';

const SAMPLES: unknown[] = [
  '',
  '2026-02-29',
  '2024-02-29',
  '2026-13-01',
  '12:30:00Z',
  '23:59:60Z',
  '23:59:60+01:00',
  '12:30:00',
  '2026-11-27T12:30:00Z',
  '2026-11-27t12:30:00.123+05:30',
  '2026-11-27 12:30:00',
  'P1Y2M3DT4H5M6S',
  'P',
  'https://example.com/a?b=c#d',
  'mailto:a@b.c',
  '/relative/path',
  'http://10.0.0.1/',
  'http://example.com:8080/x',
  '{+var}/x{?q}',
  'a@example.com',
  'a..b@example.com',
  'example.com',
  '-bad-.com',
  '192.168.0.1',
  '256.1.1.1',
  '::1',
  '2001:db8::ff00:42:8329',
  '^(a+)+$',
  '(unclosed',
  'a\\Z',
  '123e4567-e89b-12d3-a456-426614174000',
  '/a~1b/c~0',
  '#/a/b',
  '0#',
  '1/a',
  'aGVsbG8=',
  'aGVsbG8',
  0,
  2 ** 31,
  -(2 ** 31),
  1.5,
  2 ** 53,
];

function verdict(format: Format, value: unknown): unknown {
  const validate = typeof format === 'object' && !(format instanceof RegExp) ? format.validate : format;
  if (validate === true) return true;
  if (validate instanceof RegExp) return typeof value === 'string' ? validate.test(value) : 'n/a';
  try {
    return (validate as (v: unknown) => unknown)(value);
  } catch (error) {
    return `throws ${(error as Error).name}`;
  }
}

describe('runtime/rules/formats.ts is ajv-formats full set as an ES module', () => {
  it('has the same format names', () => {
    expect(Object.keys(formats).sort()).toEqual(Object.keys(fullFormats).sort());
  });

  for (const name of Object.keys(fullFormats)) {
    it(`${name}: the same verdict on every sample, the same type and comparison`, () => {
      const ours = formats[name as keyof typeof formats];
      const theirs = fullFormats[name as keyof typeof fullFormats];
      for (const value of SAMPLES) expect(verdict(ours, value), JSON.stringify(value)).toEqual(verdict(theirs, value));
      const kind = (f: Format) =>
        typeof f === 'object' && !(f instanceof RegExp) ? { type: f.type, compare: typeof f.compare } : typeof f;
      expect(kind(ours)).toEqual(kind(theirs));
      if (typeof ours === 'object' && 'compare' in ours && typeof theirs === 'object' && 'compare' in theirs) {
        const compare = (f: typeof ours) => (f.compare as (a: string, b: string) => number | undefined).bind(f);
        for (const [a, b] of [
          ['2026-01-01', '2026-01-02'],
          ['12:00:00Z', '11:00:00Z'],
          ['2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'],
        ] as const) {
          expect(compare(ours)(a, b)).toEqual(compare(theirs)(a, b));
        }
      }
    });
  }
});

describe('runtime/rules/ucs2length.ts', () => {
  it('counts code points as ajv does (a surrogate pair is one, a lone surrogate one)', () => {
    const ajv =
      (ajvUcs2length as unknown as { default?: (s: string) => number }).default ??
      (ajvUcs2length as unknown as (s: string) => number);
    for (const s of ['', 'abc', '😀', 'a😀b', '\ud83d', '\ude00\ud83d', 'é', '𝄞𝄞x'])
      expect(ucs2length(s), JSON.stringify(s)).toBe(ajv(s));
    expect(ucs2length('😀')).toBe(1);
  });
});
