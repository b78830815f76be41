import { afterEach, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createExampleConsumer } from '../../examples/webhook-consumer/server.js';
import { createNaiveConsumer } from '../../examples/naive-consumer/server.js';
import { runConsumerConformance, selectConsumerChecks } from '../../conformance/suites/consumer/run-consumer.js';
import { generateWebhookSecret } from '../../templates/runtime/webhooks/index.js';
import type { RunnerEvent } from '../../conformance/engine/types.js';

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

const statuses = (s: { outcomes: Array<{ checkId: string; status: string }> }) => Object.fromEntries(s.outcomes.map((o) => [o.checkId, o.status]));

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
    expect(summary).toMatchObject({ passed: 7, failed: 0, warnings: 0 });
    expect(events.map((e) => e.type)).toEqual(['suite-start', ...Array(7).fill(['check-start', 'check-finish']).flat(), 'suite-finish']);
  });

  it('reports exactly the duplicate and ordering failures of the naive consumer', async () => {
    const base = await listen(createNaiveConsumer({ secret }));
    const summary = await runConsumerConformance({ url: `${base}/webhooks`, stateUrl: `${base}/payments`, secret });
    expect(statuses(summary)).toEqual({
      'consumer.single-recipient': 'passed',
      'consumer.three-recipients': 'passed',
      'consumer.duplicates': 'failed',
      'consumer.out-of-order': 'failed',
      'consumer.unknown-payment': 'passed',
      'consumer.bad-signature': 'passed',
      'consumer.stale-timestamp': 'passed',
    });
    const failures = summary.outcomes.flatMap((o) => o.failures);
    expect(failures.find((f) => f.checkId === 'consumer.out-of-order')!.message).toMatch(/final status FX_COMPLETED, expected PAYMENT_COMPLETED/);
    expect(failures.every((f) => f.reproduce?.includes(`--check ${f.checkId}`))).toBe(true);
    expect(JSON.stringify(summary)).not.toContain(secret);
  });

  it('fails refusals and acknowledgments against an endpoint that answers 200 to anything, and warns without --state-url', async () => {
    const { createServer } = await import('node:http');
    const base = await listen(createServer((_req, res) => res.writeHead(200).end('{}')));
    const summary = await runConsumerConformance({ url: base, secret });
    expect(statuses(summary)).toMatchObject({
      'consumer.single-recipient': 'passed',
      'consumer.duplicates': 'warning',
      'consumer.out-of-order': 'warning',
      'consumer.bad-signature': 'failed',
      'consumer.stale-timestamp': 'failed',
    });
    const sig = summary.outcomes.find((o) => o.checkId === 'consumer.bad-signature')!.failures[0]!;
    expect(sig.evidence?.exchanges?.[0]?.request.headers['webhook-signature']).toBe('v1,<redacted>');
  });

  it('reports an unreachable endpoint as failures, not a crash', async () => {
    const summary = await runConsumerConformance({ url: 'http://127.0.0.1:9/', secret, checks: ['consumer.single-recipient'], timeoutMs: 2000 });
    expect(summary).toMatchObject({ failed: 1 });
    expect(summary.outcomes[0]!.failures[0]!.message).toMatch(/answered nothing, expected 200/);
  });

  it('refuses unknown check ids with the list of valid ones', () => {
    expect(() => selectConsumerChecks(['consumer.nope'])).toThrow(
      expect.objectContaining({ code: 'E_CHECK_UNKNOWN', details: expect.objectContaining({ hint: expect.stringContaining('consumer.duplicates') }) }),
    );
  });
});
