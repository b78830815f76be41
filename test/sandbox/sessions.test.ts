import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { call, sandboxOn0, request, startReceiver, token, type Receiver } from './helpers.js';

let mock: RunningSandbox;
let receiver: Receiver;
let tok: string;
beforeAll(async () => {
  mock = await sandboxOn0({ sessionTtlSeconds: 600 });
  receiver = await startReceiver();
  tok = await token(mock);
  const sub = await call(mock, tok, 'POST', '/_sandbox/webhook-subscriptions', { url: receiver.url });
  receiver.setSecret(sub.body.secret);
});
afterAll(async () => {
  await mock.close();
  await receiver.close();
});

const sessionBody = (ref: string, extra: Record<string, unknown> = {}) => ({
  client_customer_ref: 'tp-a-1',
  client_reference_id: ref,
  amount: { currency: 'GBP', value: 250 },
  due_date: '2026-12-01',
  items: [{ item_name: 'Deposit', item_ref: 'item-1', item_type: 'deposit', amount: { currency: 'GBP', value: 250 } }],
  recipient_details: [
    {
      recipient_id: 'rcp-a-1-gbp',
      amount: { currency: 'GBP', value: 250 },
      purpose_of_transaction: 'PROPERTY_PURCHASE',
      payment_reference: 'INV-1',
    },
  ],
  allowed_origins: ['https://shop.example.com', 'http://localhost:3000'],
  ...extra,
});
const create = (customer: string, body: unknown) => call(mock, tok, 'POST', `/v1/customers/${customer}/sessions`, body);
const lookup = (customer: string, ref: string) =>
  call(mock, tok, 'GET', `/v1/customers/${customer}/sessions?client_reference_id=${encodeURIComponent(ref)}`);

describe('hosted sessions', () => {
  it('creates a session with session_id, session_url and session_expires_at', async () => {
    const r = await create('cust-a-1', sessionBody('order-1'));
    expect(r.status).toBe(201);
    expect(r.body.session_url).toBe(`${mock.baseUrl}/_sandbox/hosted/${r.body.session_id}`);
    expect(Date.parse(r.body.session_expires_at) - mock.clock.now()).toBeGreaterThan(590_000);
  });

  it('rejects a duplicate client_reference_id for the same customer with 400, allows it for another', async () => {
    await create('cust-a-1', sessionBody('order-dup'));
    const dup = await create('cust-a-1', sessionBody('order-dup'));
    expect(dup.status).toBe(400);
    expect(dup.body.errors[0].rule).toBe('session.client-reference-unique');
    expect(
      (await create('cust-a-2', sessionBody('order-dup', { amount: undefined, recipient_details: [], items: [] })))
        .status,
    ).toBe(201);
  });

  it('lets exactly one of 200 concurrent creations with the same reference succeed', async () => {
    const all = await Promise.all(Array.from({ length: 200 }, () => create('cust-a-1', sessionBody('order-race'))));
    const statuses = all.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(199);
  });

  it('looks sessions up by reference', async () => {
    const c = await create('cust-a-1', sessionBody('order-look'));
    const r = await lookup('cust-a-1', 'order-look');
    expect(r.status).toBe(200);
    expect(r.body.sessions).toEqual([
      {
        session_id: c.body.session_id,
        has_payment: false,
        latest_status: 'SESSION_CREATED',
        session_expires_at: c.body.session_expires_at,
        client_reference_id: 'order-look',
      },
    ]);
    expect((await lookup('cust-a-1', 'nothing-here')).body.sessions).toEqual([]);
  });

  it('serves the hosted page with frame-ancestors from allowed_origins', async () => {
    const c = await create('cust-a-1', sessionBody('order-page'));
    const page = await request(c.body.session_url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(
      /; frame-ancestors https:\/\/shop\.example\.com http:\/\/localhost:3000$/,
    );
    const none = await create('cust-a-1', sessionBody('order-page-2', { allowed_origins: [] }));
    expect((await request(none.body.session_url)).headers.get('content-security-policy')).toMatch(
      /; frame-ancestors 'none'$/,
    );
  });

  it('refuses allowed_origins that could inject into the CSP header', async () => {
    const r = await create(
      'cust-a-1',
      sessionBody('order-bad-origin', { allowed_origins: ['https://a.example; script-src *'] }),
    );
    expect(r.status).toBe(400);
    expect(r.body.errors[0].pointer).toBe('/allowed_origins/0');
  });

  it('pays a session: has_payment, payment_id and webhooks carrying session_id', async () => {
    const c = await create('cust-a-1', sessionBody('order-pay'));
    const paid = await call(mock, tok, 'POST', `/_sandbox/sessions/${c.body.session_id}/pay`);
    expect(paid.status).toBe(201);
    const l = await lookup('cust-a-1', 'order-pay');
    expect(l.body.sessions[0]).toMatchObject({
      has_payment: true,
      payment_id: paid.body.payment_id,
      latest_status: 'AWAITING_FUNDS',
    });
    await call(mock, tok, 'POST', `/_sandbox/payments/${paid.body.payment_id}/deliver-funds`);
    const got = await receiver.waitFor(
      (x) => x.filter((e) => e.payload.payment_id === paid.body.payment_id).length >= 6,
    );
    for (const e of got.filter((x) => x.payload.payment_id === paid.body.payment_id)) {
      expect(e.payload).toMatchObject({
        session_id: c.body.session_id,
        client_reference_id: 'order-pay',
        client_customer_ref: 'tp-a-1',
      });
      expect(e.verified).toBe(true);
    }
    expect((await call(mock, tok, 'POST', `/_sandbox/sessions/${c.body.session_id}/pay`)).status).toBe(409);
  });

  it('expires: 410 for the page and for paying; the reference can then be replaced (lookup rule 4)', async () => {
    const c = await create('cust-a-1', sessionBody('order-exp'));
    mock.clock.advance(601);
    expect((await request(c.body.session_url)).status).toBe(410);
    expect((await call(mock, tok, 'POST', `/_sandbox/sessions/${c.body.session_id}/pay`)).status).toBe(410);
    const again = await create('cust-a-1', sessionBody('order-exp'));
    expect(again.status).toBe(201);
    expect((await lookup('cust-a-1', 'order-exp')).body.sessions[0].session_id).toBe(again.body.session_id);
  });

  it('answers 404 for an unknown hosted session', async () => {
    expect((await request(`${mock.baseUrl}/_sandbox/hosted/ses_nope`)).status).toBe(404);
  });
});
