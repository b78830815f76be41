import { describe, expect, it } from 'vitest';
import { readYaml, statesPath } from './spec-files.js';

const table = readYaml(statesPath);

/** §States and transitions, the table as the seed writes it (From, To). */
const seedTransitions: Array<[string | null, string]> = [
  [null, 'AWAITING_FUNDS'],
  ['AWAITING_FUNDS', 'RECEIVED_FUNDS'],
  ['RECEIVED_FUNDS', 'FX_COMPLETED'],
  ['FX_COMPLETED', 'PAYOUT_INITIATED'],
  ['PAYOUT_INITIATED', 'PAYOUT_CREDITED'],
  ['PAYOUT_CREDITED', 'PAYMENT_COMPLETED'],
  ['AWAITING_FUNDS', 'CANCELLED'],
];
const seedStatuses = [
  'AWAITING_FUNDS',
  'PROCESSING',
  'RECEIVED_FUNDS',
  'FX_COMPLETED',
  'PAYOUT_INITIATED',
  'PAYOUT_CREDITED',
  'PAYMENT_COMPLETED',
  'CANCELLED',
  'BOUNCED_BACK',
];

describe('spec/payment-states.yaml', () => {
  it('has the nine statuses of the seed', () => {
    expect(table.statuses.map((s: any) => s.name)).toEqual(seedStatuses);
  });

  it('contains exactly the seed transitions, each with trigger and source', () => {
    expect(table.transitions.map((t: any) => [t.from, t.to])).toEqual(seedTransitions);
    for (const t of table.transitions) {
      expect(t.trigger, t.id).toBeTruthy();
      expect(t.source, t.id).toMatch(/row \d/);
    }
  });

  it('lets AWAITING_FUNDS or PROCESSING be the first event', () => {
    expect(table.initial.map((i: any) => i.status)).toEqual(['AWAITING_FUNDS', 'PROCESSING']);
  });

  it('fans payouts out per recipient and completes only after all are credited, within 5 minutes', () => {
    const perRecipient = table.transitions.filter((t: any) => t.perRecipient).map((t: any) => t.to);
    expect(perRecipient).toEqual(['PAYOUT_INITIATED', 'PAYOUT_CREDITED']);
    expect(table.fanOut).toMatchObject({ key: 'recipient_id', exactlyOncePerRecipient: true });
    const completed = table.transitions.find((t: any) => t.to === 'PAYMENT_COMPLETED');
    expect(completed).toMatchObject({ requiresAllRecipients: 'PAYOUT_CREDITED', maxDelaySeconds: 300 });
  });

  it('contradicts nothing the seed states', () => {
    // Nothing after CANCELLED.
    expect(table.transitions.filter((t: any) => t.from === 'CANCELLED')).toEqual([]);
    expect(table.statuses.find((s: any) => s.name === 'CANCELLED').terminal).toBe(true);
    // BOUNCED_BACK and PROCESSING moves are not shown: never documented transitions.
    expect(
      table.transitions.filter(
        (t: any) => ['BOUNCED_BACK', 'PROCESSING'].includes(t.from) || ['BOUNCED_BACK', 'PROCESSING'].includes(t.to),
      ),
    ).toEqual([]);
    expect(table.notShown.map((n: any) => n.subject)).toEqual(expect.arrayContaining(['PROCESSING', 'BOUNCED_BACK']));
    // Every transition names known statuses.
    for (const t of table.transitions) {
      if (t.from !== null) expect(seedStatuses).toContain(t.from);
      expect(seedStatuses).toContain(t.to);
    }
  });

  it('describes session states: SESSION_CREATED and expiry, others open', () => {
    expect(table.sessions.states.map((s: any) => s.name)).toEqual(['SESSION_CREATED']);
    expect(table.sessions.expiry.field).toBe('session_expires_at');
    expect(table.sessions.otherStatuses.documented).toBe(false);
  });
});
