import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../../generator/emitters/emitter.js';
import type { ValidationOutcome } from 'cross-border-payments-runtime/client';
import type { PaymentsRuleContext as RuleContext } from '../../../packages/runtime/src/payments/stateful-rules/context.js';
import { CREATE_PAYMENT_STATEFUL, paymentRequest } from './fixtures.js';
import { generateValidators, writeOut } from './gen-helper.js';
import { removeOutDirs } from './harness.js';

afterAll(removeOutDirs);

interface Api {
  validateRequest(
    op: string,
    req: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown },
  ): ValidationOutcome;
  checkStatefulRules(op: string, req: unknown, ctx?: RuleContext): Promise<ValidationOutcome>;
  validateResponse(op: string, status: number, contentType: string | undefined, body: unknown): ValidationOutcome;
  validateWebhook(name: string, payload: unknown): ValidationOutcome;
}

const params = { customer_id: 'cust-1' };
const rules = (o: ValidationOutcome) => o.violations.map((v) => `${v.rule} ${v.pointer}`);

// The default compiles on first use from the emitted schemas; `standalone` compiles at generate
// time. Users see the same outcomes either way.
describe.each([
  ['compiled on first use', false],
  ['standalone', true],
])('generated validators (spec/openapi.yaml + rules overlay), %s', (_mode, standalone) => {
  let files: GeneratedFile[];
  let api: Api;
  let rulesModule: { rules: Array<{ id: string; state: string; source: string }> };

  beforeAll(async () => {
    files = await generateValidators(undefined, undefined, standalone);
    const dir = writeOut(files, 'emitter');
    api = (await import(pathToFileURL(join(dir, 'validators.ts')).href)) as Api;
    rulesModule = await import(pathToFileURL(join(dir, 'rules.ts')).href);
  });

  it('emits the files of its mode', () => {
    const paths = files.map((f) => f.path);
    expect(paths.includes('validators-data.ts')).toBe(!standalone);
    expect(paths.includes('validators-standalone.ts')).toBe(standalone);
  });

  it('accepts a valid payment and lists its stateful rules as not checked', () => {
    const out = api.validateRequest('createPayment', { params, body: paymentRequest() });
    expect(out.valid).toBe(true);
    expect(out.violations).toEqual([]);
    expect(out.notChecked.map((n) => n.rule)).toEqual(CREATE_PAYMENT_STATEFUL);
  });

  it('returns the same frozen outcome on success (no allocation)', () => {
    const a = api.validateRequest('createPayment', { params, body: paymentRequest() });
    const b = api.validateRequest('createPayment', { params, body: paymentRequest() });
    expect(a).toBe(b);
    expect(Object.isFrozen(a)).toBe(true);
  });

  it(
    'reports schema keywords at the offending pointer, under ' +
      'schema.<keyword>; one per part (validation stops at the first)',
    () => {
      const purposeBody = paymentRequest();
      (purposeBody.recipient_details as Array<Record<string, unknown>>)[1].purpose_of_transaction = 'bill_payments';
      const out = api.validateRequest('createPayment', { params, body: purposeBody });
      expect(out.valid).toBe(false);
      expect(rules(out)).toEqual(['schema.pattern /recipient_details/1/purpose_of_transaction']);
      expect(out.violations[0]!.in).toBe('body');
      const longBody = paymentRequest();
      longBody.client_reference_id = 'x'.repeat(37);
      expect(rules(api.validateRequest('createPayment', { params, body: longBody }))).toEqual([
        'schema.maxLength /client_reference_id',
      ]);
      // Both broken: the body reports one of them, not every violation it holds.
      (longBody.recipient_details as Array<Record<string, unknown>>)[1].purpose_of_transaction = 'bill_payments';
      expect(api.validateRequest('createPayment', { params, body: longBody }).violations).toHaveLength(1);
    },
  );

  it('maps schema errors to schema.<keyword> with the missing field in the pointer', () => {
    const body = paymentRequest();
    delete body.amount;
    const out = api.validateRequest('createPayment', { params, body });
    expect(rules(out)).toEqual(['schema.required /amount']);
    expect(out.violations[0]).toMatchObject({ source: 'OpenAPI schema', message: '/amount is required' });
  });

  it('checks path parameters and a missing required body', () => {
    const out = api.validateRequest('createPayment', {});
    expect(rules(out)).toEqual(['schema.required /customer_id', 'schema.required ']);
    expect(out.violations.map((v) => v.in)).toEqual(['params', 'body']);
  });

  it('rejects an unknown operation id', () => {
    expect(() => api.validateRequest('noSuchOp', {})).toThrow(/unknown operation id "noSuchOp"/);
  });

  it('applies the virtual account and webhook rules', () => {
    const va = api.validateRequest('requestVirtualAccount', { params, body: { currency: 'EUR' } });
    expect(rules(va)).toEqual(['virtual-account.vban-country /vban_country']);
    const event = {
      event_id: 'e1',
      event_timestamp: '2026-01-01T00:00:00Z',
      payment_id: 'p1',
      status: 'PAYOUT_CREDITED',
    };
    expect(rules(api.validateWebhook('paymentStatus', event))).toEqual(['webhook.payout-recipient-id /recipient_id']);
    expect(api.validateWebhook('paymentStatus', { ...event, recipient_id: 'r-1' }).valid).toBe(true);
    expect(api.validateWebhook('paymentStatus', { ...event, status: 'AWAITING_FUNDS' }).valid).toBe(true);
  });

  it('validates responses by status and content type', () => {
    const payment = {
      payment_id: 'p1',
      instruction_number: 'i1',
      amount: { currency: 'GBP', value: 1 },
      recipient_details: [],
      status: 'AWAITING_FUNDS',
      created_datetime: '2026-01-01T00:00:00Z',
    };
    expect(api.validateResponse('createPayment', 201, 'application/json; charset=utf-8', payment).valid).toBe(true);
    const bad = api.validateResponse('createPayment', 201, 'application/json', {
      ...payment,
      created_datetime: 'yesterday',
    });
    expect(rules(bad)).toEqual(['schema.format /created_datetime']);
    expect(rules(api.validateResponse('createPayment', 302, 'application/json', {}))).toEqual(['schema.status ']);
    expect(rules(api.validateResponse('createPayment', 201, 'text/html', '<p>'))).toEqual(['schema.content-type ']);
  });

  it('runs stateful rules with a context, and reports them not checked without one', async () => {
    const body = { ...paymentRequest(), quote_id: 'q-1' };
    const without = await api.checkStatefulRules('createPayment', { params, body });
    expect(without.notChecked.map((n) => n.rule)).toEqual(CREATE_PAYMENT_STATEFUL);
    const ctx: RuleContext = {
      needsConversion: () => false,
      getQuote: () => undefined,
      getRecipient: (_c, id) => ({ recipientId: id, status: id === 'r-2' ? 'inactive' : 'active' }),
    };
    const out = await api.checkStatefulRules('createPayment', { params, body }, ctx);
    expect(rules(out)).toEqual([
      'payment.quote-required /quote_id',
      'payment.quote-usable /quote_id',
      'payment.recipient-active /recipient_details/1/recipient_id',
    ]);
    expect(out.notChecked.map((n) => n.rule)).toEqual([
      'payment.third-party-known',
      'payment.client-reference-unique',
      'payment.confirm-recipient-after-failure',
    ]);
  });

  it('emits rules.ts with every rule as data', () => {
    expect(rulesModule.rules.map((r) => r.id)).toContain('session.lookup-decision');
    expect(rulesModule.rules.find((r) => r.id === 'payment.recipient-sum')).toMatchObject({
      state: 'stateless',
      source: 'Create payment (v3), rule 3; Payment request table',
    });
  });

  it('is deterministic', async () => {
    const again = await generateValidators(undefined, undefined, standalone);
    const pick = (fs: GeneratedFile[]) => fs.filter((f) => !f.path.startsWith('runtime/')).map((f) => f.contents);
    expect(pick(again)).toEqual(pick(files));
  });
});
