/**
 * Mounts a WebhookConsumer on node:http. The body is read as raw bytes (never parsed and
 * re-serialized before verification) with a size limit.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { WebhookConsumer } from './consumer.js';

export interface WebhookListenerOptions {
  /** Only this path is served (others get 404). Default: any path. */
  path?: string;
  /** Largest accepted body in bytes. Default: 1 MiB. */
  maxBodyBytes?: number;
}

export function readRawBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > maxBytes ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function createWebhookListener(
  consumer: WebhookConsumer,
  options: WebhookListenerOptions = {},
): RequestListener {
  const maxBytes = options.maxBodyBytes ?? 1024 * 1024;
  return (req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const path = (req.url ?? '/').split('?')[0];
    if (options.path !== undefined && path !== options.path) return send(404, { error: 'not-found' });
    if (req.method !== 'POST') return send(405, { error: 'method-not-allowed' });
    readRawBody(req, maxBytes)
      .then(async (body) => {
        if (body === 'too-large') return send(413, { received: false, error: 'too-large' });
        const answer = await consumer.handle(body, req.headers);
        send(answer.status, answer.body);
      })
      .catch(() => send(500, { received: false, error: 'processing-failed' }));
  };
}
