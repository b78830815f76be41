import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadStateTable } from '../../../../kits/payments/state-table/index.js';
import {
  createMemoryStore,
  createWebhookConsumer,
  createWebhookListener,
  signWebhook,
  type StatusChangeNotice,
} from 'cross-border-payments-runtime/payments/webhooks';
import { paymentFlow, type WebhookPayload } from '../../../../conformance/suites/consumer/flows.js';

const table = loadStateTable();
const secret = `whsec_${Buffer.from('consumer test secret, 24 bytes+').toString('base64')}`;
const flow = (id = 'pay-1') =>
  paymentFlow({ paymentId: id, recipients: 1, eventPrefix: `evt-${id}`, startMs: Date.UTC(2026, 0, 1) });
const signed = (p: WebhookPayload | Record<string, unknown>, opts: { ts?: number; key?: string } = {}) => {
  const body = JSON.stringify(p);
  return {
    body,
    headers: signWebhook(body, {
      id: String(p.event_id),
      timestamp: opts.ts ?? Math.floor(Date.now() / 1000),
      secret: opts.key ?? secret,
    }),
  };
};

function setup(extra: Partial<Parameters<typeof createWebhookConsumer>[0]> = {}) {
  const store = createMemoryStore();
  const notices: StatusChangeNotice[] = [];
  const logs: string[] = [];
  const log = (level: string) => (m: string, f?: Record<string, unknown>) =>
    logs.push(`${level} ${m} ${JSON.stringify(f)}`);
  const consumer = createWebhookConsumer({
    table,
    store,
    secret,
    onStatusChange: (n) => void notices.push(n),
    logger: { info: log('info'), warn: log('warn'), error: log('error') },
    ...extra,
  });
  return { store, consumer, notices, logs };
}

describe('createWebhookConsumer', () => {
  it('answers 200 to a flow, duplicates included, and applies each event once', async () => {
    const { consumer, store, notices } = setup();
    for (const p of [...flow(), ...flow()]) {
      const { body, headers } = signed(p);
      const r = await consumer.handle(body, headers);
      expect(r.status).toBe(200);
    }
    expect(store.payments.get('pay-1')).toMatchObject({
      status: 'PAYMENT_COMPLETED',
      eventIds: flow().map((e) => e.event_id),
    });
    expect(notices.filter((n) => n.change.recipientId === undefined).map((n) => n.change.to)).toEqual(
      flow().map((e) => e.status),
    );
  });

  it('refuses bad signatures and stale timestamps with 401 and malformed bodies with 400', async () => {
    const { consumer, store, logs } = setup();
    const ok = signed(flow()[0]!);
    expect(
      (
        await consumer.handle(
          ok.body,
          signed(flow()[0]!, { key: `whsec_${Buffer.from('wrong secret of 24 bytes or more').toString('base64')}` })
            .headers,
        )
      ).status,
    ).toBe(401);
    expect(
      (await consumer.handle(ok.body, signed(flow()[0]!, { ts: Math.floor(Date.now() / 1000) - 3600 }).headers)).status,
    ).toBe(401);
    expect((await consumer.handle(ok.body, {})).status).toBe(401);
    const noId = signed({ ...flow()[0]!, payment_id: undefined });
    const r = await consumer.handle(noId.body, noId.headers);
    expect(r).toMatchObject({
      status: 400,
      body: { error: 'invalid-payload', violations: [{ pointer: '/payment_id' }] },
    });
    expect(store.payments.size).toBe(0);
    expect(logs.join('\n')).not.toContain(secret.slice(6));
    expect(logs.join('\n')).not.toContain(ok.headers['webhook-signature']!.slice(3));
  });

  it('acknowledges an unknown payment with 200 and changes nothing', async () => {
    const { consumer, notices, logs } = setup({ knownPayment: (id) => id !== 'pay-unknown' });
    const { body, headers } = signed({ ...flow('pay-unknown')[0]! });
    expect(await consumer.handle(body, headers)).toMatchObject({ status: 200, body: { effect: 'unknown-payment' } });
    expect(notices).toEqual([]);
    expect(logs.some((l) => l.startsWith('warn') && l.includes('pay-unknown'))).toBe(true);
  });

  it('forgets payments that stayed unknown past the age limit; a redelivery stays a duplicate', async () => {
    const { consumer, store } = setup({ knownPayment: (id) => !id.startsWith('stray') });
    // 'stray-old' parks one event of 2026-01-01, 'stray-new' a whole flow of a day later.
    const later = paymentFlow({
      paymentId: 'stray-new',
      recipients: 1,
      eventPrefix: 'evt-stray-new',
      startMs: Date.UTC(2026, 0, 2),
    });
    for (const p of [flow('stray-old')[0]!, ...later]) {
      const { body, headers } = signed(p);
      expect((await consumer.handle(body, headers)).body.effect).toBe('unknown-payment');
    }
    const now = Date.UTC(2026, 0, 2, 12);
    expect(await consumer.pruneUnknownPayments({ olderThanMs: 24 * 3600_000, now })).toBe(1);
    expect([...store.payments.keys()]).toEqual(['stray-new']);
    const again = signed(flow('stray-old')[0]!);
    expect((await consumer.handle(again.body, again.headers)).body.effect).toBe('duplicate');
    expect(store.payments.has('stray-old')).toBe(false);
  });

  it('says so when the store cannot prune', async () => {
    const { store } = setup();
    const { pruneUnknown: _dropped, ...withoutPrune } = store;
    const consumer = createWebhookConsumer({ table, store: withoutPrune, secret });
    await expect(consumer.pruneUnknownPayments()).rejects.toThrow('cannot prune');
  });

  it('answers 500 and commits nothing when the callback fails, so the retry applies it', async () => {
    let fail = true;
    const { consumer, store } = setup({
      onStatusChange: () => {
        if (fail) throw new Error('downstream down');
      },
    });
    const { body, headers } = signed(flow()[0]!);
    expect((await consumer.handle(body, headers)).status).toBe(500);
    expect(store.payments.size).toBe(0);
    fail = false;
    expect(await consumer.handle(body, headers)).toMatchObject({ status: 200, body: { effect: 'applied' } });
  });

  it('serializes concurrent deliveries of one payment', async () => {
    const { consumer, store } = setup();
    const answers = await Promise.all(
      [...flow(), ...flow()].map((p) => signed(p)).map(({ body, headers }) => consumer.handle(body, headers)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(store.payments.get('pay-1')).toMatchObject({ status: 'PAYMENT_COMPLETED' });
    expect(store.payments.get('pay-1')!.eventIds).toHaveLength(6);
  });

  it('refuses an unusable secret at creation, without echoing it', () => {
    expect(() => setup({ secret: 'whsec_p@ssw0rd' })).toThrow(/value not shown/);
    expect(() => setup({ secret: ['whsec_p@ssw0rd'] })).not.toThrow(/p@ssw0rd/);
  });

  it('serves node:http with the raw body', async () => {
    const { consumer, store } = setup();
    const server = createServer(createWebhookListener(consumer, { path: '/hooks' }));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const { body, headers } = signed(flow()[0]!);
      const res = await fetch(`${url}/hooks`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, effect: 'applied' });
      expect((await fetch(`${url}/other`, { method: 'POST', body })).status).toBe(404);
      expect(store.payments.get('pay-1')?.status).toBe('AWAITING_FUNDS');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
