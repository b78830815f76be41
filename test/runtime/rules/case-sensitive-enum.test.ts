import { afterAll, describe, expect, it } from 'vitest';
import { inProcess, runTable, removeOutDirs } from './harness.js';

afterAll(removeOutDirs);

const schema = {
  'x-cbp-case-sensitive-enum': {
    id: 'payment.purpose-case',
    source: 'Payment request table: purpose_of_transaction',
    params: {
      at: ['/purpose_of_transaction', '/recipient_details/*/purpose_of_transaction'],
      pattern: '^[A-Z][A-Z0-9_]*$',
      known: ['PROPERTY_PURCHASE', 'BILL_PAYMENTS'],
    },
  },
};
const closed = { 'x-cbp-case-sensitive-enum': { id: 'closed', source: 's', params: { at: '/k', known: ['A', 'B'] } } };

describe('x-cbp-case-sensitive-enum', async () => {
  await runTable(
    {
      description: 'open list with pattern',
      schema,
      tests: [
        { description: 'known', data: { purpose_of_transaction: 'PROPERTY_PURCHASE' }, valid: true },
        {
          description: 'unknown upper case accepted (open list)',
          data: { purpose_of_transaction: 'SALARY_2' },
          valid: true,
        },
        {
          description: 'lower case',
          data: { purpose_of_transaction: 'property_purchase' },
          valid: false,
          rules: ['payment.purpose-case /purpose_of_transaction'],
        },
        { description: 'mixed case', data: { purpose_of_transaction: 'Bill_Payments' }, valid: false },
        { description: 'null', data: { purpose_of_transaction: null }, valid: false },
        { description: 'empty', data: { purpose_of_transaction: '' }, valid: false },
        { description: 'absent: schema.required reports it', data: {}, valid: true },
        {
          description: 'per recipient',
          data: {
            purpose_of_transaction: 'BILL_PAYMENTS',
            recipient_details: [{ purpose_of_transaction: 'BILL_PAYMENTS' }, { purpose_of_transaction: 'bill' }],
          },
          valid: false,
          rules: ['payment.purpose-case /recipient_details/1/purpose_of_transaction'],
        },
      ],
    },
    { it, expect },
  );
  await runTable(
    {
      description: 'closed list',
      schema: closed,
      tests: [
        { data: { k: 'A' }, valid: true },
        { data: { k: 'C' }, valid: false },
        { data: { k: 'a' }, valid: false },
      ],
    },
    { it, expect },
  );
  it('names the known values and suggests the right case', () => {
    const [v] = inProcess(schema)({ purpose_of_transaction: 'property_purchase' });
    expect(v.message).toContain('PROPERTY_PURCHASE, BILL_PAYMENTS');
    expect(v.message).toContain('did you mean PROPERTY_PURCHASE');
  });
});
