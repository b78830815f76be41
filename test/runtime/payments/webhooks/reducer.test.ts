import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadStateTable } from '../../../../kits/payments/state-table/index.js';
import {
  applyPaymentEvent,
  toPaymentEvent,
  type PaymentEvent,
  type PaymentState,
  type PaymentEffect,
} from 'cross-border-payments-runtime/payments/webhooks';
import {
  completionPath,
  paymentFlow,
  shuffled,
  type WebhookPayload,
} from '../../../../conformance/suites/consumer/flows.js';

const table = loadStateTable();
const T0 = Date.UTC(2026, 0, 1);
const flow = (recipients = 1, paymentId = 'pay-1') =>
  paymentFlow({ paymentId, recipients, eventPrefix: `evt-${paymentId}`, startMs: T0 });
const ev = (p: WebhookPayload | Record<string, unknown>): PaymentEvent => {
  const r = toPaymentEvent(p);
  if (!r.ok) throw new Error(JSON.stringify(r.violations));
  return r.event;
};
function run(payloads: Array<WebhookPayload | Record<string, unknown>>, known?: boolean) {
  let state: PaymentState | undefined;
  const effects: PaymentEffect[] = [];
  for (const p of payloads) {
    const r = applyPaymentEvent(table, state, ev(p), known === undefined ? {} : { known });
    state = r.state;
    effects.push(r.effect);
  }
  return { state: state!, effects };
}

describe('flows built from the state table', () => {
  it('follow seed §Events consumer rule 4', () => {
    expect(completionPath(table).map((s) => s.status)).toEqual([
      'AWAITING_FUNDS',
      'RECEIVED_FUNDS',
      'FX_COMPLETED',
      'PAYOUT_INITIATED',
      'PAYOUT_CREDITED',
      'PAYMENT_COMPLETED',
    ]);
    expect(flow(3).map((e) => `${e.status}${e.recipient_id ? `/${e.recipient_id}` : ''}`)).toEqual([
      'AWAITING_FUNDS',
      'RECEIVED_FUNDS',
      'FX_COMPLETED',
      'PAYOUT_INITIATED/rcp-1',
      'PAYOUT_INITIATED/rcp-2',
      'PAYOUT_INITIATED/rcp-3',
      'PAYOUT_CREDITED/rcp-1',
      'PAYOUT_CREDITED/rcp-2',
      'PAYOUT_CREDITED/rcp-3',
      'PAYMENT_COMPLETED',
    ]);
  });
});

describe('applyPaymentEvent (seed §Events consumer rules)', () => {
  it('applies a single-recipient flow in order and reports each change', () => {
    const { state, effects } = run(flow());
    expect(effects).toEqual(Array(6).fill('applied'));
    expect(state).toMatchObject({
      status: 'PAYMENT_COMPLETED',
      known: true,
      terminal: false,
      recipients: { 'rcp-1': { status: 'PAYOUT_CREDITED' } },
    });
    expect(state.eventIds).toHaveLength(6);
  });

  it('skips a repeated event_id (rule 1) without changing the state', () => {
    const events = flow();
    const first = run(events.slice(0, 2)).state;
    const again = applyPaymentEvent(table, first, ev(events[0]!));
    expect(again.effect).toBe('duplicate');
    expect(again.state).toBe(first);
  });

  it('never moves a payment backwards on an older event (rule 2)', () => {
    const events = flow();
    const { state, effects } = run([events[0]!, events[2]!, events[1]!]);
    expect(effects).toEqual(['applied', 'applied', 'stale']);
    expect(state.status).toBe('FX_COMPLETED');
  });

  it('converges to the same state whatever the arrival order (rule 2, three recipients)', () => {
    const events = flow(3);
    const inOrder = run(events).state;
    fc.assert(
      fc.property(fc.shuffledSubarray(events, { minLength: events.length, maxLength: events.length }), (perm) => {
        const { state } = run(perm);
        expect(state.status).toBe('PAYMENT_COMPLETED');
        expect(Object.values(state.recipients).map((r) => r.status)).toEqual([
          'PAYOUT_CREDITED',
          'PAYOUT_CREDITED',
          'PAYOUT_CREDITED',
        ]);
        expect(state.parked).toEqual([]);
        expect(new Set(state.eventIds)).toEqual(new Set(inOrder.eventIds));
      }),
      { numRuns: 200 },
    );
  });

  it('parks events of an unknown payment (rule 3) and replays them once it becomes known', () => {
    const events = flow();
    const early = run([events[1]!, events[5]!]);
    expect(early.effects).toEqual(['unknown-payment', 'unknown-payment']);
    expect(early.state).toMatchObject({ known: false, status: null });
    const r = applyPaymentEvent(table, early.state, ev(events[0]!));
    expect(r.effect).toBe('applied');
    expect(r.state).toMatchObject({ known: true, status: 'PAYMENT_COMPLETED', parked: [] });
    expect(r.changes.map((c) => c.to)).toEqual(['AWAITING_FUNDS', 'RECEIVED_FUNDS', 'PAYMENT_COMPLETED']);
  });

  it('lets the caller say whether a payment is known', () => {
    expect(run([flow()[0]!], false).effects).toEqual(['unknown-payment']);
    expect(run([flow()[3]!], true)).toMatchObject({ effects: ['applied'], state: { status: 'PAYOUT_INITIATED' } });
  });

  it('keeps an unknown status without crashing and without a change', () => {
    const e = flow();
    const { state, effects } = run([e[0]!, { ...e[1]!, status: 'ON_HOLD' }]);
    expect(effects).toEqual(['applied', 'unknown-status']);
    expect(state.status).toBe('AWAITING_FUNDS');
    expect(state.ignored).toEqual([{ eventId: e[1]!.event_id, status: 'ON_HOLD', effect: 'unknown-status' }]);
  });

  it('changes nothing after CANCELLED', () => {
    const e = flow();
    const cancel = { ...e[1]!, event_id: 'evt-cancel', status: 'CANCELLED' };
    const { state, effects } = run([e[0]!, cancel, { ...e[2]!, event_timestamp: new Date(T0 + 60_000).toISOString() }]);
    expect(effects).toEqual(['applied', 'applied', 'after-terminal']);
    expect(state).toMatchObject({ status: 'CANCELLED', terminal: true });
  });

  it('counts a payout that arrives after PAYMENT_COMPLETED as credited (completion implies all paid)', () => {
    const e = flow(2);
    const completed = e[7]!;
    const { state, effects } = run([e[0]!, e[1]!, e[2]!, e[3]!, completed, e[5]!, e[4]!, e[6]!]);
    expect(state.status).toBe('PAYMENT_COMPLETED');
    expect(effects.slice(4)).toEqual(['applied', 'stale', 'applied', 'stale']);
    expect(state.recipients).toMatchObject({
      'rcp-1': { status: 'PAYOUT_CREDITED', implied: true },
      'rcp-2': { status: 'PAYOUT_CREDITED', implied: true },
    });
  });

  it('never moves statusAt backwards and never applies an event_id twice, whatever arrives', () => {
    const events = flow(2);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...events), { minLength: 1, maxLength: 30 }), (arrivals) => {
        let state: PaymentState | undefined;
        let applied = 0;
        for (const p of arrivals) {
          const before = state?.statusAt ? Date.parse(state.statusAt) : -Infinity;
          const r = applyPaymentEvent(table, state, ev(p));
          if (r.effect !== 'duplicate') applied++;
          state = r.state;
          if (state.statusAt) expect(Date.parse(state.statusAt)).toBeGreaterThanOrEqual(before);
        }
        expect(state!.eventIds).toHaveLength(applied);
        expect(new Set(state!.eventIds).size).toBe(applied);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps state JSON-serializable', () => {
    const { state } = run(shuffled(flow(3)));
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});
