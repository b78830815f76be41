/**
 * A webhook consumer instance as its own process, so a test can SIGKILL it mid-stream.
 * argv: <sqlite|postgres> <db file | connection string#schema> <secret>. Prints "listening <port>".
 * With PostgreSQL, every status change is recorded in <schema>.applied_changes through the store's
 * transaction, so the record commits (or not) together with the event that caused it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { loadStateTable } from '../../../../../kits/payments/state-table/index.js';
import {
  createWebhookConsumer,
  createWebhookListener,
  type StatusChangeNotice,
  type WebhookStore,
} from 'cross-border-payments-runtime/payments/webhooks';
import { createPostgresStore } from 'cross-border-payments-runtime/payments/webhooks/postgres';
import { createSqliteStore } from 'cross-border-payments-runtime/payments/webhooks/sqlite';

const [kind, target, secret] = process.argv.slice(2) as ['sqlite' | 'postgres', string, string];
let store: WebhookStore;
let onStatusChange: ((n: StatusChangeNotice) => Promise<void>) | undefined;
if (kind === 'postgres') {
  const [connectionString, schema] = target.split('#') as [string, string];
  const pgStore = createPostgresStore({ connectionString, schema, max: 8 });
  await pgStore.ready;
  store = pgStore;
  onStatusChange = async ({ change, transaction }) => {
    await (transaction as pg.ClientBase).query(`INSERT INTO "${schema}".applied_changes VALUES ($1, $2, $3)`, [
      change.paymentId,
      change.recipientId ?? '',
      change.to,
    ]);
  };
} else {
  store = createSqliteStore({ path: target });
}
const consumer = createWebhookConsumer({
  table: loadStateTable(),
  store,
  secret,
  ...(onStatusChange ? { onStatusChange } : {}),
});
const server = createServer(createWebhookListener(consumer));
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => server.close(() => void Promise.resolve(store.close?.()).then(() => process.exit(0))));
