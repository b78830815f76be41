/**
 * examples/webhook-consumer/cluster.ts against the embedded mock: three consumer processes on one
 * PostgreSQL database behind the round-robin proxy receive a real payment's webhooks and end it
 * PAYMENT_COMPLETED; then `cbp conformance consumer` spreads its concurrent scenario over the
 * three instances directly and finds nothing wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startConsumerCluster, type ConsumerCluster } from '../../examples/webhook-consumer/cluster.js';
import { runConsumerConformance } from '../../conformance/suites/consumer/run-consumer.js';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.js';
import { dropSchema, freshSchema, postgresUrl } from '../runtime/payments/webhooks/helpers/postgres.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe.skipIf(!postgresUrl)('examples/webhook-consumer/cluster (3 instances, one PostgreSQL)', () => {
  let mock: RunningSandbox;
  let cluster: ConsumerCluster;
  let secret: string;
  let token: string;
  const schema = freshSchema('example');

  const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${mock.baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    mock = await startSandbox({ port: 0, host: '127.0.0.1' });
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'sandbox-client-a',
      client_secret: 'sandbox-secret-a',
    });
    token = (
      (await (await fetch(`${mock.baseUrl}/auth/oauth/v2/token`, { method: 'POST', body: form })).json()) as {
        access_token: string;
      }
    ).access_token;
    // The subscription issues the signing secret the instances verify with, so it comes first.
    const port = await freePort();
    ({ secret } = await api<{ secret: string }>('POST', '/_sandbox/webhook-subscriptions', {
      url: `http://127.0.0.1:${port}/webhooks`,
    }));
    process.env['DATABASE_SCHEMA'] = schema; // the instances inherit the environment
    cluster = await startConsumerCluster({
      secret,
      databaseUrl: postgresUrl!,
      port,
      instanceCommand: {
        command: process.execPath,
        args: [
          '--import',
          path.join(root, 'test/runtime/payments/webhooks/helpers/ts-register.mjs'),
          path.join(root, 'examples/webhook-consumer/main.ts'),
        ],
      },
    });
    delete process.env['DATABASE_SCHEMA'];
  }, 60_000);
  afterAll(async () => {
    await cluster?.close();
    await mock?.close();
    await dropSchema(schema).catch(() => {});
  });

  it('takes a payment of the mock to PAYMENT_COMPLETED across the instances', async () => {
    const body = {
      purpose_of_transaction: 'BILL_PAYMENTS',
      amount: { currency: 'GBP', value: 10.3 },
      recipient_details: [{ recipient_id: 'rcp-a-1-gbp', amount: { currency: 'GBP', value: 10.3 } }],
    };
    const { payment_id } = await api<{ payment_id: string }>('POST', '/v3/customers/cust-a-1/payments', body);
    await api('POST', `/_sandbox/payments/${payment_id}/deliver-funds`);
    let record: { status?: string } = {};
    for (const deadline = Date.now() + 15_000; record.status !== 'PAYMENT_COMPLETED' && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 100));
      const res = await fetch(`${cluster.url}/payments/${payment_id}`);
      record = res.status === 200 ? ((await res.json()) as { status?: string }) : {};
    }
    expect(record).toMatchObject({
      status: 'PAYMENT_COMPLETED',
      events_applied: 6,
      recipients: { 'rcp-a-1-gbp': 'PAYOUT_CREDITED' },
    });
  });

  it('passes every consumer check with the concurrent scenario spread over the three instances', async () => {
    const summary = await runConsumerConformance({
      url: `${cluster.url}/webhooks`,
      urls: cluster.instanceUrls.map((u) => `${u}/webhooks`),
      stateUrl: `${cluster.url}/payments`,
      secret,
    });
    expect(summary.outcomes.flatMap((o) => o.failures)).toEqual([]);
    expect(summary.outcomes.find((o) => o.checkId === 'consumer.concurrent-instances')).toMatchObject({
      status: 'passed',
    });
  });
});
