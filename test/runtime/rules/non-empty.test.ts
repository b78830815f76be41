import { afterAll, describe, expect, it } from 'vitest';
import { runTable, removeOutDirs } from './harness.js';

afterAll(removeOutDirs);

const rule = (at: unknown) => ({
  'x-cbp-non-empty': {
    id: 'payment.recipient-details-non-empty',
    source: 'Create payment (v3), rule 3',
    params: { at },
  },
});

describe('x-cbp-non-empty', async () => {
  await runTable(
    {
      description: 'non-empty',
      schema: rule('/recipient_details'),
      tests: [
        { description: 'one entry', data: { recipient_details: [{}] }, valid: true },
        {
          description: 'empty array',
          data: { recipient_details: [] },
          valid: false,
          rules: ['payment.recipient-details-non-empty /recipient_details'],
        },
        {
          description: 'null',
          data: { recipient_details: null },
          valid: false,
          rules: ['payment.recipient-details-non-empty /recipient_details'],
        },
        { description: 'empty string', data: { recipient_details: '' }, valid: false },
        { description: 'absent: left to schema.required', data: {}, valid: true },
        { description: 'not an object at all', data: 42, valid: true },
      ],
    },
    { it, expect },
  );
  await runTable(
    {
      description: 'non-empty with *',
      schema: rule(['/items/*/name']),
      tests: [
        { description: 'all named', data: { items: [{ name: 'a' }, { name: 'b' }] }, valid: true },
        {
          description: 'second empty',
          data: { items: [{ name: 'a' }, { name: '' }] },
          valid: false,
          rules: ['payment.recipient-details-non-empty /items/1/name'],
        },
      ],
    },
    { it, expect },
  );
});
