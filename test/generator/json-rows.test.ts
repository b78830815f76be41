/**
 * The tables server.ts and client.ts carry (`{{jsonBlock}}`): one row per line, the same value as
 * JSON, and no document string can end the literal or set a prototype.
 */
import { describe, expect, test } from 'vitest';
import { jsonRows } from '../../generator/safe-text.js';

const read = (literal: string): unknown => new Function(`return (${literal});`)();

describe('jsonRows', () => {
  test('one line per operation, the same value as the JSON', () => {
    const meta = {
      operations: [
        { id: 'a', params: [{ name: 'x' }] },
        { id: 'b', params: [] },
      ],
      schemes: { key: { type: 'apiKey' } },
      empty: [],
    };
    const text = jsonRows(meta);
    expect(text.split('\n')).toEqual([
      '{',
      '  "operations": [',
      '    {"id":"a","params":[{"name":"x"}]},',
      '    {"id":"b","params":[]}',
      '  ],',
      '  "schemes": {',
      '    "key": {"type":"apiKey"}',
      '  },',
      '  "empty": []',
      '}',
    ]);
    expect(read(text)).toEqual(meta);
  });

  test('document strings stay data', () => {
    const hostile = {
      ['__proto__']: { polluted: true },
      rows: [{ path: '</script>\u2028"); globalThis.__pwned = 1; ("' }],
      s: 'x',
    };
    const value = JSON.parse(JSON.stringify(hostile)) as Record<string, unknown>;
    const text = jsonRows(value);
    expect(text).not.toContain('</');
    expect(text).not.toContain('\u2028');
    const back = read(text) as Record<string, unknown>;
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.hasOwn(back, '__proto__')).toBe(true);
    expect(back).toEqual(value);
    expect((globalThis as { __pwned?: unknown }).__pwned).toBeUndefined();
  });
});
