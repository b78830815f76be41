/**
 * The payments kit's response rules on their own (the generated client runs them with
 * `validateResponses`, test/runtime/client/response-drift.test.ts): status moves against the
 * state table with a bounded memory of payments, records inside a list, and the recipient sum.
 */
import { describe, expect, it } from 'vitest';
import { paymentStates } from '../../../generated/payment-states.js';
import { paymentResponseRules } from '../../../packages/runtime/src/payments/response-rules.js';

function statusRule(rememberedPayments?: number) {
  const [, moves] = paymentResponseRules(paymentStates, rememberedPayments ? { rememberedPayments } : {});
  return moves!();
}

const seen = (rule: ReturnType<typeof statusRule>, body: unknown, status = 200) =>
  rule({ operationId: 'legacyViewPayment', status, body }) ?? [];

describe('status moves', () => {
  it('a move the table cannot reach is reported; one it reaches after missed statuses is not', () => {
    const rule = statusRule();
    expect(seen(rule, { payment_id: 'p-1', status: 'AWAITING_FUNDS' })).toEqual([]);
    expect(seen(rule, { payment_id: 'p-1', status: 'PAYOUT_INITIATED' })).toEqual([]);
    expect(seen(rule, { payment_id: 'p-1', status: 'RECEIVED_FUNDS' })).toEqual([
      { source: 'state-table', ruleId: 'state-table/transition', pointer: '/status', valueType: 'string' },
    ]);
  });

  it('records in a list are judged each at its pointer; error answers teach and judge nothing', () => {
    const rule = statusRule();
    seen(rule, {
      payments: [
        { payment_id: 'a', status: 'CANCELLED' },
        { payment_id: 'b', status: 'AWAITING_FUNDS' },
      ],
    });
    expect(seen(rule, { payment_id: 'a', status: 'AWAITING_FUNDS' }, 404)).toEqual([]);
    expect(
      seen(rule, {
        payments: [
          { payment_id: 'b', status: 'FX_COMPLETED' },
          { payment_id: 'a', status: 'RECEIVED_FUNDS' },
        ],
      }),
    ).toEqual([expect.objectContaining({ ruleId: 'state-table/transition', pointer: '/payments/1/status' })]);
  });

  it('the memory is bounded: the least recently seen payment is forgotten first', () => {
    const rule = statusRule(2);
    seen(rule, { payment_id: 'old', status: 'CANCELLED' });
    seen(rule, { payment_id: 'x', status: 'AWAITING_FUNDS' });
    seen(rule, { payment_id: 'y', status: 'AWAITING_FUNDS' });
    // 'old' was forgotten: its next status is a first sighting.
    expect(seen(rule, { payment_id: 'old', status: 'RECEIVED_FUNDS' })).toEqual([]);
    // 'y' is remembered.
    expect(seen(rule, { payment_id: 'y', status: 'CANCELLED' })).toEqual([]);
    expect(seen(rule, { payment_id: 'y', status: 'AWAITING_FUNDS' })).toHaveLength(1);
  });

  it('a status the table does not list is reported, wherever it is first seen', () => {
    expect(seen(statusRule(), { payment_id: 'n', status: 'ON_HOLD' })).toEqual([
      { source: 'state-table', ruleId: 'state-table/unknown-status', pointer: '/status', valueType: 'string' },
    ]);
  });
});

describe('recipient sum', () => {
  const [makeSum] = paymentResponseRules(paymentStates);
  const sum = makeSum!();
  const body = (total: number, ...values: number[]) => ({
    payment_id: 'p',
    amount: { currency: 'GBP', value: total },
    recipient_details: values.map((value) => ({ amount: { currency: 'GBP', value } })),
  });

  it('exact decimals: 10.10 + 20.20 is 30.30; 10.10 + 20.20 is not 30.31', () => {
    expect(sum({ operationId: 'createPayment', status: 201, body: body(30.3, 10.1, 20.2) })).toBeUndefined();
    expect(sum({ operationId: 'createPayment', status: 201, body: body(30.31, 10.1, 20.2) })).toEqual([
      { source: 'response', ruleId: 'payment.recipient-sum', pointer: '/amount/value', valueType: 'number' },
    ]);
  });

  it('recipients without amounts (fields not shown) are not judged', () => {
    const b = { payment_id: 'p', amount: { currency: 'GBP', value: 5 }, recipient_details: [{ recipient_id: 'r' }] };
    expect(sum({ operationId: 'createPayment', status: 201, body: b })).toBeUndefined();
  });
});
