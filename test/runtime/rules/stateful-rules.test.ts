import { describe, expect, it } from 'vitest';
import type { PaymentsRuleContext as RuleContext } from '../../../packages/runtime/src/payments/stateful-rules/context.js';
import { statefulRules } from 'cross-border-payments-runtime/payments';
import { paymentRequest } from './fixtures.js';

const params = { customer_id: 'cust-1' };
const NOW = Date.parse('2026-06-01T12:00:00Z');
const run = (keyword: string, body: unknown, p: Record<string, unknown>, ctx?: RuleContext) =>
  statefulRules[keyword].check({ params, body }, p, ctx);

describe('stateful rules (packages/runtime/src/payments/stateful-rules)', () => {
  it('are "not checked" without a context, without the method they need, or without customer_id', async () => {
    expect(await run('quote-usable', { quote_id: 'q' }, { quote: '/quote_id' })).toEqual({
      notChecked: 'no RuleContext given',
    });
    expect(await run('quote-usable', { quote_id: 'q' }, { quote: '/quote_id' }, { now: () => NOW })).toEqual({
      notChecked: 'RuleContext lacks getQuote',
    });
    const r = await statefulRules['quote-usable'].check(
      { body: { quote_id: 'q' } },
      { quote: '/quote_id' },
      { getQuote: () => undefined },
    );
    expect(r).toEqual({ notChecked: 'no customer_id path parameter' });
  });

  it('quote-required: conversion needs a quote; a same-currency payment must omit it', async () => {
    const p = { quote: '/quote_id', currency: '/amount/currency' };
    const conv: RuleContext = { needsConversion: (c, cur) => c === 'cust-1' && cur === 'USD' };
    expect(await run('quote-required', { amount: { currency: 'USD', value: 1 } }, p, conv)).toEqual([
      { pointer: '/quote_id', message: '/quote_id is required: paying USD needs a currency conversion' },
    ]);
    expect(await run('quote-required', { amount: { currency: 'USD', value: 1 }, quote_id: 'q' }, p, conv)).toEqual([]);
    expect(await run('quote-required', { amount: { currency: 'GBP', value: 1 }, quote_id: 'q' }, p, conv)).toEqual([
      { pointer: '/quote_id', message: 'omit /quote_id for a same-currency payment (GBP)' },
    ]);
  });

  it('quote-usable: exists, active, not expired by the context clock', async () => {
    const quotes: Record<string, { status: string; expiresAt: string }> = {
      live: { status: 'active', expiresAt: '2026-06-01T12:05:00Z' },
      old: { status: 'active', expiresAt: '2026-06-01T11:59:59Z' },
      used: { status: 'used', expiresAt: '2026-06-02T00:00:00Z' },
    };
    const ctx: RuleContext = {
      getQuote: (_c, id) => (quotes[id] ? { quoteId: id, ...quotes[id] } : undefined),
      now: () => NOW,
    };
    const msg = async (id: string) =>
      ((await run('quote-usable', { quote_id: id }, { quote: '/quote_id' }, ctx)) as Array<{ message: string }>).map(
        (h) => h.message,
      );
    expect(await msg('live')).toEqual([]);
    expect(await msg('old')).toEqual(['quote "old" expired at 2026-06-01T11:59:59Z']);
    expect(await msg('used')).toEqual(['quote "used" is used, not active']);
    expect(await msg('nope')).toEqual(['quote "nope" does not exist']);
  });

  it('third-party-known and unique-client-reference apply to third-party payments only', async () => {
    const when = { pointer: '/is_third_party_payment', equals: true };
    const ctx: RuleContext = {
      getThirdParty: () => undefined,
      isClientReferenceUsed: (_c, scope, ref) => scope === 'third-party-payment' && ref === 'dup',
    };
    const tp = {
      ...paymentRequest(),
      is_third_party_payment: true,
      client_customer_ref: 'ghost',
      client_reference_id: 'dup',
    };
    expect(await run('third-party-known', tp, { when, ref: '/client_customer_ref' }, ctx)).toMatchObject([
      { pointer: '/client_customer_ref' },
    ]);
    expect(
      await run(
        'unique-client-reference',
        tp,
        { scope: 'third-party-payment', when, ref: '/client_reference_id' },
        ctx,
      ),
    ).toMatchObject([{ pointer: '/client_reference_id' }]);
    const own = { ...tp, is_third_party_payment: false };
    expect(await run('third-party-known', own, { when, ref: '/client_customer_ref' }, ctx)).toEqual([]);
    expect(
      await run(
        'unique-client-reference',
        own,
        { scope: 'third-party-payment', when, ref: '/client_reference_id' },
        ctx,
      ),
    ).toEqual([]);
  });

  it('recipient-active reports each unknown or inactive recipient at its pointer', async () => {
    const ctx: RuleContext = {
      getRecipient: (_c, id) =>
        id === 'r-1'
          ? { recipientId: id, status: 'active' }
          : id === 'r-2'
            ? { recipientId: id, status: 'inactive' }
            : undefined,
    };
    expect(
      await run('recipient-active', paymentRequest(), { items: '/recipient_details', id: '/recipient_id' }, ctx),
    ).toEqual([
      { pointer: '/recipient_details/1/recipient_id', message: 'recipient "r-2" is inactive, not active' },
      { pointer: '/recipient_details/2/recipient_id', message: 'recipient "r-3" does not exist' },
    ]);
  });

  it('confirm-recipient-after-failure: required after a failed CoP/VoP check only', async () => {
    const p = { at: '/confirm_recipient' };
    expect(
      await run('confirm-recipient-after-failure', paymentRequest(), p, { hasFailedRecipientCheck: () => true }),
    ).toMatchObject([{ pointer: '/confirm_recipient' }]);
    expect(
      await run('confirm-recipient-after-failure', { ...paymentRequest(), confirm_recipient: {} }, p, {
        hasFailedRecipientCheck: () => true,
      }),
    ).toEqual([]);
    expect(
      await run('confirm-recipient-after-failure', paymentRequest(), p, { hasFailedRecipientCheck: () => false }),
    ).toEqual([]);
  });

  it('violate() mutations for the conformance runner name where the rule will report', () => {
    const body = { ...paymentRequest(), quote_id: 'q-1', is_third_party_payment: true, client_customer_ref: 'tp' };
    expect(statefulRules['quote-usable'].violate!(body, { quote: '/quote_id' })).toMatchObject([
      { pointer: '/quote_id', body: { quote_id: 'cbp-unknown-quote-0000' } },
    ]);
    expect(
      statefulRules['recipient-active'].violate!(body, { items: '/recipient_details', id: '/recipient_id' })[0].pointer,
    ).toBe('/recipient_details/0/recipient_id');
    expect(body.quote_id).toBe('q-1');
  });
});
