import { describe, expect, test } from 'vitest';
import { judgeEvents } from '../../conformance/suites/events/event-judge.js';
import { compareInstants, readEventTime, secondsBetween } from '../../conformance/suites/events/event-time.js';
import { loadStateTable } from '../../kits/payments/state-table/index.js';
import { flow, received } from './event-helpers.js';

const table = loadStateTable();
const read = (v: unknown) => {
  const t = readEventTime(v);
  if (!t) throw new Error(`unreadable ${String(v)}`);
  return t;
};
const order = (a: unknown, b: unknown) => Math.sign(compareInstants(read(a), read(b)));

describe('readEventTime: event_timestamp at the precision of its text', () => {
  test.each([
    ['2026-01-01T10:00:49.672148+00:00', '2026-01-01T10:00:49.672189+00:00', -1],
    ['2026-01-01T10:00:49.6721480Z', '2026-01-01T10:00:49.672148+00:00', 0],
    ['2026-01-01T11:00:49.672148+01:00', '2026-01-01T10:00:49.672148Z', 0],
    ['2026-01-01T10:00:49.123456789012Z', '2026-01-01T10:00:49.123456789013Z', -1],
    ['2026-01-01t10:00:49z', '2026-01-01 10:00:49Z', 0],
    ['2025-12-31T23:30:00-00:45', '2026-01-01T00:15:00Z', 0],
    [1767261649, '2026-01-01T10:00:49Z', 0],
    [1767261649672, '2026-01-01T10:00:49.672Z', 0],
    ['1767261649.672148', '2026-01-01T10:00:49.672148Z', 0],
    ['1767261649672148', '2026-01-01T10:00:49.672148Z', 0],
    [1767261649.5, 1767261649672, -1],
  ])('%s vs %s: %i', (a, b, want) => {
    expect(order(a, b)).toBe(want);
  });

  test.each(['', 'yesterday', '2026-13-01T00:00:00Z', '2026-02-30T00:00:00Z', '2026-01-01T24:00:00Z', null, {}, -5])(
    '%j is unreadable',
    (v) => {
      expect(readEventTime(v)).toBeUndefined();
    },
  );

  test('the difference of two instants in seconds keeps microseconds', () => {
    expect(secondsBetween(read('2026-01-01T10:00:00.000001Z'), read('2026-01-01T10:05:00.000002Z'))).toBeCloseTo(
      300.000001,
      9,
    );
  });
});

/** A one-recipient flow whose events all fall within one millisecond, microseconds apart. */
const withinOneMs = (id: string): Array<Record<string, unknown>> =>
  flow(id, ['r1']).map((e, i) => ({ ...e, event_timestamp: `2026-01-01T10:00:49.6721${String(40 + i * 9)}+00:00` }));

describe('judgeEvents: events within one millisecond', () => {
  test('strictly increasing microseconds, delivered in random order: no finding', () => {
    const events = withinOneMs('pu');
    const shuffled = [events[3], events[0], events[5], events[1], events[4], events[2]];
    const r = judgeEvents(received(shuffled), table, { expectations: { pu: { recipients: ['r1'], complete: true } } });
    expect(r.findings).toEqual([]);
  });

  test('PAYMENT_COMPLETED stamped before the last PAYOUT_CREDITED in the same millisecond fails, with both stamps', () => {
    const events = withinOneMs('pc').map((e) =>
      e.status === 'PAYMENT_COMPLETED' ? { ...e, event_timestamp: '2026-01-01T10:00:49.672170+00:00' } : e,
    );
    const r = judgeEvents(received(events), table, { expectations: { pc: { recipients: ['r1'], complete: true } } });
    const f = r.findings.filter((x) => x.severity === 'error');
    expect(f.map((x) => x.rule)).toContain('events.completed-after-all-credited');
    expect(f.find((x) => x.rule === 'events.completed-after-all-credited')?.message).toBe(
      'PAYMENT_COMPLETED (2026-01-01T10:00:49.672170+00:00) before PAYOUT_CREDITED of r1 (2026-01-01T10:00:49.672176+00:00)',
    );
  });

  test('PAYOUT_CREDITED stamped before its PAYOUT_INITIATED in the same millisecond fails', () => {
    const events = withinOneMs('pi').map((e) =>
      e.status === 'PAYOUT_CREDITED' ? { ...e, event_timestamp: '2026-01-01T10:00:49.672141+00:00' } : e,
    );
    const r = judgeEvents(received(events), table, { expectations: { pi: { recipients: ['r1'], complete: true } } });
    const f = r.findings.find((x) => x.rule === 'events.credited-after-initiated');
    expect(f?.severity).toBe('error');
    expect(f?.message).toContain('(2026-01-01T10:00:49.672141+00:00) precedes its PAYOUT_INITIATED');
  });

  test('unreadable stamps: said once, and order findings are worded as arrival order, not failures', () => {
    const events = flow('pn', ['r1']).map((e) => ({ ...e, event_timestamp: 'soon' }));
    const r = judgeEvents(received([events[1], events[0], ...events.slice(2)]), table, {
      expectations: { pn: { recipients: ['r1'], complete: true } },
    });
    expect(r.findings.filter((x) => x.rule === 'events.payload-fields')).toHaveLength(1);
    expect(r.findings.find((x) => x.rule === 'events.payload-fields')?.message).toMatch(
      /6 of 6 event\(s\) without a readable event_timestamp .*judged in arrival order, which is not the provider's order/,
    );
    const order = r.findings.filter((x) => x.rule !== 'events.payload-fields');
    expect(order.length).toBeGreaterThan(0);
    for (const f of order) {
      expect(f.severity).toBe('warning');
      expect(f.message).toMatch(/^in arrival order \(event_timestamp unreadable/);
    }
  });
});
