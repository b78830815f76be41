/**
 * The PostgreSQL webhook store on a real server: the same Store contract as the memory and
 * SQLite stores, migrations on first use or applied by hand, and two consumer instances on one
 * database receiving the same shuffled, duplicated deliveries at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { loadStateTable } from '../../../../kits/payments/state-table/index.js';
import {
  createWebhookConsumer,
  emptyPaymentState,
  signWebhook,
  type StatusChangeNotice,
} from 'cross-border-payments-runtime/payments/webhooks';
import {
  createPostgresStore,
  postgresMigrationSql,
  type PostgresWebhookStore,
} from 'cross-border-payments-runtime/payments/webhooks/postgres';
import { paymentFlow, shuffled, type WebhookPayload } from '../../../../conformance/suites/consumer/flows.js';
import { dropSchema, freshSchema, postgresUrl } from './helpers/postgres.js';

const secret = `whsec_${Buffer.from('postgres store test secret').toString('base64')}`;
const table = loadStateTable();
const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

function open(schema: string, extra: { migrate?: boolean } = {}): PostgresWebhookStore {
  const store = createPostgresStore({ connectionString: postgresUrl!, schema, max: 4, ...extra });
  cleanup.push(async () => void (await store.close?.()));
  return store;
}

const state = (version: number, status: string) => ({ ...emptyPaymentState('pay-1'), known: true, status, version });

describe.skipIf(!postgresUrl)('PostgreSQL webhook store', () => {
  it('commits state and event id together, with compare-and-set on the version', async () => {
    const schema = freshSchema();
    cleanup.push(() => dropSchema(schema));
    const store = open(schema);
    expect(
      await store.commit({
        eventId: 'e1',
        paymentId: 'pay-1',
        expectedVersion: 0,
        state: state(1, 'AWAITING_FUNDS'),
        effect: 'applied',
      }),
    ).toBe(true);
    expect(await store.hasEvent('e1')).toBe(true);
    expect(
      await store.commit({
        eventId: 'e1',
        paymentId: 'pay-1',
        expectedVersion: 1,
        state: state(2, 'X'),
        effect: 'applied',
      }),
    ).toBe(false);
    expect(
      await store.commit({
        eventId: 'e2',
        paymentId: 'pay-1',
        expectedVersion: 0,
        state: state(2, 'X'),
        effect: 'applied',
      }),
    ).toBe(false);
    expect(await store.hasEvent('e2')).toBe(false);
    expect(await store.getPayment('pay-1')).toEqual(state(1, 'AWAITING_FUNDS'));
    expect(await store.getPayment('pay-2')).toBeUndefined();
  });

  it('runs with tables the team created from postgresMigrationSql, and names a bad schema', async () => {
    const schema = freshSchema('own');
    cleanup.push(() => dropSchema(schema));
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await admin.query(postgresMigrationSql(schema));
      await admin.query(postgresMigrationSql(schema)); // idempotent
    } finally {
      await admin.end();
    }
    const store = open(schema, { migrate: false });
    expect(
      await store.commit({
        eventId: 'e1',
        paymentId: 'pay-1',
        expectedVersion: 0,
        state: state(1, 'AWAITING_FUNDS'),
        effect: 'applied',
      }),
    ).toBe(true);
    expect(() => createPostgresStore({ connectionString: postgresUrl!, schema: 'x; DROP TABLE y' })).toThrow(
      /schema "x; DROP TABLE y" must match/,
    );
  });

  it('two instances on one database: every payment right, every status change applied once', {
    timeout: 60_000,
  }, async () => {
    const schema = freshSchema();
    cleanup.push(() => dropSchema(schema));
    const stores = [open(schema), open(schema)];
    await Promise.all(stores.map((s) => s.ready));
    await stores[0]!.withPaymentLock!('setup', async (tx) => {
      await (tx.handle as pg.ClientBase).query(
        `CREATE TABLE "${schema}".applied_changes (payment_id text, recipient_id text, to_status text)`,
      );
    });
    // Each instance records its changes through the store's transaction, so they commit with the event.
    const record = async ({ change, transaction }: StatusChangeNotice) => {
      await (transaction as pg.ClientBase).query(`INSERT INTO "${schema}".applied_changes VALUES ($1, $2, $3)`, [
        change.paymentId,
        change.recipientId ?? '',
        change.to,
      ]);
    };
    const consumers = stores.map((store) => createWebhookConsumer({ table, store, secret, onStatusChange: record }));
    const flows = Array.from({ length: 40 }, (_, i) =>
      paymentFlow({ paymentId: `pay-${i}`, recipients: 3, eventPrefix: `evt-${i}`, startMs: Date.UTC(2026, 0, 1) }),
    );
    // Every event twice, shuffled within its payment, both copies sent at once to different instances.
    const deliveries = flows.flatMap((f, i) => (i % 2 ? shuffled(f) : [...f].reverse()).flatMap((e) => [e, e]));
    const send = (consumer: (typeof consumers)[number], e: WebhookPayload) => {
      const body = JSON.stringify(e);
      return consumer.handle(
        body,
        signWebhook(body, { id: e.event_id, timestamp: Math.floor(Date.now() / 1000), secret }),
      );
    };
    const answers = await Promise.all(deliveries.map((e, i) => send(consumers[i % 2]!, e)));
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);

    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      const twice = await admin.query(
        `SELECT payment_id, recipient_id, to_status, count(*)::int AS n FROM ` +
          `"${schema}".applied_changes GROUP BY 1, 2, 3 HAVING count(*) > 1`,
      );
      expect(twice.rows).toEqual([]);
      // How many changes a payment goes through depends on the order its events arrive in; that
      // each payment reached completion through exactly one recorded change does not.
      const completed = await admin.query(
        `SELECT count(*)::int AS n FROM "${schema}".applied_changes ` +
          `WHERE to_status = 'PAYMENT_COMPLETED' AND recipient_id = ''`,
      );
      expect(completed.rows[0].n).toBe(flows.length);
    } finally {
      await admin.end();
    }
    for (const flow of flows) {
      const s = await stores[0]!.getPayment(flow[0]!.payment_id);
      expect(s).toMatchObject({ status: 'PAYMENT_COMPLETED', known: true, parked: [] });
      expect([...s!.eventIds].sort()).toEqual(flow.map((e) => e.event_id).sort());
    }
  });

  it('keeps event ids per payment: the same id on two payments is two events', async () => {
    const schema = freshSchema();
    cleanup.push(() => dropSchema(schema));
    const store = open(schema);
    const consumer = createWebhookConsumer({ table, store, secret });
    for (const paymentId of ['pay-a', 'pay-b']) {
      const e = {
        event_id: 'evt-1',
        event_timestamp: '2026-01-01T00:00:00Z',
        payment_id: paymentId,
        status: 'AWAITING_FUNDS',
        client_reference_id: 'r',
      };
      const body = JSON.stringify(e);
      const answer = await consumer.handle(
        body,
        signWebhook(body, { id: `${paymentId}-1`, timestamp: Math.floor(Date.now() / 1000), secret }),
      );
      expect(answer.body.effect).toBe('applied');
    }
    expect((await store.getPayment('pay-b'))?.status).toBe('AWAITING_FUNDS');
  });
});

describe.skipIf(!postgresUrl)('PostgreSQL webhook store: text jsonb and text refuse', () => {
  const deliver = async (consumer: ReturnType<typeof createWebhookConsumer>, e: Record<string, unknown>) => {
    const body = JSON.stringify(e);
    const headers = signWebhook(body, { id: String(e.event_id), timestamp: Math.floor(Date.now() / 1000), secret });
    return consumer.handle(body, headers);
  };

  it('a signed event with U+0000 or an unpaired surrogate in its strings is kept exactly, never a 500 for ever', async () => {
    const schema = freshSchema();
    cleanup.push(() => dropSchema(schema));
    const store = open(schema);
    const consumer = createWebhookConsumer({ table, store, secret });
    // A payment not yet known (its first event is a later status): the event is parked whole.
    const poison = {
      event_id: 'evt-poison-1',
      event_timestamp: '2026-01-01T00:00:05Z',
      payment_id: 'pay-poison',
      status: 'PAYMENT_COMPLETED',
      client_reference_id: 'r',
      client_customer_ref: 'cust\u0000ref \ud800 end',
    };
    const first = await deliver(consumer, poison);
    expect(first.status).toBe(200);
    expect(JSON.stringify((await store.getPayment('pay-poison'))!)).toContain('cust\\u0000ref \\ud800 end');
    expect((await deliver(consumer, poison)).body.effect).toBe('duplicate');
    // The rest of the payment's events still apply behind it.
    const created = {
      ...poison,
      event_id: 'evt-poison-0',
      status: 'AWAITING_FUNDS',
      event_timestamp: '2026-01-01T00:00:00Z',
    };
    expect((await deliver(consumer, created)).status).toBe(200);
  });

  it('ids holding U+0000 are stored, found again and deduplicated', async () => {
    const schema = freshSchema();
    cleanup.push(() => dropSchema(schema));
    const store = open(schema);
    const consumer = createWebhookConsumer({ table, store, secret });
    const e = {
      event_id: 'evt\u00001',
      event_timestamp: '2026-01-01T00:00:00Z',
      payment_id: 'pay\u0000nul',
      status: 'AWAITING_FUNDS',
      client_reference_id: 'r',
    };
    const answer = await deliver(consumer, e);
    expect(answer).toMatchObject({ status: 200, body: { effect: 'applied' } });
    expect((await deliver(consumer, e)).body.effect).toBe('duplicate');
    expect((await store.getPayment('pay\u0000nul'))?.status).toBe('AWAITING_FUNDS');
    expect(await store.hasEvent('evt\u00001')).toBe(true);
    expect(await store.getPayment('pay')).toBeUndefined();
  });

  it('every other state stays plain jsonb', async () => {
    const schema = freshSchema();
    cleanup.push(() => dropSchema(schema));
    const store = open(schema);
    const consumer = createWebhookConsumer({ table, store, secret });
    await deliver(consumer, {
      event_id: 'evt-plain',
      event_timestamp: '2026-01-01T00:00:00Z',
      payment_id: 'pay-plain',
      status: 'AWAITING_FUNDS',
      client_reference_id: 'r',
    });
    const client = new pg.Client({ connectionString: postgresUrl! });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT state->>'status' AS status FROM "${schema}".webhook_payments`);
      expect(rows).toEqual([{ status: 'AWAITING_FUNDS' }]);
    } finally {
      await client.end();
    }
  });
});
