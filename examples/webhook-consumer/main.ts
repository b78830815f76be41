/**
 * Runs the example consumer: CBP_WEBHOOK_SECRET (required), PORT (default 8787), and where it
 * keeps state: DATABASE_URL (PostgreSQL, shared by every instance; DATABASE_SCHEMA, default
 * cbp_webhooks), else DB (a SQLite file, one instance), else memory. After `npm run build`: node
 * dist/examples/webhook-consumer/main.js
 */
import { createPostgresStore } from '../../generated/runtime/payments/webhooks/postgres-store.js';
import { createSqliteStore } from '../../generated/runtime/payments/webhooks/sqlite-store.js';
import { createExampleConsumer } from './server.js';

const secret = process.env.CBP_WEBHOOK_SECRET;
if (!secret) {
  process.stderr.write('set CBP_WEBHOOK_SECRET to the whsec_ signing secret\n');
  process.exit(2);
}
const port = Number(process.env.PORT ?? 8787);
const store = process.env.DATABASE_URL
  ? createPostgresStore({
      connectionString: process.env.DATABASE_URL,
      ...(process.env.DATABASE_SCHEMA ? { schema: process.env.DATABASE_SCHEMA } : {}),
    })
  : process.env.DB
    ? createSqliteStore({ path: process.env.DB })
    : undefined;
const log = (level: string) => (message: string, fields?: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify({ level, message, ...fields })}\n`);
const server = createExampleConsumer({
  secret,
  ...(store ? { store } : {}),
  logger: { info: log('info'), warn: log('warn'), error: log('error') },
});
server.listen(port, '127.0.0.1', () => {
  // The "listening <port>" form lets a supervisor (cluster.ts) start it on port 0.
  if (port === 0) process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`);
  process.stdout.write(
    `webhooks: POST http://127.0.0.1:${port}/webhooks  state: GET http://127.0.0.1:${port}/payments/<id>\n`,
  );
});
process.on('SIGTERM', () => server.close(() => store?.close?.()));
