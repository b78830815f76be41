import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { RunningSandbox } from '../../sandbox/index.js';
import { judgeEvents } from '../../conformance/suites/events/event-judge.js';
import { loadStateTable } from '../../kits/payments/state-table/index.js';
import { call, sandboxOn0, paymentBody, token } from './helpers.js';

let mock: RunningSandbox;
let tok: string;
beforeAll(async () => {
  mock = await sandboxOn0();
  tok = await token(mock);
});
afterAll(() => mock.close());

async function newPayment(m: RunningSandbox, t: string, recipients: Array<[string, number]>): Promise<string> {
  const r = await call(m, t, 'POST', '/v3/customers/cust-a-1/payments', paymentBody('GBP', recipients));
  expect(r.status).toBe(201);
  return r.body.payment_id;
}
const events = async (m: RunningSandbox, t: string, id: string) =>
  (await call(m, t, 'GET', `/_sandbox/payments/${id}/events`)).body.events as Array<{
    status: string;
    recipient_id?: string;
    event_timestamp: string;
  }>;

describe('lifecycle from spec/payment-states.yaml (instant mode)', () => {
  it('runs the whole flow after deliver-funds, fanning out per recipient', async () => {
    const id = await newPayment(mock, tok, [
      ['rcp-a-1-gbp', 1],
      ['rcp-a-1-eur', 2],
      ['rcp-a-1-gbp', 3],
    ]);
    const r = await call(mock, tok, 'POST', `/_sandbox/payments/${id}/deliver-funds`);
    expect(r.body.status).toBe('PAYMENT_COMPLETED');
    const ev = await events(mock, tok, id);
    expect(ev.map((e) => e.status)).toEqual([
      'AWAITING_FUNDS',
      'RECEIVED_FUNDS',
      'FX_COMPLETED',
      'PAYOUT_INITIATED',
      'PAYOUT_INITIATED',
      'PAYOUT_INITIATED',
      'PAYOUT_CREDITED',
      'PAYOUT_CREDITED',
      'PAYOUT_CREDITED',
      'PAYMENT_COMPLETED',
    ]);
    expect(ev.filter((e) => e.status.startsWith('PAYOUT_')).every((e) => typeof e.recipient_id === 'string')).toBe(
      true,
    );
    const stamps = ev.map((e) => Date.parse(e.event_timestamp));
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    expect(new Set(stamps).size).toBe(stamps.length);
    expect(ev[0]!.event_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('cancels only from AWAITING_FUNDS; nothing follows CANCELLED', async () => {
    const id = await newPayment(mock, tok, [['rcp-a-1-gbp', 1]]);
    expect((await call(mock, tok, 'POST', `/_sandbox/payments/${id}/cancel`)).body.status).toBe('CANCELLED');
    expect((await call(mock, tok, 'POST', `/_sandbox/payments/${id}/deliver-funds`)).status).toBe(409);
    expect((await events(mock, tok, id)).map((e) => e.status)).toEqual(['AWAITING_FUNDS', 'CANCELLED']);
    const done = await newPayment(mock, tok, [['rcp-a-1-gbp', 1]]);
    await call(mock, tok, 'POST', `/_sandbox/payments/${done}/deliver-funds`);
    expect((await call(mock, tok, 'POST', `/_sandbox/payments/${done}/cancel`)).status).toBe(409);
  });

  it('holds the flow until release, and bounces back a completed payment', async () => {
    const id = await newPayment(mock, tok, [['rcp-a-1-gbp', 1]]);
    await call(mock, tok, 'POST', `/_sandbox/payments/${id}/hold`);
    expect((await call(mock, tok, 'POST', `/_sandbox/payments/${id}/deliver-funds`)).body.status).toBe(
      'RECEIVED_FUNDS',
    );
    expect((await call(mock, tok, 'POST', `/_sandbox/payments/${id}/release`)).body.status).toBe('PAYMENT_COMPLETED');
    expect((await call(mock, tok, 'POST', `/_sandbox/payments/${id}/bounce-back`)).body.status).toBe('BOUNCED_BACK');
    const fresh = await newPayment(mock, tok, [['rcp-a-1-gbp', 1]]);
    expect((await call(mock, tok, 'POST', `/_sandbox/payments/${fresh}/bounce-back`)).status).toBe(409);
  });

  it(
    'starts the next payment in PROCESSING when asked, ' + 'which then moves on as from AWAITING_FUNDS (A-STATE-5)',
    async () => {
      const armed = await call(mock, tok, 'POST', '/_sandbox/customers/cust-a-1/next-payment', {
        first_status: 'PROCESSING',
      });
      expect(armed.body).toEqual({ customer_id: 'cust-a-1', first_status: 'PROCESSING' });
      const id = await newPayment(mock, tok, [['rcp-a-1-gbp', 1]]);
      expect((await call(mock, tok, 'POST', `/_sandbox/payments/${id}/deliver-funds`)).body.status).toBe(
        'PAYMENT_COMPLETED',
      );
      const flow = await events(mock, tok, id);
      expect(flow.map((e) => e.status)).toEqual([
        'PROCESSING',
        'RECEIVED_FUNDS',
        'FX_COMPLETED',
        'PAYOUT_INITIATED',
        'PAYOUT_CREDITED',
        'PAYMENT_COMPLETED',
      ]);
      // The conformance judge calls the move out of PROCESSING "not shown": a warning, a failure with strict.
      const judged = judgeEvents(
        flow.map((payload) => ({ payload })),
        loadStateTable(),
      );
      expect(judged.findings.map((f) => [f.severity, f.message])).toEqual([
        ['warning', expect.stringContaining('move PROCESSING -> RECEIVED_FUNDS')],
      ]);
      expect(
        judgeEvents(
          flow.map((payload) => ({ payload })),
          loadStateTable(),
          { strict: true },
        ).findings[0]!.severity,
      ).toBe('error');

      // Once only: the payment after it starts as the table's first row says.
      const next = await newPayment(mock, tok, [['rcp-a-1-gbp', 1]]);
      expect((await events(mock, tok, next)).map((e) => e.status)).toEqual(['AWAITING_FUNDS']);

      await call(mock, tok, 'POST', '/_sandbox/customers/cust-a-1/next-payment', { first_status: 'PROCESSING' });
      const cancelled = await newPayment(mock, tok, [['rcp-a-1-gbp', 1]]);
      expect((await call(mock, tok, 'POST', `/_sandbox/payments/${cancelled}/cancel`)).body.status).toBe('CANCELLED');
    },
  );

  it('accepts only the state table’s first statuses, and only for the caller’s own customers', async () => {
    const wrong = await call(mock, tok, 'POST', '/_sandbox/customers/cust-a-1/next-payment', {
      first_status: 'RECEIVED_FUNDS',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({ rule: 'sandbox.first-status', pointer: '/first_status' });
    expect(wrong.body.errors[0].message).toContain('AWAITING_FUNDS, PROCESSING');
    const b = await token(mock, { id: 'sandbox-client-b', secret: 'sandbox-secret-b' });
    expect(
      (await call(mock, b, 'POST', '/_sandbox/customers/cust-a-1/next-payment', { first_status: 'PROCESSING' })).status,
    ).toBe(404);
    // Nothing was armed by the refused calls.
    const id = await newPayment(mock, tok, [['rcp-a-1-gbp', 1]]);
    expect((await events(mock, tok, id))[0]!.status).toBe('AWAITING_FUNDS');
  });

  it("refuses control of another client's payment with 404", async () => {
    const id = await newPayment(mock, tok, [['rcp-a-1-gbp', 1]]);
    const b = await token(mock, { id: 'sandbox-client-b', secret: 'sandbox-secret-b' });
    expect((await call(mock, b, 'POST', `/_sandbox/payments/${id}/deliver-funds`)).status).toBe(404);
    expect((await call(mock, b, 'GET', `/_sandbox/payments/${id}/events`)).status).toBe(404);
  });
});

describe('realistic mode', () => {
  it('spaces the stages out on the sandbox clock', async () => {
    const m = await sandboxOn0({ mode: 'realistic', stageDelayMs: 60_000 });
    try {
      const t = await token(m);
      const id = await newPayment(m, t, [['rcp-a-1-gbp', 1]]);
      expect((await call(m, t, 'POST', `/_sandbox/payments/${id}/deliver-funds`)).body.status).toBe('RECEIVED_FUNDS');
      await call(m, t, 'POST', '/_sandbox/clock/advance', { seconds: 60 });
      expect((await events(m, t, id)).map((e) => e.status).at(-1)).toBe('FX_COMPLETED');
      await call(m, t, 'POST', '/_sandbox/clock/advance', { seconds: 600 });
      expect((await events(m, t, id)).map((e) => e.status).at(-1)).toBe('PAYMENT_COMPLETED');
    } finally {
      await m.close();
    }
  });
});

describe('the state table is read as data', () => {
  it('follows a different table without code changes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cbp-mock-table-'));
    try {
      const table = parse(readFileSync('spec/payment-states.yaml', 'utf8'));
      // Drop FX_COMPLETED: funds go straight to the payouts.
      table.transitions = table.transitions.filter((t: { id: string }) => t.id !== 'fx-completed');
      table.transitions.find((t: { id: string }) => t.id === 'payout-initiated').from = 'RECEIVED_FUNDS';
      const file = path.join(dir, 'states.yaml');
      writeFileSync(file, stringify(table));
      const m = await sandboxOn0({ stateTable: file });
      try {
        const t = await token(m);
        const id = await newPayment(m, t, [['rcp-a-1-gbp', 1]]);
        await call(m, t, 'POST', `/_sandbox/payments/${id}/deliver-funds`);
        expect((await events(m, t, id)).map((e) => e.status)).toEqual([
          'AWAITING_FUNDS',
          'RECEIVED_FUNDS',
          'PAYOUT_INITIATED',
          'PAYOUT_CREDITED',
          'PAYMENT_COMPLETED',
        ]);
      } finally {
        await m.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
