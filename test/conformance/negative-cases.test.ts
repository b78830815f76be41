import { beforeAll, describe, expect, test } from 'vitest';
import type { ApiModel } from '../../generator/ir/model.js';
import { schemaMutations } from '../../conformance/suites/api/schema-mutations.js';
import { negativeCases, statusMatches } from '../../conformance/suites/api/negative-cases.js';
import type { RunContext } from '../../conformance/suites/api/context.js';
import type { RequestCase } from '../../conformance/suites/api/requests.js';
import { loadSuiteSpec } from '../../conformance/suites/api/spec.js';

let model: ApiModel;
beforeAll(async () => {
  model = (await loadSuiteSpec()).model;
});

const payment = {
  purpose_of_transaction: 'PROPERTY_PURCHASE',
  amount: { currency: 'GBP', value: 100.5 },
  recipient_details: [
    { recipient_id: 'r1', amount: { currency: 'GBP', value: 100.5 }, purpose_of_transaction: 'BILL_PAYMENTS' },
  ],
  client_reference_id: 'ref-1',
};

describe('schemaMutations', () => {
  test('breaks required, lengths, patterns, minItems and enum case, each once, one edit from the valid value', () => {
    const ms = schemaMutations({ $ref: '#/components/schemas/PaymentRequest' }, payment, model.schemas);
    const byRule = (rule: string) => ms.filter((m) => m.rule === rule).map((m) => m.pointer);
    expect(byRule('schema.required')).toEqual(
      expect.arrayContaining([
        '/purpose_of_transaction',
        '/amount',
        '/recipient_details',
        '/amount/currency',
        '/recipient_details/0/recipient_id',
      ]),
    );
    expect(byRule('schema.minItems')).toEqual(['/recipient_details']);
    expect(byRule('schema.maxLength')).toEqual(expect.arrayContaining(['/client_reference_id', '/amount/currency']));
    expect(byRule('schema.pattern')).toEqual(
      expect.arrayContaining(['/purpose_of_transaction', '/recipient_details/0/purpose_of_transaction']),
    );
    const lower = ms.find((m) => m.rule === 'schema.pattern' && m.pointer === '/purpose_of_transaction')!;
    expect((lower.value as typeof payment).purpose_of_transaction).toBe('property_purchase');
    const long = ms.find((m) => m.rule === 'schema.maxLength' && m.pointer === '/client_reference_id')!;
    expect((long.value as typeof payment).client_reference_id).toHaveLength(37);
    expect(payment.client_reference_id).toBe('ref-1');
  });

  test('a const is broken by changing its case', () => {
    const ms = schemaMutations(
      { $ref: '#/components/schemas/TokenRequest' },
      { grant_type: 'client_credentials', client_id: 'a', client_secret: 'b' },
      model.schemas,
    );
    expect(ms.find((m) => m.rule === 'schema.const')?.value).toMatchObject({ grant_type: 'CLIENT_CREDENTIALS' });
  });
});

describe('negativeCases', () => {
  test('createPayment cases come from the overlay rules (violate) and the schema', () => {
    const ctx = { model } as RunContext;
    const base: RequestCase = {
      operationId: 'createPayment',
      name: 'third-party',
      method: 'POST',
      path: '/v3/customers/c/payments',
      json: { ...payment, is_third_party_payment: true, client_customer_ref: 'tp-1' },
    };
    const cases = negativeCases(ctx, base);
    const rules = new Set(cases.map((c) => c.rule));
    for (const r of [
      'payment.recipient-sum',
      'payment.third-party-fields',
      'payment.third-party-known',
      'payment.recipient-active',
      'payment.client-reference-unique',
      'schema.required',
      'schema.pattern',
      'schema.type',
    ]) {
      expect(rules, r).toContain(r);
    }
    expect(cases.find((c) => c.rule === 'payment.client-reference-unique')?.sendTwice).toBe(true);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  test('session duplicates must be exactly 400, other rules any 4xx', () => {
    const ctx = { model } as RunContext;
    const base: RequestCase = {
      operationId: 'createSession',
      name: 's',
      method: 'POST',
      path: '/v1/customers/c/sessions',
      json: { client_reference_id: 'abc' },
    };
    expect(negativeCases(ctx, base).find((c) => c.rule === 'session.client-reference-unique')?.expect).toBe('400');
    expect(statusMatches(400, '400')).toBe(true);
    expect(statusMatches(422, '400')).toBe(false);
    expect(statusMatches(422, '4XX')).toBe(true);
    expect(statusMatches(500, '4XX')).toBe(false);
  });
});
