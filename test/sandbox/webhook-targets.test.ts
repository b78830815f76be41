/**
 * Where the mock's webhooks may go and how much of an answer it reads: link-local and cloud
 * metadata targets are refused at subscription (400 naming /url) and at connection time (the
 * resolved address), a redirect is never followed (the signed body stays with the subscription's
 * origin), and an endless answer is cut at MAX_ANSWER_BYTES. Every server is on 127.0.0.1.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { MAX_ANSWER_BYTES } from '../../sandbox/webhooks/deliver.js';
import { WebhookDispatcher } from '../../sandbox/webhooks/dispatcher.js';
import { createTargetPolicy } from '../../sandbox/webhooks/target-policy.js';
import type { PaymentEvent, SubscriptionRecord } from '../../sandbox/types.js';
import { call, sandboxOn0, token } from './helpers.js';

let mock: RunningSandbox | undefined;
let dispatcher: WebhookDispatcher | undefined;
const servers: Server[] = [];

afterEach(async () => {
  await mock?.close();
  dispatcher?.close();
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
  mock = dispatcher = undefined;
});

interface Endpoint {
  url: string;
  hits: Array<{ method: string; path: string; body: string }>;
  /** Sockets closed by the client (the mock) while the answer was still being written. */
  aborted: number;
}

async function endpoint(answer: (req: IncomingMessage, res: ServerResponse, ep: Endpoint) => void): Promise<Endpoint> {
  const ep: Endpoint = { url: '', hits: [], aborted: 0 };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      ep.hits.push({ method: req.method ?? '', path: req.url ?? '', body });
      res.on('close', () => {
        if (!res.writableFinished) ep.aborted++;
      });
      answer(req, res, ep);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ep.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return ep;
}

const SECRET = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
const EVENT: PaymentEvent = {
  event_id: 'evt-1',
  event_timestamp: '2026-01-01T00:00:00Z',
  payment_id: 'pay-1',
  status: 'AWAITING_FUNDS',
};
const sub = (url: string): SubscriptionRecord => ({ subscription_id: 'sub-1', clientId: 'c', url, secret: SECRET });

async function deliverOnce(url: string, options: ConstructorParameters<typeof WebhookDispatcher>[0] = {}) {
  dispatcher = new WebhookDispatcher({ retry: { maxAttempts: 1, timeoutMs: 5000 }, ...options });
  const started = Date.now();
  dispatcher.dispatch(EVENT, [sub(url)]);
  await dispatcher.idle();
  return { log: dispatcher.log, ms: Date.now() - started };
}

describe('webhook subscriptions refuse link-local and metadata targets', () => {
  const refused = [
    'http://169.254.169.254/latest/meta-data/',
    'http://169.254.10.20:8080/hook',
    'http://2852039166/', // 169.254.169.254 as one number
    'http://[::ffff:169.254.169.254]/',
    'http://[fe80::1]/hook',
    'http://[64:ff9b::169.254.169.254]/', // through NAT64
    'http://[fd00:ec2::254]/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://Metadata.Google.Internal./',
    'http://100.100.100.200/latest/meta-data/',
  ];

  it.each(refused)('%s: 400 sandbox.webhook-target naming /url', async (url) => {
    mock = await sandboxOn0();
    const answer = await call(mock, await token(mock), 'POST', '/_sandbox/webhook-subscriptions', { url });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ rule: 'sandbox.webhook-target', pointer: '/url' })]);
    expect(answer.body.errors[0].message).toContain('--allow-webhook-target');
    expect(mock.store.subscriptions.size).toBe(0);
  });

  it('loopback and private addresses stay allowed', async () => {
    mock = await sandboxOn0();
    const tok = await token(mock);
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://localhost:9/hook',
      'http://[::1]:9/hook',
      'http://10.0.0.5/hook',
      'https://partner.example/hook',
    ]) {
      expect((await call(mock, tok, 'POST', '/_sandbox/webhook-subscriptions', { url })).status, url).toBe(201);
    }
  });

  it('allowWebhookTargets (--allow-webhook-target) lets listed CIDR blocks and hosts through', async () => {
    mock = await sandboxOn0({ allowWebhookTargets: ['169.254.0.0/16', 'metadata.google.internal', 'fe80::/10'] });
    const tok = await token(mock);
    for (const url of ['http://169.254.169.254/', 'http://metadata.google.internal/', 'http://[fe80::1]/']) {
      expect((await call(mock, tok, 'POST', '/_sandbox/webhook-subscriptions', { url })).status, url).toBe(201);
    }
    expect(
      (await call(mock, tok, 'POST', '/_sandbox/webhook-subscriptions', { url: 'http://[fd00:ec2::254]/' })).status,
    ).toBe(400);
  });

  it('a bad --allow-webhook-target entry is a usage error', () => {
    for (const entry of ['169.254.0.0/33', 'not a host', '1.2.3.4/x'])
      expect(() => createTargetPolicy([entry])).toThrow(/allow-webhook-target/);
  });
});

describe('webhook deliveries', () => {
  it('checks the addresses a name resolves to when connecting, and never retries a refused target', async () => {
    const ep = await endpoint((_req, res) => res.writeHead(204).end());
    const onlyOthers = {
      refuseUrl: () => undefined,
      refuseAddress: (_host: string, address: string) =>
        /^(127\.|::1$)/.test(address) ? `${address} refused for the test` : undefined,
    };
    const { log } = await deliverOnce(ep.url.replace('127.0.0.1', 'localhost'), {
      targets: onlyOthers,
      retry: { maxAttempts: 5, initialDelayMs: 10 },
    });
    expect(ep.hits).toEqual([]);
    expect(log).toHaveLength(1);
    expect(log[0]!.error).toMatch(/^refused: .*refused for the test/);
  });

  it('delivers to a loopback name through the checking lookup', async () => {
    const ep = await endpoint((_req, res) => res.writeHead(204).end());
    const { log } = await deliverOnce(`${ep.url.replace('127.0.0.1', 'localhost')}/hook`);
    expect(log).toEqual([expect.objectContaining({ status: 204 })]);
    expect(ep.hits).toHaveLength(1);
  });

  it.each([301, 302, 307, 308])(
    'a %i is a failed delivery; the signed body never reaches the Location',
    async (status) => {
      const elsewhere = await endpoint((_req, res) => res.writeHead(204).end());
      const ep = await endpoint((_req, res) => res.writeHead(status, { location: `${elsewhere.url}/stolen` }).end());
      const { log } = await deliverOnce(`${ep.url}/hook`);
      expect(ep.hits).toHaveLength(1);
      expect(elsewhere.hits).toEqual([]);
      expect(log).toEqual([expect.objectContaining({ status, error: `redirect not followed (${status})` })]);
    },
  );

  it(
    `reads at most ${MAX_ANSWER_BYTES} bytes of an endless ` +
      `answer, closes the connection and records the truncation`,
    async () => {
      const chunk = Buffer.alloc(16 * 1024, 'x');
      const ep = await endpoint((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const pump = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once('drain', pump);
        };
        pump();
      });
      const { log, ms } = await deliverOnce(`${ep.url}/hook`);
      expect(log).toEqual([expect.objectContaining({ status: 200, truncated: true })]);
      expect(log[0]!.error).toBeUndefined();
      expect(ms).toBeLessThan(2000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ep.aborted).toBe(1);
    },
  );

  it('a short answer is read whole and not marked truncated', async () => {
    const ep = await endpoint((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(MAX_ANSWER_BYTES)),
    );
    const { log } = await deliverOnce(`${ep.url}/hook`);
    expect(log).toEqual([expect.objectContaining({ status: 200 })]);
    expect(log[0]!.truncated).toBeUndefined();
    expect(ep.hits[0]!.body).toContain('evt-1');
  });
});
