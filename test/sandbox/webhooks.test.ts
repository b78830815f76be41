import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxOptions, RunningSandbox } from '../../sandbox/index.js';
import { call, sandboxOn0, paymentBody, startReceiver, token, type Receiver } from './helpers.js';

let mock: RunningSandbox | undefined;
let receiver: Receiver | undefined;
afterEach(async () => {
  await mock?.close();
  await receiver?.close();
  mock = receiver = undefined;
});

async function setup(options: SandboxOptions = {}) {
  mock = await sandboxOn0({ retry: { initialDelayMs: 20, factor: 1.5, maxAttempts: 50, timeoutMs: 1000 }, ...options });
  receiver = await startReceiver();
  const tok = await token(mock);
  const sub = await call(mock, tok, 'POST', '/_sandbox/webhook-subscriptions', { url: receiver.url });
  expect(sub.status).toBe(201);
  expect(sub.body.secret).toMatch(/^whsec_/);
  receiver.setSecret(sub.body.secret);
  return { m: mock, r: receiver, tok, sub: sub.body as { subscription_id: string } };
}

async function completedPayment(
  m: RunningSandbox,
  tok: string,
  recipients: Array<[string, number]>,
  extra = {},
): Promise<string> {
  const p = await call(m, tok, 'POST', '/v3/customers/cust-a-1/payments', paymentBody('GBP', recipients, extra));
  await call(m, tok, 'POST', `/_sandbox/payments/${p.body.payment_id}/deliver-funds`);
  return p.body.payment_id;
}

describe('webhook deliveries', () => {
  it('delivers every event, signed (Standard Webhooks) and with the seed fields', async () => {
    const { m, r, tok } = await setup();
    const id = await completedPayment(
      m,
      tok,
      [
        ['rcp-a-1-gbp', 1],
        ['rcp-a-1-eur', 2],
      ],
      { client_reference_id: 'inv-9' },
    );
    const got = await r.waitFor((x) => x.length >= 8);
    expect(got.every((x) => x.verified)).toBe(true);
    expect(got.map((x) => x.payload.status)).toEqual([
      'AWAITING_FUNDS',
      'RECEIVED_FUNDS',
      'FX_COMPLETED',
      'PAYOUT_INITIATED',
      'PAYOUT_INITIATED',
      'PAYOUT_CREDITED',
      'PAYOUT_CREDITED',
      'PAYMENT_COMPLETED',
    ]);
    for (const { payload, headers } of got) {
      expect(payload).toMatchObject({ payment_id: id, client_reference_id: 'inv-9' });
      expect(payload.event_id).toEqual(headers['webhook-id']);
      expect(payload.session_id).toBeUndefined();
      expect('recipient_id' in payload).toBe(payload.status.startsWith('PAYOUT_'));
    }
    expect(new Set(got.map((x) => x.payload.event_id)).size).toBe(8);
  });

  it('only sends a client the events of its own payments', async () => {
    const { m, r } = await setup();
    const b = await token(m, { id: 'sandbox-client-b', secret: 'sandbox-secret-b' });
    await call(m, b, 'POST', '/v3/customers/cust-b-1/payments', paymentBody('GBP', [['rcp-b-1-gbp', 1]]));
    await m.webhooks.idle();
    expect(r.received).toEqual([]);
  });

  it('retries with backoff while the consumer is down; nothing is lost', async () => {
    const { m, r, tok } = await setup();
    r.failNext(12);
    await completedPayment(m, tok, [['rcp-a-1-gbp', 1]]);
    const got = await r.waitFor((x) => x.length >= 6, 10_000);
    expect(got.map((x) => x.payload.status).sort()).toEqual([
      'AWAITING_FUNDS',
      'FX_COMPLETED',
      'PAYMENT_COMPLETED',
      'PAYOUT_CREDITED',
      'PAYOUT_INITIATED',
      'RECEIVED_FUNDS',
    ]);
    expect(m.webhooks.log.some((a) => a.status === 503)).toBe(true);
    expect(Math.max(...m.webhooks.log.map((a) => a.attempt))).toBeGreaterThan(1);
    expect(JSON.stringify(m.webhooks.log)).not.toContain('whsec_');
  });

  it('retries on timeouts too', async () => {
    const { m, r, tok } = await setup({ retry: { initialDelayMs: 10, maxAttempts: 20, timeoutMs: 50 } });
    // A subscription on a port that accepts connections but never answers.
    const { createServer } = await import('node:net');
    const sockets: import('node:net').Socket[] = [];
    const silent = createServer((s) => void sockets.push(s));
    await new Promise<void>((res) => silent.listen(0, '127.0.0.1', () => res()));
    try {
      const port = (silent.address() as import('node:net').AddressInfo).port;
      await call(m, tok, 'POST', '/_sandbox/webhook-subscriptions', { url: `http://127.0.0.1:${port}/hook` });
      await completedPayment(m, tok, [['rcp-a-1-gbp', 1]]);
      await r.waitFor((x) => x.length >= 6);
      const deadline = Date.now() + 5000;
      while (!m.webhooks.log.some((a) => a.error === 'timeout' && a.attempt > 1) && Date.now() < deadline)
        await new Promise((res) => setTimeout(res, 20));
      expect(m.webhooks.log.some((a) => a.error === 'timeout' && a.attempt > 1)).toBe(true);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((res) => silent.close(() => res()));
    }
  });

  it('stops delivering after unsubscribe', async () => {
    const { m, r, tok, sub } = await setup();
    expect((await call(m, tok, 'DELETE', `/_sandbox/webhook-subscriptions/${sub.subscription_id}`)).status).toBe(204);
    await completedPayment(m, tok, [['rcp-a-1-gbp', 1]]);
    await m.webhooks.idle();
    expect(r.received).toEqual([]);
  });

  it('refuses a subscription URL that is not http(s)', async () => {
    const { m, tok } = await setup();
    expect((await call(m, tok, 'POST', '/_sandbox/webhook-subscriptions', { url: 'file:///etc/passwd' })).status).toBe(
      400,
    );
  });
});

describe('chaos', () => {
  it('duplicates deliveries with the same event_id', async () => {
    const { m, r, tok } = await setup({ chaos: { duplicateRate: 1 } });
    await completedPayment(m, tok, [['rcp-a-1-gbp', 1]]);
    const got = await r.waitFor((x) => x.length >= 12);
    const ids = got.map((x) => x.payload.event_id);
    expect(new Set(ids).size).toBe(6);
    expect(got.every((x) => x.verified)).toBe(true);
  });

  it('reorders deliveries within a window', async () => {
    const { m, r, tok } = await setup({ chaos: { reorderWindowMs: 50, seed: 7 } });
    await completedPayment(m, tok, [
      ['rcp-a-1-gbp', 1],
      ['rcp-a-1-eur', 1],
      ['rcp-a-1-gbp', 1],
    ]);
    const got = await r.waitFor((x) => x.length >= 10);
    const order = got.map((x) => x.payload.event_timestamp);
    expect(order).not.toEqual([...order].sort());
    expect(new Set(got.map((x) => x.payload.event_id)).size).toBe(10);
  });
});
