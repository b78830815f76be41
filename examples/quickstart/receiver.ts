/**
 * The quickstart's webhook endpoint: a node:http server on 127.0.0.1 (random port). Every
 * delivery goes through the kit's consumer, which verifies the signature over the raw bytes and
 * applies the consumer rules of seed §Events (event_id dedup, event_timestamp order, unknown
 * payments acknowledged). Each delivery is recorded and reported so the script can print it.
 *
 * The signing secret is only known once the endpoint is subscribed (and subscribing needs the
 * URL), so the server starts first and `use(secret)` arms it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createMemoryStore,
  createWebhookConsumer,
  parseJsonExact,
  type PaymentState,
  type WebhookConsumer,
} from '../../generated/webhooks.js';
import { readRawBody } from '../../generated/runtime/payments/webhooks/node-http.js';

/** One delivery as the receiver saw it. Event fields are set only for verified deliveries. */
export interface ReceivedWebhook {
  /** The consumer's answer: 200 verified (also for duplicates), 401 bad signature, 400 malformed. */
  answer: number;
  verified: boolean;
  /** 'applied', 'duplicate', 'stale', ... (the kit's PaymentEffect). */
  effect?: string;
  event_id?: string;
  payment_id?: string;
  status?: string;
  recipient_id?: string;
  /** Hosted-session payments only (seed §Events). */
  session_id?: string;
  event_timestamp?: string;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:<port>/webhooks */
  url: string;
  /** Arms the receiver with the subscription's whsec_ secret (never logged). */
  use(secret: string): void;
  /** Every delivery, in arrival order. */
  deliveries: ReceivedWebhook[];
  /** What the kit recorded for a payment (status, per-recipient statuses). */
  payment(paymentId: string): Promise<PaymentState | undefined>;
  /** Resolves with the first verified delivery that matches; rejects after timeoutMs. */
  waitFor(match: (d: ReceivedWebhook) => boolean, timeoutMs: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

export async function startReceiver(onDelivery: (d: ReceivedWebhook) => void = () => {}): Promise<WebhookReceiver> {
  const store = createMemoryStore();
  const deliveries: ReceivedWebhook[] = [];
  const waiters = new Set<(d: ReceivedWebhook) => void>();
  let consumer: WebhookConsumer | undefined;

  const record = (d: ReceivedWebhook): void => {
    deliveries.push(d);
    onDelivery(d);
    for (const waiter of [...waiters]) waiter(d);
  };

  const server = createServer((req, res) => {
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/webhooks') return send(404, { error: 'not-found' });
    // 503 makes the sender retry later; it only happens if a delivery beats the subscription.
    if (!consumer) return send(503, { error: 'not-ready' });
    const armed = consumer;
    readRawBody(req, 1024 * 1024)
      .then(async (raw) => {
        if (raw === 'too-large') return send(413, { error: 'too-large' });
        // The consumer verifies the bytes as received: never parse and re-serialize before this.
        const answer = await armed.handle(raw, req.headers);
        const d: ReceivedWebhook = { answer: answer.status, verified: answer.status === 200 || answer.status === 500 };
        if (answer.status === 200) Object.assign(d, { effect: answer.body.effect }, eventFields(raw));
        record(d);
        send(answer.status, answer.body);
      })
      .catch(() => send(500, { error: 'processing-failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    deliveries,
    use(secret) {
      consumer = createWebhookConsumer({ store, secret });
    },
    payment: async (paymentId) => store.getPayment(paymentId),
    waitFor(match, timeoutMs) {
      const seen = deliveries.find((d) => d.verified && match(d));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching webhook within ${timeoutMs} ms (${deliveries.length} received)`));
        }, timeoutMs);
        const waiter = (d: ReceivedWebhook): void => {
          if (!d.verified || !match(d)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(d);
        };
        waiters.add(waiter);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The fields we print, read from a body the consumer has already verified. */
function eventFields(raw: Buffer): Partial<ReceivedWebhook> {
  const body = parseJsonExact(raw.toString('utf8')) as Record<string, unknown>;
  const text = (k: string): string | undefined => (typeof body[k] === 'string' ? (body[k] as string) : undefined);
  return {
    event_id: text('event_id'),
    payment_id: text('payment_id'),
    status: text('status'),
    recipient_id: text('recipient_id'),
    session_id: text('session_id'),
    event_timestamp: text('event_timestamp'),
  };
}
