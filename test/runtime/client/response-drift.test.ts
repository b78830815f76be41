/**
 * Provider drift at run time: the generated client (generated/client.ts) against a node:http
 * server on 127.0.0.1 that answers drifted responses, one fault per case. In `report` mode every
 * fault yields an event naming the operation, status, rule, JSON Pointer, document hash and the
 * value's JSON type, and no event carries the fault's value; `throw` and `both` reject with a
 * ContractViolationError (never an apiError); `off` and a sample rate of 0 judge nothing; legitimate
 * provider variations raise no event.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ClientOptions, type ContractViolation, createPaymentsClient } from '../../../generated/client.js';
import { ContractViolationError } from '../../../generated/runtime/contract/violation.js';
import { apiInfo } from '../../../generated/operations.js';
import { type QueuedAnswer as Answer, type QueuedAnswers, queuedAnswersServer } from './helpers/queued-answers.js';

let server: QueuedAnswers;
let base: string;

beforeAll(async () => {
  server = await queuedAnswersServer();
  base = server.base;
});

afterAll(() => server.close());

afterEach(() => {
  server.answers = [];
});

const CUSTOMER = { params: { path: { customer_id: 'cust-1' } } };
const PAYMENT_BODY = {
  purpose_of_transaction: 'PROPERTY_PURCHASE',
  amount: { currency: 'GBP', value: 30.3 },
  recipient_details: [
    { recipient_id: 'rcp-1', amount: { currency: 'GBP', value: 10.1 } },
    { recipient_id: 'rcp-2', amount: { currency: 'GBP', value: 20.2 } },
  ],
};

/** A payment as the service description shows it; the faults below change one thing each. */
function payment(changes: Record<string, unknown> = {}, drop: string[] = []): Record<string, unknown> {
  const p: Record<string, unknown> = {
    payment_id: 'pay-0001',
    instruction_number: 'INS-0001',
    amount: { currency: 'GBP', value: 30.3 },
    recipient_details: [
      { recipient_id: 'rcp-1', amount: { currency: 'GBP', value: 10.1 } },
      { recipient_id: 'rcp-2', amount: { currency: 'GBP', value: 20.2 } },
    ],
    status: 'AWAITING_FUNDS',
    created_datetime: '2024-05-01T12:34:56Z',
    ...changes,
  };
  for (const key of drop) delete p[key];
  return p;
}

function reporting(extra: Partial<ClientOptions> = {}) {
  const events: ContractViolation[] = [];
  const client = createPaymentsClient({
    baseUrl: base,
    authUrl: base,
    accessToken: 'token-for-tests',
    retry: false,
    validateResponses: 'report',
    onContractViolation: (v) => events.push(v),
    ...extra,
  } as ClientOptions);
  return { client, events };
}

type Client = ReturnType<typeof createPaymentsClient>;

interface Fault {
  name: string;
  /** Answers queued for the calls, in order. */
  answers: Answer[];
  call: (client: Client) => Promise<unknown>;
  expected: Partial<ContractViolation>;
  /** Distinctive values of the fault that no event may carry. */
  values: string[];
}

const createPayment = (client: Client) => client.createPayment({ ...CUSTOMER, body: PAYMENT_BODY } as never);
const viewPayment = (client: Client, id: string) =>
  client.legacyViewPayment({ params: { path: { customer_id: 'cust-1', payment_id: id } } } as never);

const ok = (body: unknown): Answer => ({ status: 201, json: JSON.stringify(body) });

const FAULTS: Fault[] = [
  {
    name: 'null in a documented field',
    answers: [ok(payment({ payment_id: 'pay-null-7731', instruction_number: null }))],
    call: createPayment,
    expected: { ruleId: 'schema/type', pointer: '/instruction_number', valueType: 'null' },
    values: ['pay-null-7731'],
  },
  {
    name: 'a new payment status (a value the documented list does not have)',
    answers: [ok(payment({ status: 'ESCROW_HELD_ZQX' }))],
    call: createPayment,
    expected: {
      source: 'state-table',
      ruleId: 'state-table/unknown-status',
      pointer: '/status',
      valueType: 'string',
    },
    values: ['ESCROW_HELD_ZQX'],
  },
  {
    name: 'an amount sent as a string',
    answers: [
      {
        status: 201,
        json: JSON.stringify(payment()).replace(
          '"amount":{"currency":"GBP","value":30.3}',
          '"amount":{"currency":"GBP","value":"30.30"}',
        ),
      },
    ],
    call: createPayment,
    expected: { ruleId: 'schema/type', pointer: '/amount/value', valueType: 'string' },
    values: ['30.30'],
  },
  {
    name: 'a missing required field',
    answers: [ok(payment({ instruction_number: 'INS-MISSING-4411' }, ['created_datetime']))],
    call: createPayment,
    expected: { ruleId: 'schema/required', pointer: '/created_datetime', valueType: 'absent' },
    values: ['INS-MISSING-4411'],
  },
  {
    name: 'recipient amounts that do not sum to the amount',
    answers: [
      ok(
        payment({
          amount: { currency: 'GBP', value: 8642.17 },
          recipient_details: [
            { recipient_id: 'rcp-1', amount: { currency: 'GBP', value: 4000.05 } },
            { recipient_id: 'rcp-2', amount: { currency: 'GBP', value: 4600.01 } },
          ],
        }),
      ),
    ],
    call: createPayment,
    expected: {
      source: 'response',
      ruleId: 'payment.recipient-sum',
      pointer: '/amount/value',
      valueType: 'number',
    },
    values: ['8642.17', '4000.05', '4600.01', '8600.06'],
  },
  {
    name: 'a status move outside the state table (CANCELLED, then FX_COMPLETED)',
    answers: [
      ok(payment({ payment_id: 'pay-move-9921', status: 'CANCELLED' })),
      { status: 200, json: JSON.stringify(payment({ payment_id: 'pay-move-9921', status: 'FX_COMPLETED' })) },
    ],
    call: async (client) => {
      await createPayment(client);
      return viewPayment(client, 'pay-move-9921');
    },
    expected: {
      source: 'state-table',
      operationId: 'legacyViewPayment',
      status: 200,
      ruleId: 'state-table/transition',
      pointer: '/status',
      valueType: 'string',
    },
    values: ['pay-move-9921'],
  },
  {
    name: 'a documented error body that breaks its schema (token endpoint, RFC 6749 §5.2)',
    answers: [{ status: 400, json: JSON.stringify({ error: 31337, error_description: 'desc-secret-5150' }) }],
    call: (client) =>
      client.requestAccessToken({
        body: { grant_type: 'client_credentials', client_id: 'id', client_secret: 'secret' },
      } as never),
    expected: {
      operationId: 'requestAccessToken',
      status: 400,
      ruleId: 'schema/type',
      pointer: '/error',
      valueType: 'number',
    },
    values: ['31337', 'desc-secret-5150'],
  },
];

describe('report mode: every provider-drift fault yields an event without its value', () => {
  for (const fault of FAULTS) {
    it(fault.name, async () => {
      const { client, events } = reporting();
      server.answers = [...fault.answers];
      const result = (await fault.call(client)) as { apiError?: unknown };
      // `report` never changes the call's outcome: the drifted data is handed back as it came.
      expect(fault.expected.status === 400 || result.apiError === undefined).toBe(true);
      expect(events).toContainEqual(
        expect.objectContaining({
          source: 'response',
          operationId: 'createPayment',
          status: 201,
          documentHash: apiInfo.documentHash,
          ...fault.expected,
        }),
      );
      const text = JSON.stringify(events);
      for (const value of fault.values) expect(text).not.toContain(value);
      for (const e of events) expect(e.message).toMatch(/^(the response|a status move) of \w+ \(HTTP \d+\) breaks /);
    });
  }

  it('the catalogue is caught whole: each fault at least one event, all with the document hash', async () => {
    let caught = 0;
    for (const fault of FAULTS) {
      const { client, events } = reporting();
      server.answers = [...fault.answers];
      await fault.call(client);
      if (events.some((e) => e.ruleId === fault.expected.ruleId && e.pointer === fault.expected.pointer)) caught++;
    }
    expect(caught / FAULTS.length).toBe(1);
  });
});

describe('no false alarm on legitimate provider variations', () => {
  const conforming: Array<{ name: string; answers: Answer[]; call: (c: Client) => Promise<unknown> }> = [
    {
      name: 'extra properties (the Payment says other fields may appear) and decimal sums inexact in floats',
      answers: [
        ok({
          ...payment(),
          settlement_hint: 'next-day',
          recipient_details: [
            { recipient_id: 'rcp-1', amount: { currency: 'GBP', value: 10.1 }, payment_reference: 'INV-1' },
            { recipient_id: 'rcp-2', amount: { currency: 'GBP', value: 20.2 } },
          ],
        }),
      ],
      call: createPayment,
    },
    {
      name: 'a status seen after statuses the client missed (polling), and payouts of recipients interleaving',
      answers: [
        ok(payment({ payment_id: 'pay-poll' })),
        { status: 200, json: JSON.stringify(payment({ payment_id: 'pay-poll', status: 'PAYOUT_CREDITED' })) },
        { status: 200, json: JSON.stringify(payment({ payment_id: 'pay-poll', status: 'PAYOUT_INITIATED' })) },
        { status: 200, json: JSON.stringify(payment({ payment_id: 'pay-poll', status: 'PAYMENT_COMPLETED' })) },
        { status: 200, json: JSON.stringify(payment({ payment_id: 'pay-poll', status: 'PAYMENT_COMPLETED' })) },
      ],
      call: async (client) => {
        await createPayment(client);
        for (let i = 0; i < 4; i++) await viewPayment(client, 'pay-poll');
      },
    },
    {
      name: 'moves the table does not show (PROCESSING, BOUNCED_BACK) are not judged',
      answers: [
        ok(payment({ payment_id: 'pay-proc', status: 'PROCESSING' })),
        { status: 200, json: JSON.stringify(payment({ payment_id: 'pay-proc', status: 'CANCELLED' })) },
        ok(payment({ payment_id: 'pay-back', status: 'PAYMENT_COMPLETED' })),
        { status: 200, json: JSON.stringify(payment({ payment_id: 'pay-back', status: 'BOUNCED_BACK' })) },
      ],
      call: async (client) => {
        await createPayment(client);
        await viewPayment(client, 'pay-proc');
        await createPayment(client);
        await viewPayment(client, 'pay-back');
      },
    },
    {
      name: 'an error answer in any JSON (the error body is not shown) and a token error as RFC 6749 §5.2 says',
      answers: [
        { status: 404, json: JSON.stringify({ message: 'no such payment' }) },
        { status: 400, json: JSON.stringify({ error: 'invalid_client' }) },
      ],
      call: async (client) => {
        await viewPayment(client, 'pay-none');
        await client.requestAccessToken({
          body: { grant_type: 'client_credentials', client_id: 'id', client_secret: 'secret' },
        } as never);
      },
    },
    {
      name: 'a virtual account without its optional fields',
      answers: [{ status: 200, json: JSON.stringify({ unique_identifier: 'va-1' }) }],
      call: (client) => client.getVirtualAccount({ ...CUSTOMER } as never),
    },
  ];
  for (const c of conforming) {
    it(c.name, async () => {
      const { client, events } = reporting();
      server.answers = [...c.answers];
      await c.call(client);
      expect(server.answers).toEqual([]);
      expect(events).toEqual([]);
    });
  }
});

const DRIFT = ok(payment({ instruction_number: null }));

describe('modes', () => {
  it('throw: the call rejects with a ContractViolationError, not an apiError', async () => {
    const { client, events } = reporting({ validateResponses: 'throw' });
    server.answers = [DRIFT];
    const error = await createPayment(client).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ContractViolationError);
    expect(error).not.toHaveProperty('kind');
    expect((error as ContractViolationError).violations[0]).toMatchObject({
      operationId: 'createPayment',
      ruleId: 'schema/type',
      pointer: '/instruction_number',
    });
    expect(events).toEqual([]);
  });

  it('both: the event is reported, then the call rejects', async () => {
    const { client, events } = reporting({ validateResponses: 'both' });
    server.answers = [DRIFT];
    await expect(createPayment(client)).rejects.toBeInstanceOf(ContractViolationError);
    expect(events.map((e) => e.pointer)).toEqual(['/instruction_number']);
  });

  it('per operation: a default and an override by operation id', async () => {
    const { client, events } = reporting({
      validateResponses: { default: 'off', operations: { legacyViewPayment: 'throw', createPayment: 'report' } },
    });
    server.answers = [
      DRIFT,
      { status: 200, json: JSON.stringify(payment({ payment_id: 'pay-x', status: 'NEW_STATUS' })) },
    ];
    expect(await createPayment(client)).not.toHaveProperty('apiError');
    expect(events).toHaveLength(1);
    await expect(viewPayment(client, 'pay-x')).rejects.toBeInstanceOf(ContractViolationError);
  });

  it('sampling: a rate of 0 judges nothing; a sampler under the rate judges', async () => {
    const none = reporting({ responseSampleRate: 0 });
    server.answers = [DRIFT];
    await createPayment(none.client);
    expect(none.events).toEqual([]);
    const half = reporting({ responseSampleRate: 0.5, responseSampler: () => 0.49 });
    server.answers = [DRIFT];
    await createPayment(half.client);
    expect(half.events).toHaveLength(1);
    const skipped = reporting({ responseSampleRate: 0.5, responseSampler: () => 0.5 });
    server.answers = [DRIFT];
    await createPayment(skipped.client);
    expect(skipped.events).toEqual([]);
  });

  it("the default handler is the client's logger, at warn, with the event and no value", async () => {
    const entries: unknown[] = [];
    const client = createPaymentsClient({
      baseUrl: base,
      accessToken: 'token-for-tests',
      validateResponses: 'report',
      logger: (entry) => entries.push(entry),
    });
    server.answers = [ok(payment({ instruction_number: 'INS-LOGGED-6060', created_datetime: 20240501 }))];
    await createPayment(client);
    const violations = entries.filter((e) => (e as { event: string }).event === 'contract-violation');
    expect(violations).toEqual([
      expect.objectContaining({
        level: 'warn',
        operationId: 'createPayment',
        status: 201,
        violation: expect.objectContaining({ pointer: '/created_datetime', valueType: 'number' }),
      }),
    ]);
    expect(JSON.stringify(violations)).not.toContain('20240501');
  });

  it('a mode that does not exist is refused by the first call', async () => {
    const { client } = reporting({ validateResponses: { operations: { createPayment: 'loud' as never } } });
    server.answers = [DRIFT];
    await expect(createPayment(client)).rejects.toThrow(
      /"loud" is not a mode \(use 'off', 'report', 'throw' or 'both'\)/,
    );
  });
});

describe('lazy loading', () => {
  it('off: no event, and the validators are never loaded (report loads them: the control)', async () => {
    const loads: string[] = [];
    const load = async (mode: 'off' | 'report') => {
      vi.resetModules();
      vi.doMock('../../../generated/validators.js', async (original) => {
        loads.push(mode);
        return original();
      });
      const fresh = (await import('../../../generated/client.js')) as typeof import('../../../generated/client.js');
      const events: ContractViolation[] = [];
      const client = fresh.createPaymentsClient({
        baseUrl: base,
        accessToken: 'token-for-tests',
        validateResponses: mode,
        onContractViolation: (v) => events.push(v),
      });
      server.answers = [DRIFT];
      await client.createPayment({ ...CUSTOMER, body: PAYMENT_BODY } as never);
      vi.doUnmock('../../../generated/validators.js');
      // The worker is shared (isolate: false): the client evaluated against the mock is not kept.
      vi.resetModules();
      return events;
    };
    expect(await load('off')).toEqual([]);
    expect(loads).toEqual([]);
    expect(await load('report')).toHaveLength(1);
    expect(loads).toEqual(['report']);
  });
});
