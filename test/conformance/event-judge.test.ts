import { describe, expect, test } from 'vitest';
import { judgeEvents } from '../../conformance/suites/events/event-judge.js';
import { loadStateTable } from '../../lib/state-table.js';
import { event, flow, received } from './event-helpers.js';

const table = loadStateTable();
const errors = (r: ReturnType<typeof judgeEvents>) => r.findings.filter((f) => f.severity === 'error');
const warnings = (r: ReturnType<typeof judgeEvents>) => r.findings.filter((f) => f.severity === 'warning');

describe('judgeEvents: what the seed states is enforced', () => {
  test('a complete single-recipient flow and a three-recipient flow are clean', () => {
    const r = judgeEvents(received([...flow('p1', ['r1']), ...flow('p3', ['a', 'b', 'c'])]), table, {
      expectations: { p1: { recipients: ['r1'], complete: true }, p3: { recipients: ['a', 'b', 'c'], complete: true } },
    });
    expect(r.findings).toEqual([]);
    expect(r.cases).toBe(6 + 10);
  });

  test('delivery order differing from event_timestamp order is not a fault (consumer rule 2)', () => {
    expect(judgeEvents(received(flow('p', ['r1', 'r2']).reverse()), table).findings).toEqual([]);
  });

  test('a redelivered event_id with the same content is fine; with other content it fails', () => {
    const events = flow('p', ['r1']);
    expect(judgeEvents(received([...events, events[2]]), table).findings).toEqual([]);
    const changed = { ...events[2], status: 'CANCELLED' };
    const r = judgeEvents(received([...events, changed]), table);
    expect(errors(r).map((f) => f.message)).toEqual([expect.stringContaining('delivered twice with different contents')]);
  });

  test.each([
    [
      'a skipped PAYOUT_CREDITED',
      (e: Array<Record<string, unknown>>) => e.filter((x) => !(x.status === 'PAYOUT_CREDITED' && x.recipient_id === 'b')),
      /before PAYOUT_CREDITED of b|no PAYOUT_CREDITED for recipient b/,
    ],
    [
      'PAYMENT_COMPLETED before the last credit',
      (e: Array<Record<string, unknown>>) => e.map((x) => (x.status === 'PAYMENT_COMPLETED' ? { ...x, event_timestamp: '2026-01-01T10:00:05.500Z' } : x)),
      /PAYMENT_COMPLETED before PAYOUT_CREDITED/,
    ],
    [
      'a repeated PAYOUT_INITIATED for one recipient',
      (e: Array<Record<string, unknown>>) => [...e, event('p', 'PAYOUT_INITIATED', 5.5, 'a')],
      /2 PAYOUT_INITIATED events for recipient a/,
    ],
    [
      'a payout without recipient_id',
      (e: Array<Record<string, unknown>>) => e.map((x) => (x.status === 'PAYOUT_INITIATED' && x.recipient_id === 'a' ? { ...x, recipient_id: undefined } : x)),
      /PAYOUT_INITIATED without recipient_id/,
    ],
    ['a first event that is not AWAITING_FUNDS or PROCESSING', (e: Array<Record<string, unknown>>) => e.slice(1), /first event is RECEIVED_FUNDS/],
    ['a skipped stage', (e: Array<Record<string, unknown>>) => e.filter((x) => x.status !== 'RECEIVED_FUNDS'), /AWAITING_FUNDS -> FX_COMPLETED is not in the state table/],
    [
      'PAYMENT_COMPLETED more than 5 minutes after the last credit',
      (e: Array<Record<string, unknown>>) => e.map((x) => (x.status === 'PAYMENT_COMPLETED' ? { ...x, event_timestamp: '2026-01-01T10:06:00Z' } : x)),
      /s after the last PAYOUT_CREDITED/,
    ],
  ])('%s fails', (_name, mutate, message) => {
    const r = judgeEvents(received(mutate(flow('p', ['a', 'b']))), table, { expectations: { p: { recipients: ['a', 'b'], complete: true } } });
    expect(
      errors(r)
        .map((f) => f.message)
        .join('\n'),
    ).toMatch(message);
  });

  test('nothing may follow CANCELLED', () => {
    const events = [event('c', 'AWAITING_FUNDS', 0), event('c', 'CANCELLED', 1), event('c', 'RECEIVED_FUNDS', 2)];
    const r = judgeEvents(received(events), table);
    expect(errors(r)).toEqual([expect.objectContaining({ message: `RECEIVED_FUNDS (${events[2].event_id}) follows CANCELLED`, rule: expect.stringContaining('row 7') })]);
  });

  test('identifiers echo the request; session_id only for sessions', () => {
    const api = flow('p', ['a'], { client_reference_id: 'ref-1', session_id: 'ses-1' });
    const r = judgeEvents(received(api), table, { expectations: { p: { clientReferenceId: 'ref-2', sessionId: null } } });
    const messages = errors(r).map((f) => f.message);
    expect(messages.some((m) => m.includes('client_reference_id "ref-1", expected "ref-2"'))).toBe(true);
    expect(messages.some((m) => m.includes('carries session_id'))).toBe(true);
  });

  test('a delivery whose signature did not verify fails', () => {
    const r = judgeEvents([{ payload: flow('p', ['a'])[0], signatureValid: false, signatureError: 'bad-signature' }], table);
    expect(errors(r)[0].message).toContain('signature did not verify');
  });

  test('an expected flow that never completed fails', () => {
    const r = judgeEvents(received(flow('p', ['a']).slice(0, 3)), table, { expectations: { p: { recipients: ['a'], complete: true } } });
    expect(errors(r).map((f) => f.message)).toContain('no PAYMENT_COMPLETED received');
  });
});

describe('judgeEvents: what the seed does not show is a warning, a failure with strict', () => {
  const cases = {
    'PROCESSING moves': [event('q', 'PROCESSING', 0), event('q', 'RECEIVED_FUNDS', 1)],
    'an unlisted status': [event('u', 'AWAITING_FUNDS', 0), event('u', 'ON_HOLD', 1)],
    'BOUNCED_BACK after completion': [...flow('b', ['a']), event('b', 'BOUNCED_BACK', 60)],
  };
  test.each(Object.entries(cases))('%s', (_name, events) => {
    const lenient = judgeEvents(received(events), table);
    expect(errors(lenient)).toEqual([]);
    expect(warnings(lenient).length).toBeGreaterThan(0);
    const strict = judgeEvents(received(events), table, { strict: true });
    expect(errors(strict).length).toBeGreaterThan(0);
  });

  test('interleaved payouts of different recipients warn (A-STATE-1)', () => {
    const events = [
      event('i', 'AWAITING_FUNDS', 0),
      event('i', 'RECEIVED_FUNDS', 1),
      event('i', 'FX_COMPLETED', 2),
      event('i', 'PAYOUT_INITIATED', 3, 'a'),
      event('i', 'PAYOUT_CREDITED', 4, 'a'),
      event('i', 'PAYOUT_INITIATED', 5, 'b'),
      event('i', 'PAYOUT_CREDITED', 6, 'b'),
      event('i', 'PAYMENT_COMPLETED', 7),
    ];
    const r = judgeEvents(received(events), table);
    expect(errors(r)).toEqual([]);
    expect(warnings(r).map((f) => f.rule)).toEqual([expect.stringContaining('A-STATE-1')]);
  });

  test('observed transitions are counted for the state diagram', () => {
    const r = judgeEvents(received(flow('p', ['a'])), table);
    expect(r.transitions).toContainEqual({ from: null, to: 'AWAITING_FUNDS', count: 1 });
    expect(r.transitions).toContainEqual({ from: 'PAYOUT_CREDITED', to: 'PAYMENT_COMPLETED', count: 1 });
  });
});

test('skipping FX_COMPLETED (same-currency, A-STATE-2) is only a warning', () => {
  const events = flow('s', ['a']).filter((x) => x.status !== 'FX_COMPLETED');
  const r = judgeEvents(received(events), table);
  expect(r.findings.map((f) => [f.severity, f.message])).toEqual([['warning', 'move RECEIVED_FUNDS -> PAYOUT_INITIATED skips FX_COMPLETED']]);
});
