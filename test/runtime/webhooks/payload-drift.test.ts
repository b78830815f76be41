/**
 * A catalogue of provider-drift faults in webhook deliveries: each one must be reported in `report`
 * mode with where and which rule, and no event may carry a value of the faulty payload.
 */
import { describe, expect, it } from 'vitest';
import { loadStateTable } from '../../../kits/payments/state-table/index.js';
import {
  createMemoryStore,
  createWebhookConsumer,
  signWebhook,
  type WebhookConsumerOptions,
} from '../../../packages/runtime/src/payments/webhooks/index.js';
import type { ContractViolation } from '../../../packages/runtime/src/contract/violation.js';
import { paymentFlow, shuffled } from '../../../conformance/suites/consumer/flows.js';
import { validateWebhook } from '../../../generated/validators.js';
import { createDecimalSum } from '../../../packages/runtime/src/payments/rules/decimal-sum.js';
import type { PayloadValidator } from '../../../packages/runtime/src/payments/webhooks/payload-check.js';
import { apiInfo } from '../../../generated/operations.js';

const table = loadStateTable();
const secret = `whsec_${Buffer.from('drift test secret, 24 bytes +++').toString('base64')}`;
const T0 = Date.UTC(2026, 2, 1, 9);
const at = (i: number) => new Date(T0 + i * 1000).toISOString();
type Payload = Record<string, unknown>;

const signed = (p: Payload) => {
  const body = JSON.stringify(p);
  return {
    body,
    headers: signWebhook(body, { id: String(p['event_id']), timestamp: Math.floor(Date.now() / 1000), secret }),
  };
};

const documented: PayloadValidator = (payload) => validateWebhook('paymentStatus', payload);

/**
 * The provider's service description shows no amounts in a webhook ("Complete payload schema: not
 * shown"). A document that gives the webhook the payment's amount and recipients would carry the
 * recipient-sum rule (x-cbp-decimal-sum) on it, and its generated validateWebhook would report it
 * as below: the rule keyword's own check, whose messages quote the amounts.
 */
const sumRule = createDecimalSum({ items: '/recipient_details', itemAmount: '/amount', total: '/amount' }, { EUR: 2 });
const withAmounts: PayloadValidator = (payload) => {
  const outcome = documented(payload);
  const hits = sumRule(payload) ?? [];
  const violations = [
    ...outcome.violations,
    ...hits.map((h) => ({
      rule: 'webhook.recipient-sum',
      pointer: h.pointer,
      message: h.message,
      source: 'test',
      in: 'webhook' as const,
    })),
  ];
  return { valid: violations.length === 0, violations, notChecked: outcome.notChecked };
};

function setup(mode: WebhookConsumerOptions['validatePayloads'], extra: Partial<WebhookConsumerOptions> = {}) {
  const events: ContractViolation[] = [];
  const store = createMemoryStore();
  let loads = 0;
  const consumer = createWebhookConsumer({
    table,
    store,
    secret,
    validatePayloads: mode,
    onContractViolation: (v) => void events.push(v),
    payloadValidator: () => {
      loads++;
      return withAmounts;
    },
    documentHash: apiInfo.documentHash,
    ...extra,
  });
  const send = async (p: Payload) => {
    const { body, headers } = signed(p);
    return consumer.handle(body, headers);
  };
  return { events, store, send, loads: () => loads };
}

const first = (id: string): Payload => ({
  event_id: `evt-${id}-0`,
  event_timestamp: at(0),
  payment_id: id,
  status: 'AWAITING_FUNDS',
});

interface Fault {
  name: string;
  /** Deliveries before the faulty one (a known payment). */
  before: Payload[];
  faulty: Payload;
  expected: Partial<ContractViolation>;
}

const FAULTS: Fault[] = [
  {
    name: 'null in a documented field',
    before: [first('pay-drift-null-71f')],
    faulty: {
      ...first('pay-drift-null-71f'),
      event_id: 'evt-null-c3a9',
      event_timestamp: at(1),
      status: 'RECEIVED_FUNDS',
      client_reference_id: null,
    },
    expected: { source: 'webhook', ruleId: 'schema/type', pointer: '/client_reference_id', valueType: 'null' },
  },
  {
    name: 'a new enum value',
    before: [first('pay-drift-enum-52b')],
    faulty: {
      ...first('pay-drift-enum-52b'),
      event_id: 'evt-enum-9d0e',
      event_timestamp: at(1),
      status: 'FUNDS_ON_HOLD_X7',
    },
    expected: { source: 'webhook', ruleId: 'schema/enum', pointer: '/status', valueType: 'string' },
  },
  {
    // The timestamp switched to epoch seconds written as a string (assumption A-TIMESTAMP-FORMAT).
    name: 'a number as a string',
    before: [first('pay-drift-num-83c')],
    faulty: {
      ...first('pay-drift-num-83c'),
      event_id: 'evt-num-4f21',
      event_timestamp: '1772355601',
      status: 'RECEIVED_FUNDS',
    },
    expected: { source: 'webhook', ruleId: 'schema/format', pointer: '/event_timestamp', valueType: 'string' },
  },
  {
    name: 'a missing required field',
    before: ['AWAITING_FUNDS', 'RECEIVED_FUNDS', 'FX_COMPLETED'].map((status, i) => ({
      ...first('pay-drift-req-19d'),
      event_id: `evt-req-${i}`,
      event_timestamp: at(i),
      status,
    })),
    faulty: {
      ...first('pay-drift-req-19d'),
      event_id: 'evt-req-77ab',
      event_timestamp: at(5),
      status: 'PAYOUT_INITIATED',
    },
    expected: {
      source: 'webhook',
      ruleId: 'webhook.payout-recipient-id',
      pointer: '/recipient_id',
      valueType: 'absent',
    },
  },
  {
    name: 'a wrong recipient sum',
    before: [first('pay-drift-sum-2a4')],
    faulty: {
      ...first('pay-drift-sum-2a4'),
      event_id: 'evt-sum-b812',
      event_timestamp: at(1),
      status: 'RECEIVED_FUNDS',
      amount: { currency: 'EUR', value: 1234.56 },
      recipient_details: [
        { recipient_id: 'rcp-sum-1', amount: { currency: 'EUR', value: 1000.01 } },
        { recipient_id: 'rcp-sum-2', amount: { currency: 'EUR', value: 200.02 } },
      ],
    },
    expected: { source: 'webhook', ruleId: 'webhook.recipient-sum', pointer: '/amount/value', valueType: 'number' },
  },
  {
    name: 'a status move outside the table',
    before: ['AWAITING_FUNDS', 'RECEIVED_FUNDS', 'FX_COMPLETED'].map((status, i) => ({
      ...first('pay-drift-move-6e0'),
      event_id: `evt-move-${i}`,
      event_timestamp: at(i),
      status,
    })),
    faulty: { ...first('pay-drift-move-6e0'), event_id: 'evt-move-ce55', event_timestamp: at(9), status: 'CANCELLED' },
    expected: { source: 'state-table', ruleId: 'state-table/transition', pointer: '/status', valueType: 'string' },
  },
];

/** Every string and number in a payload, at any depth, as an event must never show them. */
const valuesOf = (p: unknown): string[] =>
  typeof p === 'string' || typeof p === 'number'
    ? [String(p)]
    : p !== null && typeof p === 'object'
      ? Object.values(p).flatMap(valuesOf)
      : [];

describe('webhook payload validation: the provider-drift catalogue', () => {
  it.each(FAULTS)(
    'report mode catches $name with where and which rule, and the delivery is processed',
    async (fault) => {
      const { events, send } = setup('report');
      for (const p of fault.before) expect((await send(p)).status).toBe(200);
      expect(events).toEqual([]);
      const answer = await send(fault.faulty);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        ...fault.expected,
        operationId: 'paymentStatus',
        documentHash: apiInfo.documentHash,
      });
      // `report` never changes the answer: 200, or 400 where the consumer cannot read the event at all.
      expect(answer.status).toBe(fault.name === 'a number as a string' ? 400 : 200);
      const text = JSON.stringify(events);
      for (const value of valuesOf(fault.faulty)) expect(text).not.toContain(value);
    },
  );

  it('catches the whole catalogue in one stream, and no event holds any value of any fault', async () => {
    const { events, send } = setup('report');
    for (const fault of FAULTS) {
      for (const p of fault.before) await send(p);
      await send(fault.faulty);
    }
    expect(events.map((e) => e.ruleId)).toEqual(FAULTS.map((f) => f.expected.ruleId));
    const text = JSON.stringify(events);
    for (const value of FAULTS.flatMap((f) => [...f.before, f.faulty].flatMap(valuesOf))) {
      expect(text).not.toContain(value);
    }
  });

  it("a rule's own message may quote the values: the event's is its own", async () => {
    const fault = FAULTS.find((f) => f.name === 'a wrong recipient sum')!;
    const quoted = (sumRule(fault.faulty) ?? []).map((h) => h.message).join(' ');
    expect(quoted).toMatch(/1234\.56|1200\.03/);
    const { events, send } = setup('report');
    for (const p of [...fault.before, fault.faulty]) await send(p);
    expect(events[0]!.message).not.toMatch(/1234|1200|1000|200\.02/);
  });

  it('legitimate flows, duplicates and out-of-order deliveries produce no event', async () => {
    const { events, send, store } = setup('report');
    const three = paymentFlow({ paymentId: 'pay-ok-3', recipients: 3, eventPrefix: 'evt-ok3', startMs: T0 });
    const one = paymentFlow({ paymentId: 'pay-ok-1', recipients: 1, eventPrefix: 'evt-ok1', startMs: T0 });
    for (const p of [...shuffled(three), ...three, ...shuffled(one)]) expect((await send({ ...p })).status).toBe(200);
    await send({ ...first('pay-ok-c'), client_customer_ref: 'tp-1', session_id: 'ses-1' });
    await send({ ...first('pay-ok-c'), event_id: 'evt-ok-c-1', event_timestamp: at(3), status: 'CANCELLED' });
    expect(store.payments.get('pay-ok-3')?.status).toBe('PAYMENT_COMPLETED');
    expect(store.payments.get('pay-ok-c')?.status).toBe('CANCELLED');
    expect(events).toEqual([]);
  });

  it('throw refuses a faulty delivery with 422 and commits nothing; the retry after the fix is applied', async () => {
    const { events, send, store } = setup('throw');
    const fault = FAULTS[0]!;
    for (const p of fault.before) await send(p);
    const answer = await send(fault.faulty);
    expect(answer).toEqual({ status: 422, body: { received: false, error: 'contract-violation' } });
    expect(events).toEqual([]);
    expect(store.payments.get('pay-drift-null-71f')?.status).toBe('AWAITING_FUNDS');
    // A redelivery of the same event (seed §Events, consumer rule 1) once the integration accepts it.
    const { client_reference_id: _, ...fixed } = fault.faulty;
    expect((await send(fixed)).status).toBe(200);
    expect(store.payments.get('pay-drift-null-71f')?.status).toBe('RECEIVED_FUNDS');
  });

  it('throw refuses a status move outside the table before any callback or commit', async () => {
    const changes: string[] = [];
    const { send, store } = setup('throw', { onStatusChange: (n) => void changes.push(n.change.to) });
    const fault = FAULTS.find((f) => f.expected.source === 'state-table')!;
    for (const p of fault.before) await send(p);
    expect((await send(fault.faulty)).status).toBe(422);
    expect(changes).not.toContain('CANCELLED');
    expect(store.payments.get('pay-drift-move-6e0')?.status).toBe('FX_COMPLETED');
  });

  it('both reports and refuses', async () => {
    const { events, send } = setup('both');
    for (const fault of FAULTS.filter((f) => f.name !== 'a number as a string')) {
      for (const p of fault.before) await send(p);
      expect((await send(fault.faulty)).status).toBe(422);
    }
    expect(events.map((e) => e.ruleId)).toEqual([
      'schema/type',
      'schema/enum',
      'webhook.payout-recipient-id',
      'webhook.recipient-sum',
      'state-table/transition',
    ]);
  });

  it('off (the default) checks nothing and never loads the validator', async () => {
    const { events, send, loads } = setup(undefined);
    for (const fault of FAULTS) {
      for (const p of fault.before) await send(p);
      await send(fault.faulty);
    }
    expect(events).toEqual([]);
    expect(loads()).toBe(0);
  });

  it('loads the validator once, and by default reports through the logger', async () => {
    const warnings: string[] = [];
    const logger = {
      info() {},
      error() {},
      warn: (m: string, f?: object) => void warnings.push(`${m} ${JSON.stringify(f)}`),
    };
    const { send, loads } = setup('report', { logger, onContractViolation: undefined });
    const fault = FAULTS[1]!;
    for (const p of fault.before) await send(p);
    await send(fault.faulty);
    expect(loads()).toBe(1);
    const reported = warnings.filter((w) => w.startsWith('webhook contract violation'));
    expect(reported).toHaveLength(1);
    expect(reported[0]).toContain('schema/enum');
    expect(reported[0]).not.toContain('FUNDS_ON_HOLD_X7');
  });
});
