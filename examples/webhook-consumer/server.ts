/**
 * A partner's webhook consumer built on the kit: verified, idempotent, ordered by
 * event_timestamp, durable in SQLite (or in memory). It also serves the small state contract
 * `cbp conformance consumer --state-url` reads: GET /payments/<payment_id>.
 *
 * Imports the kit from generated/webhooks.js, as a partner does from their own `cbp generate`
 * output: the payment state table is already bound there.
 */
import { createServer, type Server } from 'node:http';
import {
  createMemoryStore,
  createWebhookConsumer,
  createWebhookListener,
  type PaymentState,
  type WebhookLogger,
  type WebhookStore,
} from '../../generated/webhooks.js';

export interface ExampleConsumerOptions {
  secret: string;
  /** Default: an in-memory store. */
  store?: WebhookStore;
  logger?: WebhookLogger;
}

/** The state contract body: 404 unless the payment is a known record. */
export function paymentRecord(
  state: PaymentState | undefined,
): { status: string | null; events_applied: number; recipients: Record<string, string> } | undefined {
  if (!state?.known) return undefined;
  const recipients = Object.fromEntries(Object.entries(state.recipients).map(([id, r]) => [id, r.status]));
  return { status: state.status, events_applied: state.eventIds.length, recipients };
}

export function createExampleConsumer({ secret, store = createMemoryStore(), logger }: ExampleConsumerOptions): Server {
  const consumer = createWebhookConsumer({
    store,
    secret,
    ...(logger ? { logger } : {}),
    onStatusChange: ({ change }) => {
      // Your business reaction goes here (ship goods, notify the customer, ...). It runs before
      // the event is committed, so a failure here makes the provider retry it.
      logger?.info('status changed', { ...change });
    },
  });
  const webhooks = createWebhookListener(consumer);
  // Events of payments this system never created stay parked (consumer rule 3) until forgotten:
  // once an hour, anything unknown for a week goes. unref: the timer never keeps the process up.
  const prune = setInterval(() => void consumer.pruneUnknownPayments().catch(() => {}), 60 * 60 * 1000);
  prune.unref();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'POST' && url.pathname === '/webhooks') return webhooks(req, res);
    const match = /^\/payments\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      Promise.resolve(store.getPayment(decodeURIComponent(match[1]!))).then(
        (state) => {
          const record = paymentRecord(state);
          res.writeHead(record ? 200 : 404, { 'content-type': 'application/json' });
          res.end(JSON.stringify(record ?? { error: 'unknown payment' }));
        },
        () => {
          res.writeHead(500).end();
        },
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
  });
  server.on('close', () => clearInterval(prune));
  return server;
}
