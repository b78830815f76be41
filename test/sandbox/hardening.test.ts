/**
 * The mock as an internet-facing server: slow clients are cut off (header and request
 * timeouts), and a webhook endpoint that answers 410 Gone is disabled (Standard Webhooks)
 * while other failures keep the backoff.
 */
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { call, sandboxOn0, paymentBody, token } from './helpers.js';

let mock: RunningSandbox | undefined;
let endpoint: Server | undefined;
afterEach(async () => {
  await mock?.close();
  endpoint?.closeAllConnections();
  await new Promise((r) => (endpoint ? endpoint.close(r) : r(undefined)));
  mock = endpoint = undefined;
});

/** Sends `chunk` and never finishes the request; resolves with what the server answered when it closed the socket. */
function stall(baseUrl: string, chunk: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(chunk));
    let got = '';
    socket.on('data', (d) => (got += d.toString('latin1')));
    socket.on('close', () => resolve(got));
    socket.on('error', reject);
  });
}

describe('timeouts', () => {
  it('defaults are set for an internet-facing server', async () => {
    mock = await sandboxOn0();
    expect(mock.options.timeouts).toEqual({ headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5000 });
  });

  it('a client that never finishes its headers gets 408 and the socket is closed', async () => {
    mock = await sandboxOn0({ timeouts: { headersMs: 300, requestMs: 600 } });
    const answer = await stall(mock.baseUrl, 'GET /_sandbox/clock HTTP/1.1\r\nhost: x\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a client that never finishes its body gets 408 and the socket is closed', async () => {
    mock = await sandboxOn0({ timeouts: { headersMs: 300, requestMs: 600 } });
    const answer = await stall(
      mock.baseUrl,
      'POST /_sandbox/clock/advance HTTP/1.1\r\nhost: x\r\ncontent-type: ' +
        'application/json\r\ncontent-length: 100\r\n\r\n{"sec',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe('webhook endpoint answering 410 Gone', () => {
  async function endpointAnswering(statuses: number[]): Promise<{ url: string; hits: () => number }> {
    let hits = 0;
    endpoint = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(statuses[Math.min(hits++, statuses.length - 1)]!).end());
    });
    await new Promise<void>((r) => endpoint!.listen(0, '127.0.0.1', () => r()));
    return { url: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hook`, hits: () => hits };
  }

  it('disables the subscription at once (no retries), logs it, and shows it in the control API', async () => {
    const lines: string[] = [];
    mock = await sandboxOn0({
      retry: { initialDelayMs: 10, factor: 1, maxAttempts: 5, timeoutMs: 1000 },
      log: { write: (l) => lines.push(l) },
    });
    const gone = await endpointAnswering([410]);
    const tok = await token(mock);
    const sub = await call(mock, tok, 'POST', '/_sandbox/webhook-subscriptions', { url: gone.url });
    await call(mock, tok, 'POST', '/v3/customers/cust-a-1/payments', paymentBody('GBP', [['rcp-a-1-gbp', 1]]));
    await mock.webhooks.idle();
    const p2 = await call(
      mock,
      tok,
      'POST',
      '/v3/customers/cust-a-1/payments',
      paymentBody('GBP', [['rcp-a-1-gbp', 1]]),
    );
    await call(mock, tok, 'POST', `/_sandbox/payments/${p2.body.payment_id}/deliver-funds`);
    await mock.webhooks.idle();
    expect(gone.hits()).toBe(1);
    expect(mock.webhooks.log.filter((e) => e.subscription_id === sub.body.subscription_id)).toHaveLength(1);
    const list = await call(mock, tok, 'GET', '/_sandbox/webhook-subscriptions');
    expect(list.body.subscriptions).toEqual([
      {
        subscription_id: sub.body.subscription_id,
        url: gone.url,
        status: 'disabled',
        disabled_at: expect.any(String),
        disabled_reason: expect.stringContaining('410 Gone'),
      },
    ]);
    expect(lines.some((l) => l.includes(`webhook subscription ${sub.body.subscription_id} disabled`))).toBe(true);
    expect(lines.join('\n')).not.toContain(sub.body.secret);
  });

  it('other failures keep the backoff: 503, 503, then 200 is delivered on the third attempt', async () => {
    mock = await sandboxOn0({ retry: { initialDelayMs: 10, factor: 1, maxAttempts: 5, timeoutMs: 1000 } });
    const flaky = await endpointAnswering([503, 503, 200]);
    const tok = await token(mock);
    await call(mock, tok, 'POST', '/_sandbox/webhook-subscriptions', { url: flaky.url });
    await call(mock, tok, 'POST', '/v3/customers/cust-a-1/payments', paymentBody('GBP', [['rcp-a-1-gbp', 1]]));
    await mock.webhooks.idle();
    expect(mock.webhooks.log.map((e) => e.status)).toEqual([503, 503, 200]);
    const list = await call(mock, tok, 'GET', '/_sandbox/webhook-subscriptions');
    expect(list.body.subscriptions[0].status).toBe('active');
  });
});
