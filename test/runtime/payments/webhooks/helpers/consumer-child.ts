/**
 * A webhook consumer with the SQLite store, run as a separate process so a test can SIGKILL it
 * mid-stream. argv: <db file> <secret>. Prints "listening <port>" when ready.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadStateTable } from '../../../../../kits/payments/state-table/index.js';
import { createWebhookConsumer, createWebhookListener } from 'cross-border-payments-runtime/payments/webhooks';
import { createSqliteStore } from 'cross-border-payments-runtime/payments/webhooks/sqlite';

const [dbFile, secret] = process.argv.slice(2) as [string, string];
const store = createSqliteStore({ path: dbFile });
const consumer = createWebhookConsumer({ table: loadStateTable(), store, secret });
const server = createServer(createWebhookListener(consumer));
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
