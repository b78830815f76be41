import { afterAll, describe, expect, it } from 'vitest';
import { inProcess, standalone, summary, type KeywordTable, removeOutDirs } from './harness.js';

afterAll(removeOutDirs);

const rule = {
  id: 'payment.recipient-sum',
  source: 'Create payment (v3), rule 3',
  params: { items: '/recipient_details', itemAmount: '/amount', total: '/amount' },
};
const schema = { 'x-cbp-decimal-sum': rule };
const pay = (currency: string, total: number | string, ...values: Array<number | string>) => ({
  amount: { currency, value: total },
  recipient_details: values.map((value) => ({ amount: { currency, value } })),
});

const table: KeywordTable = {
  description: 'decimal-sum',
  schema,
  tests: [
    { description: '0.1 + 0.2 == 0.3', data: pay('USD', 0.3, 0.1, 0.2), valid: true },
    { description: 'three recipients', data: pay('GBP', 100, 33.33, 33.33, 33.34), valid: true },
    {
      description: 'off by a cent',
      data: pay('GBP', 100, 33.33, 33.33, 33.33),
      valid: false,
      rules: ['payment.recipient-sum /amount/value'],
    },
    { description: 'BHD has 3 decimals', data: pay('BHD', 1.001, 0.5, 0.501), valid: true },
    { description: 'BHD 4 decimals too many', data: pay('BHD', 1.0001, 0.5, 0.5001), valid: false },
    { description: 'JPY has no decimals', data: pay('JPY', 1000, 400, 600), valid: true },
    {
      description: 'JPY with decimals',
      data: pay('JPY', 1000.5, 400.5, 600),
      valid: false,
      rules: ['payment.recipient-sum /amount/value', 'payment.recipient-sum /recipient_details/0/amount/value'],
    },
    { description: 'USD 3 decimals', data: pay('USD', 1.005, 1.005), valid: false },
    { description: 'tiny amounts', data: pay('KWD', 0.002, 0.001, 0.001), valid: true },
    {
      description: 'huge amounts beyond 2^53 (exact decimals)',
      data: pay('USD', '90071992547409.93', '90071992547409.92', '0.01'),
      valid: true,
    },
    { description: 'huge numbers', data: pay('USD', 2e21, 1e21, 1e21), valid: true },
    { description: 'huge numbers off', data: pay('USD', 2e21, 1e21, 1e21 + 1e6), valid: false },
    { description: 'decimal strings', data: pay('EUR', '10.10', '10.1'), valid: true },
    { description: 'unknown currency: no minor-unit check', data: pay('ZZZ', 1.23456, 1.23456), valid: true },
    {
      description: 'currency mismatch',
      data: { amount: { currency: 'USD', value: 10 }, recipient_details: [{ amount: { currency: 'EUR', value: 10 } }] },
      valid: false,
      rules: ['payment.recipient-sum /recipient_details/0/amount/currency'],
    },
    { description: 'empty list: the non-empty rule reports it', data: pay('USD', 10), valid: true },
    { description: 'no amount: the schema reports it', data: { recipient_details: [] }, valid: true },
    {
      description: 'non-numeric value',
      data: pay('USD', 10, 'ten'),
      valid: false,
      rules: ['payment.recipient-sum /recipient_details/0/amount/value'],
    },
  ],
};

const thousand = pay('USD', 10, ...Array.from({ length: 1000 }, () => 0.01));

describe('x-cbp-decimal-sum', async () => {
  const compiled = inProcess(schema);
  const { t } = await standalone({ t: schema });
  for (const [label, check] of [
    ['in-process', compiled],
    ['standalone', t],
  ] as const) {
    for (const c of table.tests) {
      it(`${label}: ${c.description}`, () => {
        const out = check(c.data);
        expect(out.length === 0).toBe(c.valid);
        if (c.rules) expect(summary(out)).toEqual(c.rules);
        for (const v of out) expect(v.source).toBe(rule.source);
      });
    }
    it(`${label}: 1000 recipients of 0.01 sum to 10 exactly`, () => {
      expect(check(thousand)).toEqual([]);
      const off = structuredClone(thousand);
      off.amount.value = 10.01;
      expect(summary(check(off))).toEqual(['payment.recipient-sum /amount/value']);
    });
  }
  it('names both sums in the message', () => {
    const [v] = compiled(pay('GBP', 100, 33.33, 33.33, 33.33));
    expect(v.message).toContain('99.99');
    expect(v.message).toContain('100');
  });
});
