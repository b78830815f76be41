/** When the live wait may stop: expectation met, dead end reached, or what is still missing. */
import { describe, expect, test } from 'vitest';
import { loadStateTable } from '../../kits/payments/state-table/index.js';
import { flowProgress, tableShape, type FlowEvent } from '../../conformance/suites/api/live/flow-progress.js';

const shape = tableShape(loadStateTable());
const ev = (status: string, recipient_id?: string): FlowEvent => ({ status, recipient_id });
const head = [ev('AWAITING_FUNDS'), ev('RECEIVED_FUNDS'), ev('FX_COMPLETED')];
const complete = { complete: true, recipients: ['r1', 'r2'] };

describe('tableShape reads the state table as data', () => {
  test('the documented chain, the per-recipient statuses, completion and its 5-minute allowance', () => {
    expect(shape.chain).toEqual([
      'AWAITING_FUNDS',
      'RECEIVED_FUNDS',
      'FX_COMPLETED',
      'PAYOUT_INITIATED',
      'PAYOUT_CREDITED',
      'PAYMENT_COMPLETED',
    ]);
    expect(shape.perRecipient).toEqual(['PAYOUT_INITIATED', 'PAYOUT_CREDITED']);
    expect(shape.completion).toBe('PAYMENT_COMPLETED');
    expect(shape.completionAllowanceSeconds).toBe(300);
    expect([...shape.deadEnds].sort()).toEqual(['BOUNCED_BACK', 'CANCELLED', 'PAYMENT_COMPLETED']);
  });
});

describe('flowProgress', () => {
  test('a completing flow waits for every recipient, then for PAYMENT_COMPLETED under its own allowance', () => {
    expect(flowProgress([], complete, shape)).toMatchObject({ settled: false, reached: null });
    const oneCredited = [
      ...head,
      ev('PAYOUT_INITIATED', 'r1'),
      ev('PAYOUT_INITIATED', 'r2'),
      ev('PAYOUT_CREDITED', 'r1'),
    ];
    expect(flowProgress(oneCredited, complete, shape)).toMatchObject({
      settled: false,
      waitingFor: 'PAYOUT_CREDITED for r2',
      awaitingCompletion: false,
    });
    const allCredited = [...oneCredited, ev('PAYOUT_CREDITED', 'r2')];
    expect(flowProgress(allCredited, complete, shape)).toMatchObject({
      settled: false,
      waitingFor: 'PAYMENT_COMPLETED',
      awaitingCompletion: true,
    });
    expect(flowProgress([...allCredited, ev('PAYMENT_COMPLETED')], complete, shape)).toMatchObject({
      settled: true,
      reached: 'PAYMENT_COMPLETED',
    });
  });

  test('PAYMENT_COMPLETED delivered before a PAYOUT_CREDITED (order is not guaranteed) keeps the flow waiting', () => {
    const early = [
      ...head,
      ev('PAYOUT_INITIATED', 'r1'),
      ev('PAYOUT_INITIATED', 'r2'),
      ev('PAYOUT_CREDITED', 'r1'),
      ev('PAYMENT_COMPLETED'),
    ];
    expect(flowProgress(early, complete, shape)).toMatchObject({
      settled: false,
      waitingFor: 'PAYOUT_CREDITED for r2',
    });
  });

  test('a cancelled flow settles at CANCELLED; CANCELLED in a completing flow is a dead end', () => {
    expect(flowProgress([ev('AWAITING_FUNDS')], { cancelled: true }, shape)).toMatchObject({
      settled: false,
      waitingFor: 'CANCELLED',
    });
    expect(flowProgress([ev('AWAITING_FUNDS'), ev('CANCELLED')], { cancelled: true }, shape)).toMatchObject({
      settled: true,
      reached: 'CANCELLED',
    });
    expect(flowProgress([ev('AWAITING_FUNDS'), ev('CANCELLED')], complete, shape)).toMatchObject({
      settled: true,
      deadEnd: 'CANCELLED',
    });
  });

  test('a flow nothing drove is never met, only over at a dead end; it says how far it got', () => {
    expect(flowProgress([ev('AWAITING_FUNDS')], {}, shape)).toMatchObject({
      settled: false,
      reached: 'AWAITING_FUNDS',
      waitingFor: 'whatever follows AWAITING_FUNDS',
    });
    expect(flowProgress([...head, ev('BOUNCED_BACK')], {}, shape)).toMatchObject({
      settled: true,
      deadEnd: 'BOUNCED_BACK',
      reached: 'BOUNCED_BACK',
    });
  });

  test('a same-currency flow without FX_COMPLETED (A-STATE-2) is not held up by it', () => {
    const noFx = [ev('AWAITING_FUNDS'), ev('RECEIVED_FUNDS'), ev('PAYOUT_INITIATED', 'r1')];
    expect(flowProgress(noFx, { complete: true, recipients: ['r1'] }, shape)).toMatchObject({
      waitingFor: 'PAYOUT_CREDITED for r1',
    });
  });
});
