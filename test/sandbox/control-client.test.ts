/**
 * The typed client of the /_sandbox/ control API against the mock on 127.0.0.1: each call reaches
 * the documented route and its answer has the documented shape; a refused call throws a
 * SandboxError with the status and the rule, never the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxClient, type SandboxClient, SandboxError } from '../../sandbox/control-client.js';
import type { RunningSandbox } from '../../sandbox/index.js';
import { call, sandboxOn0, paymentBody, token } from './helpers.js';

let mock: RunningSandbox;
let tok: string;
let sandbox: SandboxClient;

beforeAll(async () => {
  mock = await sandboxOn0();
  tok = await token(mock);
  sandbox = createSandboxClient({ baseUrl: `${mock.baseUrl}/`, accessToken: tok });
});
afterAll(() => mock?.close());

describe('the sandbox control client', () => {
  it('reads fixtures, adds a recipient and a quote, subscribes and unsubscribes', async () => {
    const fixtures = await sandbox.fixtures();
    expect(fixtures.customers.map((c) => c.customer_id)).toContain('cust-a-1');
    expect(fixtures.recipients).toContainEqual(
      expect.objectContaining({ recipient_id: 'rcp-a-1-gbp', currency: 'GBP', status: 'active' }),
    );

    const added = await sandbox.addRecipient('cust-a-1', { currency: 'GBP', name: 'Typed Client Ltd' });
    expect(added).toMatchObject({
      customer_id: 'cust-a-1',
      currency: 'GBP',
      name: 'Typed Client Ltd',
      status: 'active',
    });
    expect((await sandbox.fixtures()).recipients.map((r) => r.recipient_id)).toContain(added.recipient_id);

    const quote = await sandbox.createQuote('cust-a-1', {
      sell_currency: 'GBP',
      buy_currency: 'EUR',
      expires_in_seconds: 60,
    });
    expect(quote).toMatchObject({ customer_id: 'cust-a-1', sell_currency: 'GBP', buy_currency: 'EUR' });

    const sub = await sandbox.subscribeWebhooks('http://127.0.0.1:9/hooks');
    expect(sub.secret).toMatch(/^whsec_/);
    expect((await sandbox.webhookSubscriptions()).subscriptions).toContainEqual(
      expect.objectContaining({ subscription_id: sub.subscription_id, status: 'active' }),
    );
    await sandbox.unsubscribeWebhooks(sub.subscription_id);
    expect((await sandbox.webhookSubscriptions()).subscriptions.map((s) => s.subscription_id)).not.toContain(
      sub.subscription_id,
    );
  });

  it('drives a payment: hold, deliver funds, release, its events; the clock', async () => {
    const created = await call(
      mock,
      tok,
      'POST',
      '/v3/customers/cust-a-1/payments',
      paymentBody('GBP', [['rcp-a-1-gbp', 10]]),
    );
    expect(created.status).toBe(201);
    const paymentId = created.body.payment_id as string;
    expect(await sandbox.holdPayment(paymentId)).toMatchObject({ payment_id: paymentId, held: true });
    expect(await sandbox.deliverFunds(paymentId)).toMatchObject({ payment_id: paymentId });
    const released = await sandbox.releasePayment(paymentId);
    expect(released).toMatchObject({ payment_id: paymentId, held: false });
    const { events } = await sandbox.paymentEvents(paymentId);
    expect(events[0]).toMatchObject({ payment_id: paymentId, status: 'AWAITING_FUNDS' });
    const before = Date.parse((await sandbox.clock()).now);
    const after = Date.parse((await sandbox.advanceClock(60)).now);
    expect(after - before).toBeGreaterThanOrEqual(60_000);
  });

  it('throws a SandboxError with the status and the rule when the mock refuses, without the token', async () => {
    const refused = await sandbox.advanceClock(-1).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SandboxError);
    expect(refused).toMatchObject({ status: 400, errors: [expect.objectContaining({ rule: 'sandbox.clock' })] });
    expect(String((refused as Error).message)).not.toContain(tok);
    await expect(sandbox.cancelPayment('pay_unknown')).rejects.toMatchObject({ status: 404 });
  });
});
