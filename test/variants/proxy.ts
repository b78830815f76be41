/**
 * A fault-injecting proxy in front of the mock (broken variants are built by
 * wrapping the mock, not by forking it). Requests, responses and webhook deliveries pass through hooks; the proxy
 * takes over webhook subscriptions so that it can drop, alter or add events and re-sign them
 * with the subscription's secret. Listens on 127.0.0.1 only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhook } from '../../packages/runtime/src/webhooks/signing/sign.js';

export interface ProxiedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

export interface ProxiedResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export type WebhookEvent = Record<string, unknown> & {
  event_id: string;
  payment_id: string;
  status: string;
  event_timestamp: string;
};

export interface ProxyHooks {
  /** Rewrite the request (return it) or answer it without the mock (return a response). */
  request?(req: ProxiedRequest): Promise<ProxiedRequest | ProxiedResponse> | ProxiedRequest | ProxiedResponse;
  response?(req: ProxiedRequest, res: ProxiedResponse): ProxiedResponse;
  /** The events to deliver instead of this one ([] drops it). */
  webhook?(event: WebhookEvent): WebhookEvent[];
  /** The secret deliveries are re-signed with (default: the subscription's own). */
  signingSecret?(subscriptionSecret: string): string;
  /** The signature headers a delivery is sent with, from the Standard Webhooks ones (e.g. another provider's names). */
  deliveryHeaders?(standard: Record<string, string>): Record<string, string>;
}

export interface RunningProxy {
  url: string;
  close(): Promise<void>;
}

const isResponse = (v: ProxiedRequest | ProxiedResponse): v is ProxiedResponse => 'status' in v;

export async function startProxy(upstream: string, hooks: ProxyHooks): Promise<RunningProxy> {
  const relays: Array<{ url: string; secret?: string }> = [];
  let self = '';
  const server = createServer((req, res) => void handle(req, res).catch((err) => res.writeHead(502).end(String(err))));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://proxy.invalid');
    const relay = /^\/_relay\/(\d+)$/.exec(url.pathname);
    if (relay) {
      await deliver(Number(relay[1]), raw);
      res.writeHead(200).end();
      return;
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
    let incoming: ProxiedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers,
      body: parse(raw, headers['content-type']),
    };
    let subscription: number | undefined;
    if (incoming.method === 'POST' && incoming.path === '/_sandbox/webhook-subscriptions') {
      subscription = relays.push({ url: String((incoming.body as { url?: unknown }).url) }) - 1;
      incoming = { ...incoming, body: { ...(incoming.body as object), url: `${self}/_relay/${subscription}` } };
    }
    const changed = hooks.request ? await hooks.request(incoming) : incoming;
    let answer = isResponse(changed) ? changed : await forward(upstream, changed);
    if (subscription !== undefined) {
      relays[subscription].secret = (answer.body as { secret?: string }).secret;
      answer = { ...answer, body: { ...(answer.body as object), url: relays[subscription].url } };
    }
    if (hooks.response && !isResponse(changed)) answer = hooks.response(changed, answer);
    const text =
      typeof answer.body === 'string' ? answer.body : answer.body === undefined ? '' : JSON.stringify(answer.body);
    const out = { ...answer.headers };
    delete out['content-length'];
    delete out['transfer-encoding'];
    if (typeof answer.body !== 'string' && answer.body !== undefined) out['content-type'] = 'application/json';
    res.writeHead(answer.status, out).end(text);
  }

  async function deliver(index: number, raw: string): Promise<void> {
    const relay = relays[index];
    const event = JSON.parse(raw) as WebhookEvent;
    for (const e of hooks.webhook ? hooks.webhook(event) : [event]) {
      const body = JSON.stringify(e);
      const secret = relay.secret && (hooks.signingSecret?.(relay.secret) ?? relay.secret);
      const standard = secret
        ? signWebhook(body, { id: e.event_id, timestamp: Math.floor(Date.now() / 1000), secret })
        : {};
      const sig = hooks.deliveryHeaders ? hooks.deliveryHeaders(standard) : standard;
      await fetch(relay.url, { method: 'POST', headers: { 'content-type': 'application/json', ...sig }, body }).catch(
        () => undefined,
      );
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  self = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: self,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function forward(upstream: string, r: ProxiedRequest): Promise<ProxiedResponse> {
  const qs = r.query.toString();
  const isForm = /x-www-form-urlencoded/.test(r.headers['content-type'] ?? '');
  const body =
    r.body === undefined || r.method === 'GET'
      ? undefined
      : typeof r.body === 'string'
        ? r.body
        : isForm
          ? new URLSearchParams(r.body as Record<string, string>).toString()
          : JSON.stringify(r.body);
  const res = await fetch(`${upstream}${r.path}${qs ? `?${qs}` : ''}`, {
    method: r.method,
    headers: r.headers,
    body,
    redirect: 'manual',
  });
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    headers[k] = v;
  });
  const text = await res.text();
  return { status: res.status, headers, body: parse(text, headers['content-type']) };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parse(text: string, contentType: string | undefined): unknown {
  if (text === '') return undefined;
  if (/x-www-form-urlencoded/.test(contentType ?? '')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
