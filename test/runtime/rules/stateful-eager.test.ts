/** checkStatefulRulesEager: synchronous for a synchronous RuleContext (the mock's
 * store), a promise otherwise, and the same outcome either way as checkStatefulRules. */
import { describe, expect, it } from 'vitest';
import { checkStatefulRules, checkStatefulRulesEager } from '../../../generated/validators.js';
import type { PaymentsRuleContext as RuleContext } from '../../../packages/runtime/src/payments/stateful-rules/context.js';
import { paymentRequest } from './fixtures.js';

const params = { customer_id: 'cust-1' };
const body = { ...paymentRequest(), quote_id: 'q-1', is_third_party_payment: true, client_customer_ref: 'tp-1' };

/** Every answer breaks a rule, so each rule contributes a violation and order is visible. */
const sync: RuleContext = {
  needsConversion: () => false,
  getQuote: () => undefined,
  getThirdParty: () => undefined,
  getRecipient: (_c, id) =>
    id === 'r-2' ? undefined : { recipientId: id, status: id === 'r-3' ? 'inactive' : 'active' },
  isClientReferenceUsed: () => true,
  hasFailedRecipientCheck: () => true,
};

const later = <T>(v: T): Promise<T> => new Promise((resolve) => setTimeout(() => resolve(v), 1));
const async: RuleContext = {
  needsConversion: (c, cur) => later(sync.needsConversion!(c, cur) as boolean),
  getQuote: () => later(undefined),
  getThirdParty: () => later(undefined),
  getRecipient: (c, id) =>
    later(sync.getRecipient!(c, id) as Awaited<ReturnType<NonNullable<RuleContext['getRecipient']>>>),
  isClientReferenceUsed: () => later(true),
  hasFailedRecipientCheck: () => later(true),
};
/** Only the recipient lookups are asynchronous: the pass resumes mid-rule and mid-list. */
const mixed: RuleContext = { ...sync, getRecipient: async.getRecipient };

describe('checkStatefulRulesEager', () => {
  it('answers synchronously for a synchronous context, with every rule in order', async () => {
    const out = checkStatefulRulesEager('createPayment', { params, body }, sync);
    expect(out).not.toBeInstanceOf(Promise);
    const o = out as Exclude<typeof out, Promise<unknown>>;
    expect(o.valid).toBe(false);
    expect(o.violations.map((v) => `${v.rule} ${v.pointer}`)).toEqual([
      'payment.quote-required /quote_id',
      'payment.quote-usable /quote_id',
      'payment.third-party-known /client_customer_ref',
      'payment.client-reference-unique /client_reference_id',
      'payment.recipient-active /recipient_details/1/recipient_id',
      'payment.recipient-active /recipient_details/2/recipient_id',
      'payment.confirm-recipient-after-failure /confirm_recipient',
    ]);
    expect(await checkStatefulRules('createPayment', { params, body }, sync)).toEqual(o);
  });

  it('returns a promise with the same outcome when the context answers with promises', async () => {
    const expected = checkStatefulRulesEager('createPayment', { params, body }, sync);
    for (const ctx of [async, mixed]) {
      const out = checkStatefulRulesEager('createPayment', { params, body }, ctx);
      expect(out).toBeInstanceOf(Promise);
      expect(await out).toEqual(expected);
      expect(await checkStatefulRules('createPayment', { params, body }, ctx)).toEqual(expected);
    }
  });

  it('checkStatefulRules still rejects (never throws) when a context method throws', async () => {
    const boom: RuleContext = {
      ...sync,
      getQuote: () => {
        throw new Error('store down');
      },
    };
    let p: Promise<unknown> | undefined;
    expect(() => {
      p = checkStatefulRules('createPayment', { params, body }, boom);
    }).not.toThrow();
    await expect(p).rejects.toThrow('store down');
    expect(() => checkStatefulRulesEager('createPayment', { params, body }, boom)).toThrow('store down');
  });
});
