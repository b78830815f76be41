import { afterAll, describe, expect, it } from 'vitest';
import { inProcess, runTable, removeOutDirs } from './harness.js';

afterAll(removeOutDirs);

const schema = {
  'x-cbp-string-limits': {
    id: 'session.client-reference-format',
    source: 'Hosted payment session table: client_reference_id; Limits',
    params: { at: '/client_reference_id', maxLength: 36, pattern: '^[A-Za-z0-9_-]+$' },
  },
};

describe('x-cbp-string-limits', async () => {
  await runTable(
    {
      description: 'max 36, alphanumeric with - and _',
      schema,
      tests: [
        { data: { client_reference_id: 'ref-001_A' }, valid: true },
        { description: '36 characters', data: { client_reference_id: 'a'.repeat(36) }, valid: true },
        {
          description: '37 characters',
          data: { client_reference_id: 'a'.repeat(37) },
          valid: false,
          rules: ['session.client-reference-format /client_reference_id'],
        },
        { description: 'space', data: { client_reference_id: 'ref 1' }, valid: false },
        { description: 'non-ascii', data: { client_reference_id: 'réf' }, valid: false },
        { description: 'number', data: { client_reference_id: 5 }, valid: false },
        { description: 'absent', data: {}, valid: true },
      ],
    },
    { it, expect },
  );
  it('counts code points, not UTF-16 units', () => {
    const check = inProcess({ 'x-cbp-string-limits': { id: 'r', source: 's', params: { at: '/s', maxLength: 2 } } });
    expect(check({ s: '😀😀' })).toEqual([]);
    expect(check({ s: '😀😀😀' })).toHaveLength(1);
  });
  it('rejects bad params at compile time (meta-schema)', () => {
    expect(() =>
      inProcess({ 'x-cbp-string-limits': { id: 'r', source: 's', params: { at: 'no-slash', maxLength: -1 } } }),
    ).toThrow(/x-cbp-string-limits. value is invalid/);
  });
});
