import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { validateRequest } from '../../sandbox/generated-api.js';
import { call, sandboxOn0, paymentBody, token } from './helpers.js';

let mock: RunningSandbox;
let tok: string;
beforeAll(async () => {
  mock = await sandboxOn0();
  tok = await token(mock);
});
afterAll(() => mock.close());

const pay = (customer: string, body: unknown) => call(mock, tok, 'POST', `/v3/customers/${customer}/payments`, body);
const rules = (r: { body: { errors: Array<{ rule: string }> } }) => r.body.errors.map((e) => e.rule);

describe('Create payment (v3)', () => {
  it('creates a same-currency payment without a quote, in AWAITING_FUNDS', async () => {
    const r = await pay('cust-a-1', paymentBody('GBP', [['rcp-a-1-gbp', 100.1]]));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: 'AWAITING_FUNDS', amount: { currency: 'GBP', value: 100.1 } });
    for (const f of ['payment_id', 'instruction_number', 'created_datetime'])
      expect(r.body[f]).toEqual(expect.any(String));
  });

  it('requires a quote when a conversion is needed (A-CONVERSION)', async () => {
    const r = await pay('cust-a-1', paymentBody('EUR', [['rcp-a-1-eur', 50]]));
    expect(r.status).toBe(400);
    expect(rules(r)).toContain('payment.quote-required');
  });

  it('accepts an active quote for a conversion and refuses it once expired', async () => {
    const q = await call(mock, tok, 'POST', '/_sandbox/customers/cust-a-1/quotes', {
      sell_currency: 'GBP',
      buy_currency: 'EUR',
      expires_in_seconds: 60,
    });
    expect(q.status).toBe(201);
    const ok = await pay('cust-a-1', paymentBody('EUR', [['rcp-a-1-eur', 50]], { quote_id: q.body.quote_id }));
    expect(ok.status).toBe(201);
    mock.clock.advance(61);
    const late = await pay('cust-a-1', paymentBody('EUR', [['rcp-a-1-eur', 50]], { quote_id: q.body.quote_id }));
    expect(late.status).toBe(400);
    expect(rules(late)).toContain('payment.quote-usable');
  });

  it('refuses an unknown quote and a quote on a same-currency payment', async () => {
    expect(
      rules(await pay('cust-a-1', paymentBody('EUR', [['rcp-a-1-eur', 5]], { quote_id: 'quote-nope' }))),
    ).toContain('payment.quote-usable');
    expect(
      rules(await pay('cust-a-1', paymentBody('GBP', [['rcp-a-1-gbp', 5]], { quote_id: 'quote-a-1-gbp-eur' }))),
    ).toContain('payment.quote-required');
  });

  it('checks the recipient sum as decimals (0.1 + 0.2 = 0.3)', async () => {
    const body = {
      purpose_of_transaction: 'BILL_PAYMENTS',
      amount: { currency: 'GBP', value: 0.3 },
      recipient_details: [
        { recipient_id: 'rcp-a-1-gbp', amount: { currency: 'GBP', value: 0.1 } },
        { recipient_id: 'rcp-a-1-gbp', amount: { currency: 'GBP', value: 0.2 } },
      ],
    };
    expect((await pay('cust-a-1', body)).status).toBe(201);
    const wrong = await pay('cust-a-1', { ...body, amount: { currency: 'GBP', value: 0.31 } });
    expect(wrong.status).toBe(400);
    expect(rules(wrong)).toContain('payment.recipient-sum');
  });

  it('refuses empty recipients, lower-case purposes and inactive or unknown recipients', async () => {
    expect((await pay('cust-a-1', { ...paymentBody('GBP', [['rcp-a-1-gbp', 1]]), recipient_details: [] })).status).toBe(
      400,
    );
    const lower = await pay('cust-a-1', {
      ...paymentBody('GBP', [['rcp-a-1-gbp', 1]]),
      purpose_of_transaction: 'property_purchase',
    });
    expect(lower.status).toBe(400);
    expect(rules(await pay('cust-a-1', paymentBody('GBP', [['rcp-a-1-inactive', 1]])))).toContain(
      'payment.recipient-active',
    );
    expect(rules(await pay('cust-a-1', paymentBody('GBP', [['rcp-b-1-gbp', 1]])))).toContain(
      'payment.recipient-active',
    );
  });

  it('applies the third-party rules: fields required, known third party, unique reference', async () => {
    const base = paymentBody('GBP', [['rcp-a-1-gbp', 10]], { is_third_party_payment: true });
    expect(rules(await pay('cust-a-1', base))).toContain('payment.third-party-fields');
    expect(
      rules(await pay('cust-a-1', { ...base, client_reference_id: 'ref-1', client_customer_ref: 'tp-unknown' })),
    ).toContain('payment.third-party-known');
    const ok = await pay('cust-a-1', { ...base, client_reference_id: 'ref-tp-1', client_customer_ref: 'tp-a-1' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ client_reference_id: 'ref-tp-1', client_customer_ref: 'tp-a-1' });
    expect(
      rules(await pay('cust-a-1', { ...base, client_reference_id: 'ref-tp-1', client_customer_ref: 'tp-a-1' })),
    ).toContain('payment.client-reference-unique');
    // Not enforced for non-third-party API payments (seed §Limits).
    expect(
      (await pay('cust-a-1', paymentBody('GBP', [['rcp-a-1-gbp', 1]], { client_reference_id: 'same' }))).status,
    ).toBe(201);
    expect(
      (await pay('cust-a-1', paymentBody('GBP', [['rcp-a-1-gbp', 1]], { client_reference_id: 'same' }))).status,
    ).toBe(201);
  });

  it('fails the CoP/VoP name check when armed, and accepts the retry with confirm_recipient', async () => {
    const r = await call(mock, tok, 'POST', '/_sandbox/customers/cust-a-1/recipients', {
      currency: 'GBP',
      name: 'Jane Roe',
    });
    const id = r.body.recipient_id as string;
    expect((await call(mock, tok, 'POST', `/_sandbox/recipients/${id}/fail-name-check`)).status).toBe(200);
    const body = paymentBody('GBP', [[id, 20]]);
    const first = await pay('cust-a-1', body);
    expect(first.status).toBe(400);
    expect(first.body.errors[0]).toMatchObject({
      rule: 'payment.recipient-name-check',
      pointer: '/recipient_details/0/recipient_id',
    });
    const again = await pay('cust-a-1', body);
    expect(again.status).toBe(400);
    const confirmed = await pay('cust-a-1', { ...body, confirm_recipient: { accept: true } });
    expect(confirmed.status).toBe(201);
    expect((await pay('cust-a-1', body)).status).toBe(201);
  });

  it("answers 404 for another client's customer", async () => {
    const r = await pay('cust-b-1', paymentBody('GBP', [['rcp-b-1-gbp', 1]]));
    expect(r.status).toBe(404);
  });
});

describe('legacy endpoints, backed by the same store', () => {
  it('makes, reviews and views payments', async () => {
    const made = await call(
      mock,
      tok,
      'POST',
      '/v2/customers/cust-a-2/payments',
      paymentBody('EUR', [['rcp-a-2-eur', 7.5]]),
    );
    expect(made.status).toBe(201);
    const id = made.body.payment_id as string;
    const v3 = await pay('cust-a-2', paymentBody('EUR', [['rcp-a-2-eur', 1]]));
    const list = await call(mock, tok, 'GET', '/v1/customers/cust-a-2/payments');
    expect(list.body.payments.map((p: { payment_id: string }) => p.payment_id)).toEqual(
      expect.arrayContaining([id, v3.body.payment_id]),
    );
    const one = await call(mock, tok, 'GET', `/v1/customers/cust-a-2/payments/${id}`);
    expect(one.body).toMatchObject({ payment_id: id, status: 'AWAITING_FUNDS' });
    expect((await call(mock, tok, 'GET', `/v1/customers/cust-a-1/payments/${id}`)).status).toBe(404);
  });

  it('applies the v3 rules to a legacy payment', async () => {
    const r = await call(mock, tok, 'POST', '/v2/customers/cust-a-2/payments', {
      amount: { currency: 'EUR', value: 1 },
    });
    expect(r.status).toBe(400);
  });

  // The document allows any JSON value (LegacyPayload, A-LEGACY-PAYLOAD): a refusal cites the
  // sandbox's reading, never the document's schema, which the body does not break.
  it.each([null, 'a string', [1]])(
    'refuses the legacy body %j citing A-LEGACY-PAYLOAD, which the document allows',
    async (body) => {
      expect(validateRequest('legacyMakePayment', { params: { customer_id: 'cust-a-2' }, body }).valid).toBe(true);
      const r = await call(mock, tok, 'POST', '/v2/customers/cust-a-2/payments', body);
      expect(r.status).toBe(400);
      const sources = r.body.errors.map((e: { source: string }) => e.source);
      expect(sources.length).toBeGreaterThan(0);
      for (const s of sources)
        expect(s).toMatch(/^A-LEGACY-PAYLOAD: the sandbox reads a legacy payment as the v3 request/);
    },
  );
});
