import { describe, expect, test } from 'vitest';
import { isFlowSettled, judgeEvents } from '../../conformance/suites/events/event-judge.js';
import { loadStateTable } from '../../kits/payments/state-table/index.js';
import { event, flow, received } from './event-helpers.js';

const table = loadStateTable();
const errors = (r: ReturnType<typeof judgeEvents>) => r.findings.filter((f) => f.severity === 'error');
const warnings = (r: ReturnType<typeof judgeEvents>) => r.findings.filter((f) => f.severity === 'warning');
type Events = Array<Record<string, unknown>>;
const two = { p: { recipients: ['a', 'b'], complete: true } };

describe('judgeEvents: what the seed states is a failure', () => {
  test('a complete single-recipient flow and a three-recipient flow are clean', () => {
    const r = judgeEvents(received([...flow('p1', ['r1']), ...flow('p3', ['a', 'b', 'c'])]), table, {
      expectations: { p1: { recipients: ['r1'], complete: true }, p3: { recipients: ['a', 'b', 'c'], complete: true } },
    });
    expect(r.findings).toEqual([]);
    expect(r.cases).toBe(6 + 10);
  });

  test('a repeated event_id carrying another status fails (consumer rule 1)', () => {
    const events = flow('p', ['r1']);
    const r = judgeEvents(received([...events, { ...events[2], status: 'CANCELLED' }]), table);
    expect(errors(r).map((f) => [f.rule, f.message])).toEqual([
      ['events.event-id-same-event', expect.stringContaining('delivered as FX_COMPLETED and again as CANCELLED')],
    ]);
  });

  test.each([
    [
      'a missing PAYOUT_CREDITED',
      (e: Events) => e.filter((x) => !(x.status === 'PAYOUT_CREDITED' && x.recipient_id === 'b')),
      /no PAYOUT_CREDITED for recipient b/,
    ],
    [
      'PAYMENT_COMPLETED stamped before the last credit',
      (e: Events) =>
        e.map((x) => (x.status === 'PAYMENT_COMPLETED' ? { ...x, event_timestamp: '2026-01-01T10:00:05.500Z' } : x)),
      /PAYMENT_COMPLETED \(.*\) before PAYOUT_CREDITED of b/,
    ],
    [
      'a second PAYOUT_INITIATED for one recipient',
      (e: Events) => [...e, event('p', 'PAYOUT_INITIATED', 5.5, 'a')],
      /2 PAYOUT_INITIATED events for recipient a/,
    ],
    [
      'a payout without recipient_id',
      (e: Events) =>
        e.map((x) =>
          x.status === 'PAYOUT_INITIATED' && x.recipient_id === 'a' ? { ...x, recipient_id: undefined } : x,
        ),
      /PAYOUT_INITIATED \(.*\) without recipient_id/,
    ],
    [
      'a credit stamped before its payout started',
      (e: Events) =>
        e.map((x) =>
          x.status === 'PAYOUT_CREDITED' && x.recipient_id === 'a'
            ? { ...x, event_timestamp: '2026-01-01T10:00:02.500Z' }
            : x,
        ),
      /PAYOUT_CREDITED of a .* precedes its PAYOUT_INITIATED/,
    ],
    [
      'PAYMENT_COMPLETED more than 5 minutes after the last credit',
      (e: Events) =>
        e.map((x) => (x.status === 'PAYMENT_COMPLETED' ? { ...x, event_timestamp: '2026-01-01T10:06:00Z' } : x)),
      /s after the last PAYOUT_CREDITED/,
    ],
    ['two PAYMENT_COMPLETED', (e: Events) => [...e, event('p', 'PAYMENT_COMPLETED', 9)], /a second PAYMENT_COMPLETED/],
    [
      'the first webhook without payment_id',
      (e: Events) => e.map((x, i) => (i === 0 ? { ...x, payment_id: undefined } : x)),
      /AWAITING_FUNDS without payment_id/,
    ],
  ])('%s fails', (_name, mutate, message) => {
    const r = judgeEvents(received(mutate(flow('p', ['a', 'b']))), table, { expectations: two });
    expect(
      errors(r)
        .map((f) => f.message)
        .join('\n'),
    ).toMatch(message);
  });

  test('nothing may follow CANCELLED (by event_timestamp)', () => {
    const events = [event('c', 'AWAITING_FUNDS', 0), event('c', 'CANCELLED', 1), event('c', 'RECEIVED_FUNDS', 2)];
    const r = judgeEvents(received(events), table);
    expect(errors(r)).toEqual([
      expect.objectContaining({
        rule: 'events.nothing-after-cancelled',
        message: expect.stringContaining('RECEIVED_FUNDS'),
      }),
    ]);
    expect(errors(r)[0].provenance).toMatchObject({ kind: 'seed', quote: 'No further webhooks follow' });
  });

  test('identifiers that differ from the request fail; session_id on an API payment fails', () => {
    const api = flow('p', ['a'], { client_reference_id: 'ref-1', session_id: 'ses-1' });
    const r = judgeEvents(received(api), table, {
      expectations: { p: { clientReferenceId: 'ref-2', sessionId: null } },
    });
    const messages = errors(r).map((f) => f.message);
    expect(messages.some((m) => m.includes('client_reference_id "ref-1", the request sent "ref-2"'))).toBe(true);
    expect(messages.some((m) => m.includes('of an API payment carries session_id'))).toBe(true);
  });

  test('an expected flow that never completed fails', () => {
    const r = judgeEvents(received(flow('p', ['a']).slice(0, 3)), table, {
      expectations: { p: { recipients: ['a'], complete: true } },
    });
    expect(errors(r).map((f) => f.message)).toContain('no PAYMENT_COMPLETED received');
  });
});

describe('judgeEvents: what the seed allows or leaves open is not a failure', () => {
  const clean = (events: Events, expectations = {}) => {
    const r = judgeEvents(received(events), table, { expectations });
    expect(errors(r)).toEqual([]);
    return r;
  };

  test('delivery order differing from event_timestamp order (consumer rule 2)', () => {
    expect(clean(flow('p', ['r1', 'r2']).reverse()).findings).toEqual([]);
  });

  test('a late retry of an early event, after PAYMENT_COMPLETED arrived, completes the flow', () => {
    const events = flow('p', ['a', 'b']);
    const late = [...events.slice(1), events[0]];
    expect(clean(late, two).findings).toEqual([]);
  });

  test('a redelivery with delivery metadata added is the same event', () => {
    const events = flow('p', ['a']);
    expect(clean([...events, { ...events[3], attempt: 2, delivered_at: '2026-01-01T11:00:00Z' }]).findings).toEqual([]);
  });

  test('null optional fields are absent', () => {
    const events = flow('p', ['a'], { session_id: null, client_customer_ref: null });
    expect(clean(events, { p: { recipients: ['a'], complete: true, sessionId: null } }).findings).toEqual([]);
  });

  test('fields under data are found, with a warning naming the field', () => {
    const nested = flow('p', ['a']).map(({ recipient_id, ...rest }) => ({
      ...rest,
      data: { recipient_id: recipient_id ?? null },
    }));
    const r = clean(nested, { p: { recipients: ['a'], complete: true } });
    expect(warnings(r).map((f) => [f.rule, f.message])).toEqual([
      ['events.field-under-data', expect.stringContaining('recipient_id is under data')],
    ]);
  });

  test('event ids reused across payments warn about the consumer risk', () => {
    const a = flow('p1', ['a']);
    const b = flow('p2', ['a']).map((e, i) => ({ ...e, event_id: a[i].event_id }));
    const r = clean([...a, ...b]);
    expect(warnings(r)[0]).toMatchObject({
      rule: 'events.event-id-across-payments',
      message: expect.stringContaining('deduplicates on event_id alone'),
    });
    expect(r.cases).toBe(12);
  });

  test('references absent from the webhooks are a warning, not a failure', () => {
    const r = clean(flow('p', ['a']), { p: { clientReferenceId: 'ref-1' } });
    expect(warnings(r).map((f) => f.rule)).toEqual(['events.reference-absent']);
  });

  const open = {
    'a first webhook other than AWAITING_FUNDS (wallet already funded: "usually")': flow('w', ['a']).slice(1),
    'PROCESSING moves': [event('q', 'PROCESSING', 0), event('q', 'RECEIVED_FUNDS', 1)],
    'an unlisted status': [event('u', 'AWAITING_FUNDS', 0), event('u', 'ON_HOLD', 1)],
    'BOUNCED_BACK after completion': [...flow('b', ['a']), event('b', 'BOUNCED_BACK', 60)],
    'a cancellation after funds arrived (not in the table)': [
      event('x', 'AWAITING_FUNDS', 0),
      event('x', 'RECEIVED_FUNDS', 1),
      event('x', 'CANCELLED', 2),
    ],
    'interleaved payouts (A-STATE-1)': [
      ...flow('i', []).slice(0, 3),
      event('i', 'PAYOUT_INITIATED', 3, 'a'),
      event('i', 'PAYOUT_CREDITED', 4, 'a'),
      event('i', 'PAYOUT_INITIATED', 5, 'b'),
      event('i', 'PAYOUT_CREDITED', 6, 'b'),
      event('i', 'PAYMENT_COMPLETED', 7),
    ],
    'a skipped FX_COMPLETED (A-STATE-2)': flow('s', ['a']).filter((x) => x.status !== 'FX_COMPLETED'),
  };
  test.each(Object.entries(open))('%s: a warning, a failure with strict', (_name, events) => {
    const lenient = clean(events);
    expect(warnings(lenient).length).toBeGreaterThan(0);
    expect(errors(judgeEvents(received(events), table, { strict: true })).length).toBeGreaterThan(0);
  });

  test('a delivery whose signature did not verify rests on the assumed scheme (A-WEBHOOK-SIGNATURE)', () => {
    const input = [{ payload: flow('p', ['a'])[0], signatureValid: false, signatureError: 'bad-signature' }];
    expect(warnings(judgeEvents(input, table))[0].message).toContain('signature did not verify');
    expect(errors(judgeEvents(input, table, { strict: true }))[0].provenance).toMatchObject({
      kind: 'assumption',
      ids: ['A-WEBHOOK-SIGNATURE'],
    });
  });

  test('observed transitions carry their state-table id', () => {
    const r = judgeEvents(received(flow('p', ['a'])), table);
    expect(r.transitions).toContainEqual({ from: null, to: 'AWAITING_FUNDS', count: 1, id: 'created' });
    expect(r.transitions).toContainEqual({
      from: 'PAYOUT_CREDITED',
      to: 'PAYMENT_COMPLETED',
      count: 1,
      id: 'payment-completed',
    });
    expect(r.statuses).toMatchObject({ AWAITING_FUNDS: 1, PAYMENT_COMPLETED: 1 });
  });
});

describe('isFlowSettled', () => {
  const expectation = { recipients: ['a', 'b'], complete: true };
  test('not settled at the first terminal arrival while an earlier event is still missing', () => {
    const events = flow('p', ['a', 'b']);
    const withoutCredit = events.filter((x) => !(x.status === 'PAYOUT_CREDITED' && x.recipient_id === 'b'));
    expect(isFlowSettled(received(withoutCredit), table, 'p', expectation)).toBe(false);
    expect(isFlowSettled(received(events.slice(1)), table, 'p', expectation)).toBe(false);
    expect(isFlowSettled(received(events), table, 'p', expectation)).toBe(true);
  });
  test('settled when provably broken, whatever may still come', () => {
    const broken = [...flow('p', ['a', 'b']).slice(0, 4), event('p', 'PAYOUT_INITIATED', 3.5, 'a')];
    expect(isFlowSettled(received(broken), table, 'p', expectation)).toBe(true);
  });
  test('a cancelled flow is settled at CANCELLED', () => {
    const events = [event('c', 'AWAITING_FUNDS', 0), event('c', 'CANCELLED', 1)];
    expect(isFlowSettled(received(events.slice(1)), table, 'c', { cancelled: true })).toBe(false);
    expect(isFlowSettled(received(events), table, 'c', { cancelled: true })).toBe(true);
  });
});

describe('judgeEvents: equal event_timestamps determine no order', () => {
  test(
    'AWAITING_FUNDS and CANCELLED in one second, the first ' +
      'delivery late: no failure, one "event_timestamp ties" warning',
    () => {
      const awaiting = event('pc', 'AWAITING_FUNDS', 0);
      const cancelled = { ...event('pc', 'CANCELLED', 0), event_timestamp: awaiting.event_timestamp };
      const r = judgeEvents(received([cancelled, awaiting]), table, { expectations: { pc: { cancelled: true } } });
      expect(errors(r)).toEqual([]);
      expect(warnings(r).map((f) => f.rule)).toEqual(['events.timestamp-ties']);
      expect(warnings(r)[0].message).toMatch(
        /^event_timestamp ties: AWAITING_FUNDS, CANCELLED share .* arrived in another order/,
      );
    },
  );

  test('the same tie after PAYMENT_COMPLETED is judged the same way (no "follows PAYMENT_COMPLETED")', () => {
    const events = flow('pt', ['r1']);
    const last = events.at(-1)!;
    const tied = events.map((e) =>
      e.status === 'PAYOUT_CREDITED' ? { ...e, event_timestamp: last.event_timestamp } : e,
    );
    const credited = tied.find((e) => e.status === 'PAYOUT_CREDITED')!;
    const r = judgeEvents(received([...tied.filter((e) => e !== credited), credited]), table, {
      expectations: { pt: { recipients: ['r1'], complete: true } },
    });
    expect(errors(r)).toEqual([]);
    expect(warnings(r).map((f) => f.rule)).toEqual(['events.timestamp-ties']);
  });

  test('a tie in arrival order that already fits the table says nothing', () => {
    const events = flow('pa', ['r1']).map((e) => ({ ...e, event_timestamp: '2026-01-01T10:00:00Z' }));
    expect(
      judgeEvents(received(events), table, { expectations: { pa: { recipients: ['r1'], complete: true } } }).findings,
    ).toEqual([]);
  });
});
