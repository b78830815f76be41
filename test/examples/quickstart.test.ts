/**
 * The newcomer walkthrough: the quickstart script against the embedded
 * mock, started in-process on 127.0.0.1 and stopped by this test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.js';
import { runQuickstart, type QuickstartResult } from '../../examples/quickstart/run.js';

describe('examples/quickstart', () => {
  let mock: RunningSandbox;
  let result: QuickstartResult;
  const lines: string[] = [];
  // Every answer of the mock is checked against the document; a non-conforming one would be a 500.
  const sandboxErrors: unknown[] = [];

  beforeAll(async () => {
    mock = await startSandbox({
      port: 0,
      host: '127.0.0.1',
      validateResponses: true,
      onError: (error) => sandboxErrors.push(error),
    });
    const client = mock.fixtures.clients[0];
    result = await runQuickstart({
      baseUrl: mock.baseUrl,
      clientId: client.client_id,
      clientSecret: client.client_secret,
      log: (l) => lines.push(l),
      timeoutMs: 10_000,
    });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('receives exactly the documented webhook sequence for three recipients, every one verified', () => {
    expect(result.webhooks.every((d) => d.verified && d.answer === 200 && d.effect === 'applied')).toBe(true);
    expect(result.webhooks.every((d) => d.payment_id === result.paymentId)).toBe(true);
    expect(result.webhooks.map((d) => d.status)).toEqual([
      'AWAITING_FUNDS',
      'RECEIVED_FUNDS',
      'FX_COMPLETED',
      'PAYOUT_INITIATED',
      'PAYOUT_INITIATED',
      'PAYOUT_INITIATED',
      'PAYOUT_CREDITED',
      'PAYOUT_CREDITED',
      'PAYOUT_CREDITED',
      'PAYMENT_COMPLETED',
    ]);
    const payouts = (status: string) =>
      result.webhooks
        .filter((d) => d.status === status)
        .map((d) => d.recipient_id)
        .sort();
    expect(new Set(result.recipientIds).size).toBe(3);
    expect(payouts('PAYOUT_INITIATED')).toEqual([...result.recipientIds].sort());
    expect(payouts('PAYOUT_CREDITED')).toEqual([...result.recipientIds].sort());
    const stamps = result.webhooks.map((d) => Date.parse(d.event_timestamp ?? ''));
    expect(stamps.every((t, i) => Number.isFinite(t) && (i === 0 || t > stamps[i - 1]))).toBe(true);
  });

  it('pays fixture recipients in the wallet currency, so no quote is needed', () => {
    expect(result.recipientIds[0]).toBe('rcp-a-1-gbp');
    const payment = mock.store.payments.get(result.paymentId);
    expect(payment?.amount.currency).toBe('GBP');
    expect(payment?.quote_id).toBeUndefined();
    expect(Object.values(result.recipientStatuses)).toEqual(['PAYOUT_CREDITED', 'PAYOUT_CREDITED', 'PAYOUT_CREDITED']);
  });

  it('prints one line per webhook with status, recipient and timestamp, and never a secret', () => {
    const webhookLines = lines.filter((l) => l.startsWith('webhook '));
    expect(webhookLines).toHaveLength(10);
    const initiated = result.webhooks.find((d) => d.status === 'PAYOUT_INITIATED');
    expect(webhookLines).toContain(
      `webhook ${initiated?.event_timestamp}  PAYOUT_INITIATED  ${initiated?.recipient_id}  (signature ok)`,
    );
    expect(lines.at(-1)).toMatch(new RegExp(`^done: ${result.paymentId} PAYMENT_COMPLETED;`));
    const text = lines.join('\n');
    const tokens = [...mock.store.tokens.keys()];
    expect(tokens.length).toBeGreaterThan(0);
    for (const secret of [mock.fixtures.clients[0].client_secret, 'whsec_', 'v1,', ...tokens])
      expect(text).not.toContain(secret);
  });

  it('gets only answers that conform to the document', () => {
    expect(sandboxErrors).toEqual([]);
  });

  it('unsubscribes and stops its receiver', async () => {
    expect(mock.store.subscriptions.size).toBe(0);
    await expect(fetch(result.webhookUrl, { method: 'POST', body: '{}' })).rejects.toThrow();
  });
});
