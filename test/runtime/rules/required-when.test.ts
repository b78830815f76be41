import { afterAll, describe, expect, it } from 'vitest';
import { runTable, removeOutDirs } from './harness.js';

afterAll(removeOutDirs);

const thirdParty = {
  'x-cbp-required-when': {
    id: 'payment.third-party-fields',
    source: 'Create payment (v3), rule 4',
    params: {
      when: { pointer: '/is_third_party_payment', equals: true },
      require: ['/client_reference_id', '/client_customer_ref'],
    },
  },
};
const vban = {
  'x-cbp-required-when': {
    id: 'virtual-account.vban-country',
    source: 'Request a virtual account: vban_country',
    params: { when: { pointer: '/currency', in: ['EUR', 'GBP'] }, require: ['/vban_country'] },
  },
};

describe('x-cbp-required-when', async () => {
  await runTable(
    {
      description: 'equals',
      schema: thirdParty,
      tests: [
        { description: 'not third party', data: { is_third_party_payment: false }, valid: true },
        { description: 'default false', data: {}, valid: true },
        {
          description: 'third party with both',
          data: { is_third_party_payment: true, client_reference_id: 'r', client_customer_ref: 'c' },
          valid: true,
        },
        {
          description: 'third party missing both',
          data: { is_third_party_payment: true },
          valid: false,
          rules: ['payment.third-party-fields /client_reference_id', 'payment.third-party-fields /client_customer_ref'],
        },
        {
          description: 'empty string counts as missing',
          data: { is_third_party_payment: true, client_reference_id: '', client_customer_ref: 'c' },
          valid: false,
        },
        { description: 'truthy but not true', data: { is_third_party_payment: 'true' }, valid: true },
      ],
    },
    { it, expect },
  );
  await runTable(
    {
      description: 'in',
      schema: vban,
      tests: [
        { data: { currency: 'USD' }, valid: true },
        { data: { currency: 'EUR', vban_country: 'DEU' }, valid: true },
        { data: { currency: 'GBP' }, valid: false, rules: ['virtual-account.vban-country /vban_country'] },
        { data: { currency: 'gbp' }, valid: true },
      ],
    },
    { it, expect },
  );
});

describe('x-cbp-required-when with members Object.prototype also has', async () => {
  await runTable(
    {
      description: 'constructor / toString',
      schema: {
        'x-cbp-required-when': {
          id: 'r',
          source: 's',
          params: { when: { pointer: '/kind', equals: 'x' }, require: ['/constructor', '/toString'] },
        },
      },
      tests: [
        {
          description: 'inherited members are not present',
          data: { kind: 'x' },
          valid: false,
          rules: ['r /constructor', 'r /toString'],
        },
        { description: 'own members are', data: { kind: 'x', constructor: 'c', toString: 't' }, valid: true },
      ],
    },
    { it, expect },
  );
});
