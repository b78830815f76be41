/**
 * Webhook kit throughput. Prints events/s for: the reducer + memory store (target >= 100k/s),
 * the full consumer path (verify HMAC + exact JSON + reduce + memory store), and the SQLite
 * store (one durable transaction per event); then, over HTTP, three consumer processes on one
 * PostgreSQL database beside one process on SQLite, each fed the same stream (every event twice,
 * shuffled, 24 deliveries in flight): events/s and the p99 time to a 200. PostgreSQL comes from
 * CBP_TEST_POSTGRES_URL (eval "$(scripts/test-postgres.sh start)").
 * Run: npm run bench webhooks
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadStateTable } from '../kits/payments/state-table/index.js';
import { paymentFlow, shuffled } from '../conformance/suites/consumer/flows.js';
import {
  applyPaymentEvent,
  createMemoryStore,
  createWebhookConsumer,
  generateWebhookSecret,
  signWebhook,
  toPaymentEvent,
  type PaymentEvent,
  type WebhookStore,
} from 'cross-border-payments-runtime/payments/webhooks';
import { createSqliteStore } from 'cross-border-payments-runtime/payments/webhooks/sqlite';
import { createPostgresStore } from 'cross-border-payments-runtime/payments/webhooks/postgres';
import {
  deliverAll,
  paymentFlows,
  percentile,
  seededShuffle,
  startInstance,
  stopInstance,
} from '../test/runtime/payments/webhooks/helpers/cluster.js';

const table = loadStateTable();

function events(payments: number): PaymentEvent[] {
  const out: PaymentEvent[] = [];
  for (let i = 0; i < payments; i++) {
    const flow = paymentFlow({
      paymentId: `pay-${i}`,
      recipients: 1 + (i % 3),
      eventPrefix: `evt-${i}`,
      startMs: Date.UTC(2026, 0, 1),
    });
    for (const p of i % 2 ? shuffled(flow) : flow) {
      const r = toPaymentEvent(p);
      if (r.ok) out.push(r.event);
    }
  }
  return out;
}

async function reduceInto(store: WebhookStore, list: PaymentEvent[]): Promise<number> {
  const t0 = performance.now();
  for (const e of list) {
    if (await store.hasEvent(e.eventId)) continue;
    const current = await store.getPayment(e.paymentId);
    const r = applyPaymentEvent(table, current, e);
    await store.commit({
      eventId: e.eventId,
      paymentId: e.paymentId,
      expectedVersion: current?.version ?? 0,
      state: r.state,
      effect: r.effect,
    });
  }
  return list.length / ((performance.now() - t0) / 1000);
}

const fmt = (n: number) => `${Math.round(n).toLocaleString('en-US')} events/s`;

async function main(): Promise<void> {
  const big = events(40_000);
  await reduceInto(createMemoryStore(), big.slice(0, 20_000)); // warm-up
  console.log(
    `reducer + memory store:        ${fmt(await reduceInto(createMemoryStore(), big))} (${big.length} events)`,
  );

  const secret = generateWebhookSecret();
  const consumer = createWebhookConsumer({ table, store: createMemoryStore(), secret });
  const ts = Math.floor(Date.now() / 1000);
  const signed = big.slice(0, 50_000).map((e) => {
    const body = JSON.stringify(e.payload);
    return { body, headers: signWebhook(body, { id: e.eventId, timestamp: ts, secret }) };
  });
  let t0 = performance.now();
  for (const s of signed) await consumer.handle(s.body, s.headers);
  console.log(
    `consumer.handle (verify+apply): ${fmt(signed.length / ((performance.now() - t0) / 1000))} ` +
      `(${signed.length} events, memory store)`,
  );

  const dir = mkdtempSync(path.join(tmpdir(), 'cbp-bench-'));
  try {
    const store = createSqliteStore({ path: path.join(dir, 'hooks.db') });
    const small = events(400);
    t0 = performance.now();
    const rate = await reduceInto(store, small);
    console.log(
      `reducer + SQLite store:        ${fmt(rate)} (${small.length} events, synchronous=FULL, one transaction each)`,
    );
    await store.close?.();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function overHttp(): Promise<void> {
  const secret = generateWebhookSecret();
  const flows = paymentFlows(200);
  const deliveries = seededShuffle(
    flows.flatMap((f) => f.flatMap((e) => [e, e])),
    42,
  );
  const line = (label: string, r: Awaited<ReturnType<typeof deliverAll>>) =>
    console.log(
      `${label} ${fmt((r.acknowledged / r.elapsedMs) * 1000)}, p99 ack ` +
        `${percentile(r.latencies, 99).toFixed(1)} ms (${r.acknowledged} deliveries)`,
    );
  const dir = mkdtempSync(path.join(tmpdir(), 'cbp-bench-'));
  const sqlite = [await startInstance('sqlite', path.join(dir, 'hooks.db'), secret)];
  try {
    line(
      '1 instance, SQLite:            ',
      await deliverAll({ deliveries, secret, instances: sqlite, concurrency: 24 }),
    );
  } finally {
    await stopInstance(sqlite[0]!);
    rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env['CBP_TEST_POSTGRES_URL'];
  if (!url) {
    console.log(
      '3 instances, PostgreSQL:       skipped (set CBP_TEST_POSTGRES_URL; eval "$(scripts/test-postgres.sh start)")',
    );
    return;
  }
  const schema = `bench_${Date.now()}`;
  const setup = createPostgresStore({ connectionString: url, schema, max: 1 });
  await setup.withPaymentLock!('setup', async (tx) => {
    await (tx.handle as { query(sql: string): Promise<unknown> }).query(
      `CREATE TABLE "${schema}".applied_changes (payment_id text, recipient_id text, to_status text)`,
    );
  });
  const pgInstances = await Promise.all([0, 1, 2].map(() => startInstance('postgres', `${url}#${schema}`, secret)));
  try {
    line(
      '3 instances, one PostgreSQL:   ',
      await deliverAll({ deliveries, secret, instances: pgInstances, concurrency: 24 }),
    );
  } finally {
    await Promise.all(pgInstances.map((i) => stopInstance(i)));
    await setup.withPaymentLock!('teardown', async (tx) => {
      await (tx.handle as { query(sql: string): Promise<unknown> }).query(`DROP SCHEMA "${schema}" CASCADE`);
    });
    await setup.close?.();
  }
}

await main();
await overHttp();
