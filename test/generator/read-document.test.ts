/**
 * YAML reading: the fast parser (js-yaml) and the positioned one (`yaml`) must give the same
 * values, and everything the fast one does not take as-is (aliases, duplicate keys, syntax errors)
 * must still get the positioned parser's behaviour: alias limits and line/column errors.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { describe, expect, test } from 'vitest';
import { parseDocumentText } from '../../generator/load/read-document.js';
import { packageInfo } from '../../generator/package-info.js';
import { CbpError } from '../../lib/errors.js';

const ROOT = packageInfo().root;

function parseError(text: string): CbpError {
  try {
    parseDocumentText(text, 'doc.yaml');
  } catch (err) {
    expect(err).toBeInstanceOf(CbpError);
    return err as CbpError;
  }
  throw new Error('expected a parse error');
}

describe('parseDocumentText (YAML)', () => {
  test.each([
    'spec/openapi.yaml',
    'node_modules/@readme/oas-examples/3.1/yaml/train-travel.yaml',
    'test/fixtures/generator/hostile-names.yaml',
  ])('%s: the same values as the YAML 1.2 document model', (file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    expect(parseDocumentText(text, file)).toEqual(parseDocument(text).toJS({ maxAliasCount: 1000 }));
  });

  test('core-schema scalars read as YAML 1.2 says, not as YAML 1.1 or JSON', () => {
    const value = parseDocumentText(
      'a: ~\nb: True\nc: 0x1F\nd: 2024-01-01\ne: yes\nf: "<<"\ng: .inf\nh: 010\n',
      'doc.yaml',
    );
    expect(value).toEqual({
      a: null,
      b: true,
      c: 31,
      d: '2024-01-01',
      e: 'yes',
      f: '<<',
      g: Number.POSITIVE_INFINITY,
      h: 10,
    });
  });

  test('values JSON cannot write as they are (NaN, infinities, -0) are read as they are', () => {
    const value = parseDocumentText('a: .nan\nb: -.inf\nc: -0.0\nd: [1, { e: .inf }]\nf: text\n', 'doc.yaml') as {
      a: number;
      b: number;
      c: number;
      d: [number, { e: number }];
      f: string;
    };
    expect(value.a).toBeNaN();
    expect(value.b).toBe(Number.NEGATIVE_INFINITY);
    expect(Object.is(value.c, -0)).toBe(true);
    expect(value.d).toEqual([1, { e: Number.POSITIVE_INFINITY }]);
    expect(value.f).toBe('text');
  });

  test('a `__proto__` key stays an own key (a property, not the prototype)', () => {
    const value = parseDocumentText(
      'properties:\n  __proto__: { type: string }\n  id: { type: integer }\n',
      'doc.yaml',
    );
    const properties = (value as { properties: Record<string, unknown> }).properties;
    expect(Object.keys(properties)).toEqual(['__proto__', 'id']);
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(properties, '__proto__')?.value).toEqual({ type: 'string' });
  });

  test('aliases are expanded (by the limited parser)', () => {
    expect(parseDocumentText('base: &b { type: string }\nuse: *b\n', 'doc.yaml')).toEqual({
      base: { type: 'string' },
      use: { type: 'string' },
    });
  });

  test('an alias bomb is refused, not expanded', () => {
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(',')}]`);
    }
    expect(parseError(`${levels.join('\n')}\n`).message).toMatch(/invalid YAML/);
  });

  test('a duplicate key is an error with its position', () => {
    expect(parseError('openapi: 3.1.0\ninfo: {}\ninfo: {}\n').message).toMatch(
      /^invalid YAML at line 3, column 1: .*[Mm]ap keys must be unique/,
    );
  });

  test('a syntax error names its line and column', () => {
    expect(parseError('openapi: 3.1.0\ninfo:\n  title: [unclosed\n').message).toMatch(
      /^invalid YAML at line \d+, column \d+/,
    );
  });
});
