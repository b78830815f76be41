/**
 * A DELIBERATELY WRONG consumer, kept as a test target for `cbp conformance consumer`. It checks
 * signatures correctly, but it processes a repeated event_id again (breaking seed §Events rule 1)
 * and trusts arrival order (breaking rule 2). Do not copy it; see ../webhook-consumer/.
 */
import { createServer, type Server } from 'node:http';
import { verifyWebhook } from '../../generated/webhooks.js';
import { readRawBody } from '../../generated/runtime/payments/webhooks/node-http.js';

interface NaiveRecord {
  status: string;
  events_applied: number;
  recipients: Record<string, string>;
}

export function createNaiveConsumer({ secret }: { secret: string }): Server {
  const records = new Map<string, NaiveRecord>();
  return createServer(async (req, res) => {
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname.startsWith('/payments/')) {
      const record = records.get(decodeURIComponent(url.pathname.slice('/payments/'.length)));
      return record ? send(200, record) : send(404, { error: 'unknown payment' });
    }
    if (req.method !== 'POST' || url.pathname !== '/webhooks') return send(404, { error: 'not found' });
    const body = await readRawBody(req, 1024 * 1024);
    if (body === 'too-large') return send(413, {});
    const verified = verifyWebhook(body, req.headers, secret);
    if (!verified.ok) return send(401, { error: verified.reason });
    const event = verified.payload as { payment_id: string; status: string; recipient_id?: string };
    let record = records.get(event.payment_id);
    if (!record) {
      // Unknown payment: acknowledged and ignored, unless this is a payment's first webhook.
      if (event.status !== 'AWAITING_FUNDS' && event.status !== 'PROCESSING') return send(200, { received: true });
      record = { status: event.status, events_applied: 0, recipients: {} };
      records.set(event.payment_id, record);
    }
    record.status = event.status; // trusts arrival order
    record.events_applied += 1; // no idempotency check
    if (event.recipient_id) record.recipients[event.recipient_id] = event.status;
    send(200, { received: true });
  });
}
