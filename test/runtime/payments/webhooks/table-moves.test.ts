import { describe, expect, it } from 'vitest';
import { loadStateTable } from '../../../../kits/payments/state-table/index.js';
import { isListedMove } from '../../../../packages/runtime/src/payments/webhooks/table-moves.js';

const table = loadStateTable();

describe('isListedMove: the moves the payment state table has (or does not judge)', () => {
  it.each([
    // [from, to, per recipient, listed]
    [null, 'AWAITING_FUNDS', false, true],
    [null, 'PROCESSING', false, true],
    [null, 'FX_COMPLETED', false, true], // its earlier events still on their way (consumer rule 2)
    ['AWAITING_FUNDS', 'RECEIVED_FUNDS', false, true],
    ['AWAITING_FUNDS', 'PAYMENT_COMPLETED', false, true],
    ['AWAITING_FUNDS', 'CANCELLED', false, true],
    ['PAYOUT_CREDITED', 'PAYOUT_INITIATED', false, true], // another recipient's payout (A-STATE-1)
    ['PAYOUT_INITIATED', 'PAYMENT_COMPLETED', false, true],
    ['FX_COMPLETED', 'CANCELLED', false, false],
    ['PAYMENT_COMPLETED', 'RECEIVED_FUNDS', false, false],
    ['CANCELLED', 'RECEIVED_FUNDS', false, false],
    // Moves into or out of a status whose moves are not shown are open, never reported (A-STATE-4/5)
    ['PROCESSING', 'RECEIVED_FUNDS', false, true],
    ['PAYMENT_COMPLETED', 'BOUNCED_BACK', false, true],
    [null, 'BOUNCED_BACK', false, true],
    ['PAYMENT_COMPLETED', 'A_STATUS_NOBODY_LISTS', false, true], // the payload check's finding, not a move's
    [null, 'PAYOUT_CREDITED', true, true],
    ['PAYOUT_INITIATED', 'PAYOUT_CREDITED', true, true],
    ['PAYOUT_CREDITED', 'PAYOUT_INITIATED', true, false], // per recipient the order is strict
  ] as const)('%s -> %s (recipient: %s): %s', (from, to, recipient, listed) => {
    expect(isListedMove(table, from, to, recipient)).toBe(listed);
  });
});
