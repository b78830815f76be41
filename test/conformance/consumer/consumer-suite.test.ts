import { afterEach, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createExampleConsumer } from '../../../examples/webhook-consumer/server.js';
import { createNaiveConsumer } from '../../../examples/naive-consumer/server.js';
import { runConsumerConformance, selectConsumerChecks } from '../../../conformance/suites/consumer/run-consumer.js';
import { generateWebhookSecret } from 'cross-border-payments-runtime/payments/webhooks';
import type { RunnerEvent } from '../../../conformance/engine/types.js';

const secret = generateWebhookSecret();
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const statuses = (s: { outcomes: Array<{ checkId: string; status: string }> }) =>
  Object.fromEntries(s.outcomes.map((o) => [o.checkId, o.status]));

describe('cbp conformance consumer (library)', () => {
  it('passes every check against the example consumer built on the kit', async () => {
    const base = await listen(createExampleConsumer({ secret }));
    const events: RunnerEvent[] = [];
    const summary = await runConsumerConformance({
      url: `${base}/webhooks`,
      stateUrl: `${base}/payments`,
      secret,
      reporters: [{ name: 'rec', handle: (e) => void events.push(e) }],
    });
    expect(summary.outcomes.flatMap((o) => o.failures)).toEqual([]);
    expect(summary).toMatchObject({ passed: 9, failed: 0, warnings: 0 });
    expect(events.map((e) => e.type)).toEqual([
      'suite-start',
      ...Array(9).fill(['check-start', 'check-finish']).flat(),
      'suite-finish',
    ]);
    expect(summary.notes).toBeUndefined();
  });

  it('a correct endpoint without --state-url ends green, with one note instead of warnings', async () => {
    const base = await listen(createExampleConsumer({ secret }));
    const summary = await runConsumerConformance({ url: `${base}/webhooks`, secret });
    expect(summary).toMatchObject({ failed: 0, warnings: 0, passed: 9 });
    expect(summary.notes).toEqual([expect.stringContaining('final states not verified')]);
  });

  it(
    'an endpoint that crashes on an unlisted status (REFUNDED) fails; ' +
      'one that refuses every signed delivery is told about the secret',
    async () => {
      const { createServer } = await import('node:http');
      const crashy = await listen(
        createServer((req, res) => {
          let body = '';
          req.on('data', (c) => (body += c));
          req.on('end', () => res.writeHead(body.includes('"REFUNDED"') ? 500 : 200).end('{}'));
        }),
      );
      const crashed = await runConsumerConformance({ url: crashy, secret, checks: ['consumer.unlisted-status'] });
      expect(crashed.outcomes[0]!.failures[0]).toMatchObject({
        severity: 'error',
        message: expect.stringContaining('REFUNDED webhook answered 500'),
      });
      const otherSecret = await listen(
        createExampleConsumer({ secret: 'whsec_b3RoZXItc2VjcmV0LW90aGVyLXNlY3JldC0xMjM0' }),
      );
      const refused = await runConsumerConformance({
        url: `${otherSecret}/webhooks`,
        secret,
        checks: ['consumer.single-recipient', 'consumer.bad-signature'],
      });
      expect(refused.notes).toContainEqual(
        expect.stringContaining('probably verifies with another secret than CBP_WEBHOOK_SECRET'),
      );
    },
  );

  it('reports exactly the duplicate and ordering failures of the naive consumer', async () => {
    const base = await listen(createNaiveConsumer({ secret }));
    const summary = await runConsumerConformance({ url: `${base}/webhooks`, stateUrl: `${base}/payments`, secret });
    expect(statuses(summary)).toEqual({
      'consumer.single-recipient': 'passed',
      'consumer.three-recipients': 'passed',
      'consumer.duplicates': 'failed',
      'consumer.out-of-order': 'failed',
      'consumer.concurrent-instances': 'failed',
      'consumer.unknown-payment': 'passed',
      // It records REFUNDED as the payment's status: a warning (unlisted statuses are not shown).
      'consumer.unlisted-status': 'warning',
      'consumer.bad-signature': 'passed',
      'consumer.stale-timestamp': 'passed',
    });
    const failures = summary.outcomes.flatMap((o) => o.failures);
    expect(failures.find((f) => f.checkId === 'consumer.out-of-order')!.message).toMatch(
      /final status FX_COMPLETED, expected PAYMENT_COMPLETED/,
    );
    expect(failures.every((f) => f.reproduce?.includes(`--check ${f.checkId}`))).toBe(true);
    expect(JSON.stringify(summary)).not.toContain(secret);
  });

  it(
    'fails refusals against an endpoint that answers 200 to ' +
      'anything, saying what was sent and why a refusal was expected',
    async () => {
      const { createServer } = await import('node:http');
      const base = await listen(createServer((_req, res) => res.writeHead(200).end('{}')));
      const summary = await runConsumerConformance({ url: base, secret });
      expect(statuses(summary)).toMatchObject({
        'consumer.single-recipient': 'passed',
        'consumer.duplicates': 'passed',
        'consumer.out-of-order': 'passed',
        'consumer.bad-signature': 'failed',
        'consumer.stale-timestamp': 'failed',
      });
      const sig = summary.outcomes.find((o) => o.checkId === 'consumer.bad-signature')!.failures[0]!;
      expect(sig.evidence?.exchanges?.[0]?.request.headers['webhook-signature']).toBe('v1,<redacted>');
      expect(sig.evidence?.note).toMatch(
        /^headers sent: webhook-id: .*webhook-timestamp: \d+.* A refusal was expected: webhook-signature was made with a freshly generated secret/,
      );
    },
  );

  it('reports an unreachable endpoint as failures, not a crash', async () => {
    const summary = await runConsumerConformance({
      url: 'http://127.0.0.1:9/',
      secret,
      checks: ['consumer.single-recipient'],
      timeoutMs: 2000,
    });
    expect(summary).toMatchObject({ failed: 1 });
    expect(summary.outcomes[0]!.failures[0]!.message).toMatch(/answered nothing, expected 200/);
  });

  it('refuses unknown check ids with the list of valid ones', () => {
    expect(() => selectConsumerChecks(['consumer.nope'])).toThrow(
      expect.objectContaining({
        code: 'E_CHECK_UNKNOWN',
        details: expect.objectContaining({ hint: expect.stringContaining('consumer.duplicates') }),
      }),
    );
  });
});
