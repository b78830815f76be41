/**
 * The hosted session example without a browser: the payer submits the checkout's Pay form as a
 * page without JavaScript would, so this runs everywhere; test/browser/ clicks the real button.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHostedSession, type HostedSessionResult } from '../../examples/hosted-session/run.js';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.js';

describe('examples/hosted-session (headless payer)', () => {
  let mock: RunningSandbox;
  let result: HostedSessionResult;
  const lines: string[] = [];
  const sandboxErrors: unknown[] = [];

  beforeAll(async () => {
    mock = await startSandbox({
      port: 0,
      host: '127.0.0.1',
      sessionTtlSeconds: 600,
      validateResponses: true,
      onError: (error) => sandboxErrors.push(error),
    });
    result = await runHostedSession({
      baseUrl: mock.baseUrl,
      payer: 'headless',
      log: (l) => lines.push(l),
      timeoutMs: 10_000,
    });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('follows the session decision rules on one order: create, reuse, replace after expiry, track once paid', () => {
    expect(result.decisions.map((d) => d.action)).toEqual([
      'create',
      'reuse',
      'replace',
      'track-payment',
      'track-payment',
    ]);
    const [, reuse, replace, track] = result.decisions;
    expect(reuse).toMatchObject({ rule: 3, sessionId: result.sessionIds[0] });
    expect(replace).toMatchObject({ rule: 4, expiredSessionId: result.sessionIds[0] });
    expect(track).toMatchObject({ rule: 2, paymentId: result.paymentId, sessionId: result.sessionIds[1] });
    expect(result.sessionIds[0]).not.toBe(result.sessionIds[1]);
  });

  it('pays the replacement session through its page: webhooks carry its session_id up to PAYMENT_COMPLETED', () => {
    const mine = result.webhooks.filter((d) => d.payment_id === result.paymentId);
    expect(mine.every((d) => d.verified && d.session_id === result.sessionIds[1])).toBe(true);
    expect(mine.map((d) => d.status)).toEqual([
      'AWAITING_FUNDS',
      'RECEIVED_FUNDS',
      'FX_COMPLETED',
      'PAYOUT_INITIATED',
      'PAYOUT_CREDITED',
      'PAYMENT_COMPLETED',
    ]);
    expect(mock.store.payments.get(result.paymentId)?.session_id).toBe(result.sessionIds[1]);
  });

  it('logs each decision and webhook, never a secret or token', () => {
    expect(lines).toContain(`lookup ${result.reference}: rule 4, replace`);
    expect(lines.filter((l) => l.startsWith('webhook ') && l.includes(`session ${result.sessionIds[1]}`))).toHaveLength(
      6,
    );
    const text = lines.join('\n');
    for (const secret of ['sandbox-secret-a', 'whsec_', ...mock.store.tokens.keys()])
      expect(text).not.toContain(secret);
  });

  it('gets only answers that conform to the document, and stops its servers', async () => {
    expect(sandboxErrors).toEqual([]);
    expect(mock.store.subscriptions.size).toBe(0);
    await expect(fetch(`${result.partnerOrigin}/`)).rejects.toThrow();
  });
});
