/**
 * The suite's webhook endpoint: a node:http server (127.0.0.1 unless configured) that verifies
 * each delivery's signature over the raw bytes with the verifier the suite hands it (the scheme
 * is the suite's choice, assumption A-WEBHOOK-SIGNATURE) and records it. It always answers 200 so
 * that a bad delivery is judged once rather than retried; the verdict is recorded with the event.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_ANSWER_BYTES } from './http.js';
import type { Recorder } from './recorder.js';

export interface WebhookReceiver {
  /** URL to subscribe (the configured public URL, or the local one). */
  url: string;
  addSecret(secret: string): void;
  close(): Promise<void>;
}

/** Checks one delivery's signature over the raw bytes with the known secrets. */
export type DeliveryVerifier = (
  raw: Buffer,
  headers: IncomingHttpHeaders,
  secrets: readonly string[],
) => DeliveryVerdict | Promise<DeliveryVerdict>;

export type DeliveryVerdict = { ok: true; payload: unknown } | { ok: false; reason: string };

export async function startReceiver(options: {
  host: string;
  port: number;
  publicUrl?: string;
  recorder: Recorder;
  secret?: string;
  /** Without one, deliveries are recorded unverified. */
  verify?: DeliveryVerifier;
}): Promise<WebhookReceiver> {
  const secrets: string[] = options.secret ? [options.secret] : [];
  options.recorder.redactor.learn(options.secret);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
    req.on('data', (c: Buffer) => {
      if (size < 0) return;
      size += c.length;
      if (size <= MAX_ANSWER_BYTES) return void chunks.push(c);
      // A delivery larger than the cap is not read further (engine/http.ts, MAX_ANSWER_BYTES):
      // 413 Content Too Large (RFC 9110 §15.5.14), and the record says so instead of a payload.
      size = -1;
      chunks.length = 0;
      options.recorder.addWebhook({
        payload: `not read: the delivery exceeded ${MAX_ANSWER_BYTES} bytes`,
        truncatedAt: MAX_ANSWER_BYTES,
        receivedAt: Date.now(),
        headers: options.recorder.redactor.headers(headers),
      });
      res
        .writeHead(413, { 'content-type': 'application/json', connection: 'close' })
        .end('{"received":false}', () => req.destroy());
    });
    req.on('end', async () => {
      if (size < 0) return;
      const raw = Buffer.concat(chunks);
      // A verifier that throws (a partner's) is a verdict on the verifier, recorded as the reason.
      const verdict =
        secrets.length > 0 && options.verify
          ? await Promise.resolve()
              .then(() => options.verify!(raw, req.headers, secrets))
              .catch(
                (err: unknown): DeliveryVerdict => ({
                  ok: false,
                  reason: `the verifier threw: ${(err as Error)?.message ?? String(err)}`,
                }),
              )
          : undefined;
      let payload: unknown;
      try {
        payload = verdict?.ok ? verdict.payload : JSON.parse(raw.toString('utf8'));
      } catch {
        payload = raw.toString('utf8');
      }
      options.recorder.addWebhook({
        payload,
        signatureValid: verdict === undefined ? undefined : verdict.ok,
        signatureError: verdict && !verdict.ok ? verdict.reason : undefined,
        receivedAt: Date.now(),
        headers: options.recorder.redactor.headers(headers),
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: options.publicUrl ?? `http://${host}:${port}/webhooks`,
    addSecret: (s) => {
      options.recorder.redactor.learn(s);
      secrets.push(s);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
