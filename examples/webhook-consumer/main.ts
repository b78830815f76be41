/**
 * Runs the example consumer: CBP_WEBHOOK_SECRET (required), PORT (default 8787), DB (SQLite
 * file; default: in memory). After `npm run build`: node dist/examples/webhook-consumer/main.js
 */
import { createSqliteStore } from '../../generated/runtime/payments/webhooks/sqlite-store.js';
import { createExampleConsumer } from './server.js';

const secret = process.env.CBP_WEBHOOK_SECRET;
if (!secret) {
  process.stderr.write('set CBP_WEBHOOK_SECRET to the whsec_ signing secret\n');
  process.exit(2);
}
const port = Number(process.env.PORT ?? 8787);
const store = process.env.DB ? createSqliteStore({ path: process.env.DB }) : undefined;
const log = (level: string) => (message: string, fields?: Record<string, unknown>) => process.stdout.write(`${JSON.stringify({ level, message, ...fields })}\n`);
const server = createExampleConsumer({ secret, ...(store ? { store } : {}), logger: { info: log('info'), warn: log('warn'), error: log('error') } });
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`webhooks: POST http://127.0.0.1:${port}/webhooks  state: GET http://127.0.0.1:${port}/payments/<id>\n`);
});
process.on('SIGTERM', () => server.close(() => store?.close?.()));
