/** Seed procedures: the session-lookup decision table and reconciliation by (customer, reference). */
import { describe, expect, it } from 'vitest';
import { createReconciliationIndex, decideSessionAction } from 'cross-border-payments-runtime/payments';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const FUTURE = '2026-06-01T12:30:00Z';
const PAST = '2026-06-01T11:00:00Z';
const session = (s: Record<string, unknown>) => ({
  sessions: [
    { session_id: 's-1', has_payment: false, latest_status: 'SESSION_CREATED', session_expires_at: FUTURE, ...s },
  ],
});

describe('decideSessionAction (seed §Look up sessions, rules 1-4)', () => {
  const table: Array<[string, Parameters<typeof decideSessionAction>[0], unknown]> = [
    ['rule 1: no sessions → create', { sessions: [] }, { action: 'create', rule: 1 }],
    ['rule 1: missing list → create', {}, { action: 'create', rule: 1 }],
    [
      'rule 2: has a payment → track it',
      session({ has_payment: true, payment_id: 'p-1' }),
      { action: 'track-payment', rule: 2, paymentId: 'p-1', sessionId: 's-1' },
    ],
    [
      'rule 2 before 3: unexpired SESSION_CREATED with a payment is tracked',
      session({ has_payment: true, payment_id: 'p-1', latest_status: 'SESSION_CREATED' }),
      { action: 'track-payment', rule: 2, paymentId: 'p-1', sessionId: 's-1' },
    ],
    [
      'rule 2 before 4: expired with a payment is tracked, not replaced',
      session({ has_payment: true, payment_id: 'p-1', session_expires_at: PAST }),
      { action: 'track-payment', rule: 2, paymentId: 'p-1', sessionId: 's-1' },
    ],
    ['rule 3: unexpired SESSION_CREATED → reuse', session({}), { action: 'reuse', rule: 3, sessionId: 's-1' }],
    [
      'rule 4: expired without payment → replace',
      session({ session_expires_at: PAST }),
      { action: 'replace', rule: 4, expiredSessionId: 's-1' },
    ],
    [
      'rule 4: expiry exactly now counts as expired',
      session({ session_expires_at: new Date(NOW).toISOString() }),
      { action: 'replace', rule: 4, expiredSessionId: 's-1' },
    ],
    [
      'only sessions[0] is read',
      {
        sessions: [
          { session_id: 's-0', has_payment: false, latest_status: 'SESSION_CREATED', session_expires_at: PAST },
          { session_id: 's-1', has_payment: true, payment_id: 'p' },
        ],
      },
      { action: 'replace', rule: 4, expiredSessionId: 's-0' },
    ],
  ];
  for (const [name, input, expected] of table) {
    it(name, () => expect(decideSessionAction(input, NOW)).toEqual(expected));
  }

  const undecided: Array<[string, Parameters<typeof decideSessionAction>[0], RegExp]> = [
    ['has_payment true without payment_id', session({ has_payment: true }), /payment_id is missing/],
    ['unexpired with another status', session({ latest_status: 'SESSION_OPENED' }), /SESSION_OPENED/],
    [
      'expired, has_payment not stated',
      session({ session_expires_at: PAST, has_payment: undefined }),
      /has_payment is not false/,
    ],
    ['unreadable expiry', session({ session_expires_at: 'soon' }), /not a date-time/],
  ];
  for (const [name, input, reason] of undecided) {
    it(`no rule applies (${name}) → undecided with the reason`, () => {
      const d = decideSessionAction(input, new Date(NOW));
      expect(d.action).toBe('undecided');
      expect(d.action === 'undecided' && d.reason).toMatch(reason);
    });
  }
});

describe('createReconciliationIndex', () => {
  it('keys on the pair: the same reference of two customers are two records', () => {
    const index = createReconciliationIndex<string>();
    index.set({ customerId: 'c1', clientReferenceId: 'ref-1' }, 'first');
    index.set({ customerId: 'c2', clientReferenceId: 'ref-1' }, 'second');
    expect(index.size).toBe(2);
    expect(index.get({ customerId: 'c1', clientReferenceId: 'ref-1' })?.value).toBe('first');
    expect(index.get({ customerId: 'c2', clientReferenceId: 'ref-1' })?.value).toBe('second');
  });

  it('no separator collision between (a:b, c) and (a, b:c)', () => {
    const index = createReconciliationIndex<number>();
    index.set({ customerId: 'a:b', clientReferenceId: 'c' }, 1);
    expect(index.get({ customerId: 'a', clientReferenceId: 'b:c' })).toBeUndefined();
  });

  it('refuses a lookup by client_reference_id alone', () => {
    const index = createReconciliationIndex();
    expect(() => index.get({ clientReferenceId: 'ref-1' } as never)).toThrow(/customerId and clientReferenceId/);
    expect(() => index.set({ customerId: '', clientReferenceId: 'ref-1' }, 1)).toThrow(TypeError);
  });

  it('matches webhooks by payment_id, session_id, then the pair, and links what it learns', () => {
    const index = createReconciliationIndex<string>();
    index.set({ customerId: 'c1', clientReferenceId: 'ref-1' }, 'order-1');
    index.set({ customerId: 'c2', clientReferenceId: 'ref-1' }, 'order-2');
    const first = index.match({ client_reference_id: 'ref-1', payment_id: 'p-9', session_id: 's-9' }, 'c2');
    expect(first?.value).toBe('order-2');
    expect(index.byPaymentId('p-9')?.value).toBe('order-2');
    expect(index.match({ payment_id: 'p-9' }, 'c1')?.value).toBe('order-2');
    expect(index.match({ session_id: 's-9' }, 'c1')?.value).toBe('order-2');
    expect(index.match({ client_reference_id: 'ref-1' }, 'c3')).toBeUndefined();
  });
});
