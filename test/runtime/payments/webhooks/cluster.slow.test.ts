/**
 * Exactly once across replicas: three consumer processes on one PostgreSQL database receive
 * 1,000 payments of three recipients, every event twice, shuffled and spread across them at once,
 * while random instances are SIGKILLed and restarted. Nothing may be lost, no status change may be
 * applied twice, and every payment must end in its final state. The same stream on one SQLite
 * instance, killed and restarted the same way, must end the same.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPostgresStore } from 'cross-border-payments-runtime/payments/webhooks/postgres';
import { createSqliteStore } from 'cross-border-payments-runtime/payments/webhooks/sqlite';
import type { WebhookStore } from 'cross-border-payments-runtime/payments/webhooks';
import {
  deliverAll,
  paymentFlows,
  seededShuffle,
  startInstance,
  stopInstance,
  type Instance,
} from './helpers/cluster.js';
import { dropSchema, freshSchema, postgresUrl } from './helpers/postgres.js';

const secret = `whsec_${Buffer.from('cluster test secret, 24 bytes+').toString('base64')}`;
const PAYMENTS = 1_000;
const instances: Instance[] = [];
const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  await Promise.all(instances.splice(0).map((i) => stopInstance(i, 'SIGKILL')));
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function expectFinal(store: WebhookStore, flows: ReturnType<typeof paymentFlows>): Promise<void> {
  const wrong: string[] = [];
  for (const flow of flows) {
    const s = await store.getPayment(flow[0]!.payment_id);
    const ids = s ? [...s.eventIds].sort().join() : '';
    if (
      s?.status !== 'PAYMENT_COMPLETED' ||
      !s.known ||
      s.parked.length > 0 ||
      ids !==
        flow
          .map((e) => e.event_id)
          .sort()
          .join()
    ) {
      wrong.push(
        `${flow[0]!.payment_id}: ${s?.status ?? 'missing'} with ${s?.eventIds.length ?? 0}/${flow.length} events`,
      );
    }
  }
  expect(wrong).toEqual([]);
}

/** Kills a random instance with SIGKILL and starts a new one in its slot. */
function killer(kind: 'sqlite' | 'postgres', target: string, kills: { n: number }, seed: number) {
  let x = seed;
  return async () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    const slot = x % instances.length;
    await stopInstance(instances[slot]!, 'SIGKILL');
    kills.n++;
    instances[slot] = await startInstance(kind, target, secret);
  };
}

describe.skipIf(!postgresUrl)('three consumer instances on one PostgreSQL database', () => {
  it('lose nothing and apply no change twice through SIGKILLs', async () => {
    const schema = freshSchema('cluster');
    cleanup.push(() => dropSchema(schema));
    const store = createPostgresStore({ connectionString: postgresUrl!, schema, max: 2 });
    cleanup.push(() => store.close?.());
    await store.ready;
    await store.withPaymentLock!('setup', async (tx) => {
      await (tx.handle as pg.ClientBase).query(
        `CREATE TABLE "${schema}".applied_changes (payment_id text, recipient_id text, to_status text)`,
      );
    });
    const target = `${postgresUrl}#${schema}`;
    for (let i = 0; i < 3; i++) instances.push(await startInstance('postgres', target, secret));

    const flows = paymentFlows(PAYMENTS);
    const deliveries = seededShuffle(
      flows.flatMap((f) => f.flatMap((e) => [e, e])),
      20261127,
    );
    const kills = { n: 0 };
    const result = await deliverAll({
      deliveries,
      secret,
      instances,
      concurrency: 24,
      chaos: { every: 2_500, act: killer('postgres', target, kills, 7) },
    });
    expect(kills.n).toBeGreaterThanOrEqual(5);
    expect(result.acknowledged).toBe(deliveries.length);

    await expectFinal(store, flows);
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      const twice = await admin.query(
        `SELECT payment_id, recipient_id, to_status, count(*)::int AS n FROM ` +
          `"${schema}".applied_changes GROUP BY 1, 2, 3 HAVING count(*) > 1 LIMIT 5`,
      );
      expect(twice.rows).toEqual([]);
      const completed = await admin.query(
        `SELECT count(*)::int AS n FROM "${schema}".applied_changes ` +
          `WHERE to_status = 'PAYMENT_COMPLETED' AND recipient_id = ''`,
      );
      expect(completed.rows[0].n).toBe(PAYMENTS);
    } finally {
      await admin.end();
    }
  });
});

describe('one consumer instance on SQLite, the same stream', () => {
  it('loses nothing through SIGKILLs and ends every payment in its final state', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cbp-cluster-sqlite-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const db = path.join(dir, 'hooks.db');
    instances.push(await startInstance('sqlite', db, secret));
    const flows = paymentFlows(PAYMENTS);
    const deliveries = seededShuffle(
      flows.flatMap((f) => f.flatMap((e) => [e, e])),
      20261127,
    );
    const kills = { n: 0 };
    const result = await deliverAll({
      deliveries,
      secret,
      instances,
      concurrency: 8,
      chaos: { every: 5_000, act: killer('sqlite', db, kills, 11) },
    });
    expect(kills.n).toBeGreaterThanOrEqual(3);
    expect(result.acknowledged).toBe(deliveries.length);
    await stopInstance(instances.pop()!);
    const store = createSqliteStore({ path: db });
    cleanup.push(() => store.close?.());
    await expectFinal(store, flows);
  });
});
