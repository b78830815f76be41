/** Test helpers for the mock: tokens, JSON calls over real HTTP, and a local webhook receiver
 * that verifies every delivery's signature. Everything binds to 127.0.0.1 and is closed by the test. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '../../packages/runtime/src/webhooks/signing/verify.js';
import { startSandbox, type SandboxOptions, type RunningSandbox } from '../../sandbox/index.js';

export const CLIENT_A = { id: 'sandbox-client-a', secret: 'sandbox-secret-a' };
export const CLIENT_B = { id: 'sandbox-client-b', secret: 'sandbox-secret-b' };

/** Every answer is checked against spec/openapi.yaml (a non-conforming one becomes a 500). */
export function sandboxOn0(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const onError = (error: unknown, context: { operationId?: string; phase: string }) =>
    console.error('mock error', context, JSON.stringify(error));
  return startSandbox({ port: 0, host: '127.0.0.1', validateResponses: true, onError, ...options });
}

export interface Reply {
  status: number;
  body: any;
  headers: Headers;
  text: string;
}

export async function request(url: string, init: RequestInit = {}): Promise<Reply> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers, text };
}

export async function token(mock: RunningSandbox, client = CLIENT_A): Promise<string> {
  const r = await request(mock.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: client.id,
      client_secret: client.secret,
    }).toString(),
  });
  if (r.status !== 200) throw new Error(`token: ${r.status} ${r.text}`);
  return r.body.access_token as string;
}

/** A JSON call with a Bearer token. */
export function call(mock: RunningSandbox, tok: string, method: string, path: string, body?: unknown): Promise<Reply> {
  const headers: Record<string, string> = { authorization: `Bearer ${tok}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return request(`${mock.baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export function paymentBody(
  currency: string,
  recipients: Array<[string, number]>,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const total = recipients.reduce((s, [, v]) => s + Math.round(v * 100), 0) / 100;
  return {
    purpose_of_transaction: 'PROPERTY_PURCHASE',
    amount: { currency, value: total },
    recipient_details: recipients.map(([recipient_id, value]) => ({ recipient_id, amount: { currency, value } })),
    ...extra,
  };
}

export interface Received {
  payload: any;
  headers: Record<string, string | string[] | undefined>;
  verified: boolean;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Answer 503 to the next n deliveries (consumer down). */
  failNext(n: number): void;
  /** Resolves once `predicate` holds for the deliveries received. */
  waitFor(predicate: (r: Received[]) => boolean, timeoutMs?: number): Promise<Received[]>;
  setSecret(secret: string): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let failing = 0;
  let secret = '';
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (failing > 0) {
        failing--;
        res.writeHead(503).end();
        return;
      }
      const raw = Buffer.concat(chunks);
      const v = verifyWebhook(raw, req.headers, secret);
      received.push({ payload: JSON.parse(raw.toString('utf8')), headers: req.headers, verified: v.ok });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    failNext: (n) => void (failing = n),
    setSecret: (s) => void (secret = s),
    async waitFor(predicate, timeoutMs = 5000) {
      const end = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > end) throw new Error(`timed out; received ${received.map((r) => r.payload.status).join(',')}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return received;
    },
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
