/**
 * A WebhookStore in PostgreSQL, for a consumer that runs on several instances behind a load
 * balancer. Deliveries of one payment land on different instances at once, in any order, twice
 * (service description, Events: duplicates by event_id, order by event_timestamp). Each delivery
 * is handled in one transaction that holds a transaction-scoped advisory lock on its payment, so
 * across every instance sharing the database: an event is applied once, the payment's state moves
 * in event_timestamp order, and the consumer's `onStatusChange` runs once per change for every
 * transaction that commits. An instance killed mid-transaction holds nothing: PostgreSQL rolls the
 * transaction back and releases the lock when the connection drops, and the provider's retry
 * replays the delivery on another instance.
 *
 * Isolation: READ COMMITTED (PostgreSQL's default) is enough and is what is used, because every
 * writer of a payment first takes that payment's advisory lock; reads after the lock see every
 * transaction committed before it. SERIALIZABLE would add retries without adding safety here.
 *
 * The driver is `pg` (node-postgres), an optional peer: it is loaded when a store is created, so
 * code that never calls createPostgresStore does not need it. A `pool` can be passed instead of a
 * connection string, to share the application's pool.
 */
import { createRequire } from 'node:module';
import type { PaymentEffect, PaymentState } from './reducer.js';
import { isPrunableUnknown, type CommitInput, type PaymentTransaction, type WebhookStore } from './store.js';

/** The part of node-postgres' API used here (a `pg.Pool` or anything shaped like it). */
export interface PostgresQueryable {
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>>; rowCount: number | null }>;
}
export interface PostgresClient extends PostgresQueryable {
  release(destroy?: boolean | Error): void;
}
export interface PostgresPool extends PostgresQueryable {
  connect(): Promise<PostgresClient>;
  end(): Promise<void>;
  on?(event: 'error', listener: (err: Error) => void): unknown;
}

export interface PostgresStoreOptions {
  /** `postgres://user@host:port/db`; a pool of `max` connections is created (and closed by `close`). */
  connectionString?: string;
  /** An existing pool (e.g. the application's `new pg.Pool()`); `close` leaves it open. */
  pool?: PostgresPool;
  /** Schema holding the tables. Default `cbp_webhooks`. A plain identifier: letters, digits, `_`. */
  schema?: string;
  /** Create the schema and tables on first use (default true). Set false when the team applies
   * `postgresMigrationSql(schema)` itself. */
  migrate?: boolean;
  /** Pool size when a connection string is given. Default 10. */
  max?: number;
}

export type PostgresWebhookStore = WebhookStore & {
  /** Resolves once the tables exist (the migration ran, or was skipped). */
  ready: Promise<void>;
};

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const MIGRATION_VERSION = 1;

/** The SQL that creates the store's tables, to apply with your own migration tool. Idempotent. */
export function postgresMigrationSql(schema = 'cbp_webhooks'): string {
  const s = quoteSchema(schema);
  return (
    `CREATE SCHEMA IF NOT EXISTS ${s};
CREATE TABLE IF NOT EXISTS ${s}.webhook_payments (
  payment_id text PRIMARY KEY,
  version integer NOT NULL,
  status text,
  state jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS webhook_payments_statusless ON ${s}.webhook_payments (payment_id) WHERE status IS NULL;
-- event_id is the idempotency key (service description, Events, consumer rule 1); it is scoped
-- to its payment, so a provider whose event ids are unique per payment only loses nothing.
CREATE TABLE IF NOT EXISTS ${s}.webhook_events (
  payment_id text NOT NULL,
  event_id text NOT NULL,
  effect text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (payment_id, event_id)
);
CREATE INDEX IF NOT EXISTS webhook_events_event_id ON ${s}.webhook_events (event_id);
CREATE TABLE IF NOT EXISTS ${s}.schema_version (version integer ` +
    `PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
INSERT INTO ${s}.schema_version (version) VALUES (${MIGRATION_VERSION}) ON CONFLICT DO NOTHING;
`
  );
}

function quoteSchema(schema: string): string {
  if (!IDENTIFIER.test(schema))
    throw new TypeError(`createPostgresStore: schema ${JSON.stringify(schema)} must match ${IDENTIFIER}`);
  return `"${schema}"`;
}

function openPool(options: PostgresStoreOptions): { pool: PostgresPool; owned: boolean } {
  if (options.pool) return { pool: options.pool, owned: false };
  if (!options.connectionString) throw new TypeError('createPostgresStore needs a connectionString or a pool');
  let driver: { Pool: new (config: Record<string, unknown>) => PostgresPool };
  try {
    driver = createRequire(import.meta.url)('pg');
  } catch {
    throw new Error('createPostgresStore needs the pg package: npm install pg');
  }
  const pool = new driver.Pool({ connectionString: options.connectionString, max: options.max ?? 10 });
  return { pool, owned: true };
}

export function createPostgresStore(options: PostgresStoreOptions): PostgresWebhookStore {
  const schema = quoteSchema(options.schema ?? 'cbp_webhooks');
  const { pool, owned } = openPool(options);
  // An idle client whose server went away emits 'error' on the pool; without a listener Node
  // would end the process. The next query gets a fresh connection.
  pool.on?.('error', () => {});
  const payments = `${schema}.webhook_payments`;
  const events = `${schema}.webhook_events`;
  // Two instances starting at once must not race on CREATE: one migrates under a session lock.
  const ready = options.migrate === false ? Promise.resolve() : migrate(pool, options.schema ?? 'cbp_webhooks');
  ready.catch(() => {});

  const readState = async (db: PostgresQueryable, paymentId: string, lock = ''): Promise<PaymentState | undefined> => {
    const { rows } = await db.query(`SELECT state FROM ${payments} WHERE payment_id = $1${lock}`, [paymentId]);
    return rows[0] ? decodeState(rows[0]['state']) : undefined;
  };
  const write = async (
    db: PostgresQueryable,
    paymentId: string,
    eventId: string,
    state: PaymentState,
    effect: PaymentEffect,
  ): Promise<void> => {
    await db.query(
      `INSERT INTO ${payments} (payment_id, version, status, state) VALUES ($1, $2, $3, $4)
       ON CONFLICT (payment_id) DO UPDATE SET version = excluded.version, ` +
        `status = excluded.status, state = excluded.state, updated_at = now()`,
      [paymentId, state.version, state.status, encodeState(state)],
    );
    await db.query(`INSERT INTO ${events} (payment_id, event_id, effect) VALUES ($1, $2, $3)`, [
      paymentId,
      eventId,
      effect,
    ]);
  };

  const inTransaction = async <T>(fn: (client: PostgresClient) => Promise<T>): Promise<T> => {
    await ready;
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const out = await fn(client);
      await client.query('COMMIT');
      return out;
    } catch (err) {
      await client.query('ROLLBACK').catch((e: Error) => (broken = e));
      throw err;
    } finally {
      client.release(broken);
    }
  };

  return {
    ready,
    async hasEvent(eventId) {
      await ready;
      const { rows } = await pool.query(`SELECT 1 FROM ${events} WHERE event_id = $1 LIMIT 1`, [keyOf(eventId)]);
      return rows.length > 0;
    },
    async getPayment(paymentId) {
      await ready;
      return readState(pool, keyOf(paymentId));
    },
    commit: ({ eventId: rawEventId, paymentId: rawPaymentId, expectedVersion, state, effect }: CommitInput) =>
      inTransaction(async (client) => {
        const paymentId = keyOf(rawPaymentId);
        const eventId = keyOf(rawEventId);
        await lockPayment(client, paymentId);
        const current = await readState(client, paymentId);
        const seen = await client.query(`SELECT 1 FROM ${events} WHERE payment_id = $1 AND event_id = $2`, [
          paymentId,
          eventId,
        ]);
        if (seen.rows.length > 0 || (current?.version ?? 0) !== expectedVersion) return false;
        await write(client, paymentId, eventId, state, effect);
        return true;
      }),
    withPaymentLock: <T>(rawPaymentId: string, fn: (tx: PaymentTransaction) => Promise<T>) =>
      inTransaction(async (client) => {
        const paymentId = keyOf(rawPaymentId);
        await lockPayment(client, paymentId);
        let committed = false;
        const tx: PaymentTransaction = {
          handle: client,
          hasEvent: async (eventId) =>
            (
              await client.query(`SELECT 1 FROM ${events} WHERE payment_id = $1 AND event_id = $2`, [
                paymentId,
                keyOf(eventId),
              ])
            ).rows.length > 0,
          getPayment: () => readState(client, paymentId),
          async commit({ eventId, state, effect }) {
            if (committed) throw new Error('a payment transaction commits once');
            committed = true;
            await write(client, paymentId, keyOf(eventId), state, effect);
          },
        };
        return fn(tx);
      }),
    pruneUnknown: (before) =>
      inTransaction(async (client) => {
        const { rows } = await client.query(
          `SELECT payment_id, version, state FROM ${payments} WHERE status IS NULL FOR UPDATE SKIP LOCKED`,
        );
        let pruned = 0;
        for (const row of rows) {
          if (!isPrunableUnknown(decodeState(row['state']), before)) continue;
          const del = await client.query(`DELETE FROM ${payments} WHERE payment_id = $1 AND version = $2`, [
            row['payment_id'],
            row['version'],
          ]);
          pruned += del.rowCount ?? 0;
        }
        return pruned;
      }),
    async close() {
      await ready.catch(() => {});
      if (owned) await pool.end();
    },
  };
}

/** `jsonb` refuses some text JSON allows: the escape `\u0000` and an unpaired surrogate
 * (PostgreSQL, JSON Types: "\u0000 is disallowed", surrogates must pair). A signed event may carry
 * them in any string (a `client_customer_ref`), and one refused write would answer 500 to that
 * event for ever. Such a state is kept as the base64 of its JSON text inside a marker object
 * (JSON.stringify escapes every such character as ASCII, so the round trip is exact); every other
 * state stays plain, queryable `jsonb`. */
const ENCODED = '$cbpBase64Json';
const REFUSED_BY_JSONB = /\\u0000|\\ud[89a-f][0-9a-f]{2}/i;

function encodeState(state: PaymentState): string {
  const json = JSON.stringify(state);
  return REFUSED_BY_JSONB.test(json) ? JSON.stringify({ [ENCODED]: Buffer.from(json).toString('base64') }) : json;
}

function decodeState(stored: unknown): PaymentState {
  const data = (stored as Record<string, unknown>)[ENCODED];
  return (typeof data === 'string' ? JSON.parse(Buffer.from(data, 'base64').toString('utf8')) : stored) as PaymentState;
}

/** `text` refuses U+0000 too: an id holding it is kept as U+FFFF (a noncharacter no real id starts
 * with) and the base64 of its UTF-8, the same every time, so duplicates and locks still meet. */
function keyOf(id: string): string {
  return id.includes('\u0000') ? `\uffff${Buffer.from(id).toString('base64')}` : id;
}

/** A transaction-scoped advisory lock on the payment: released at COMMIT, ROLLBACK or when the
 * connection drops. Two ids that hash alike only wait for each other. */
async function lockPayment(client: PostgresQueryable, paymentId: string): Promise<void> {
  await client.query("SELECT pg_advisory_xact_lock(hashtextextended('cbp-webhook-payment:' || $1, 0))", [paymentId]);
}

async function migrate(pool: PostgresPool, schema: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtextextended('cbp-webhook-migrate', 0))");
    try {
      await client.query(postgresMigrationSql(schema));
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtextextended('cbp-webhook-migrate', 0))");
    }
  } finally {
    client.release();
  }
}
