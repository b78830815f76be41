import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { loadStateTable, validateStateTable } from '../../../../kits/payments/state-table/index.js';
import { CbpError } from '../../../../lib/errors.js';

const good = () => parse(readFileSync('spec/payment-states.yaml', 'utf8'));
const errorOf = (fn: () => unknown): CbpError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof CbpError) return err;
    throw err;
  }
  throw new Error('expected a CbpError');
};

describe('loadStateTable', () => {
  it('loads the spec table by default', () => {
    const t = loadStateTable();
    expect(t.statuses.map((s) => s.name)).toContain('PAYMENT_COMPLETED');
    expect(t.fanOut.key).toBe('recipient_id');
  });

  it('reports a missing file, bad YAML and bad shapes with a code and a JSON pointer', () => {
    expect(errorOf(() => loadStateTable('nope/states.yaml'))).toMatchObject({ code: 'E_FILE_NOT_FOUND' });
    const t = good();
    delete t.fanOut.key;
    expect(errorOf(() => validateStateTable(t, 'x.yaml'))).toMatchObject({
      code: 'E_STATE_TABLE_INVALID',
      details: { pointer: '/fanOut/key', file: 'x.yaml' },
    });
    const u = good();
    u.transitions[2].from = 42;
    expect(errorOf(() => validateStateTable(u)).details.pointer).toBe('/transitions/2/from');
  });

  it('reports a status referenced but not listed, and duplicates', () => {
    const t = good();
    t.transitions[1].to = 'FUNDS_RECIEVED';
    const e = errorOf(() => validateStateTable(t));
    expect(e.message).toContain('FUNDS_RECIEVED');
    expect(e.details.pointer).toBe('/transitions/1/to');
    const d = good();
    d.statuses.push({ name: 'CANCELLED', documented: true });
    expect(errorOf(() => validateStateTable(d)).details.pointer).toBe(`/statuses/${d.statuses.length - 1}/name`);
    const f = good();
    f.fanOut.statuses.push('PAYOUT_LOST');
    expect(errorOf(() => validateStateTable(f)).format()).toMatch(
      /E_STATE_TABLE_INVALID: status PAYOUT_LOST .*#\/fanOut\/statuses\/2/,
    );
  });
});
