/**
 * The runner as a polite client of a real service: throttled reads are waited out and retried,
 * a POST is never resent (a lost create is looked up instead), throttled answers are never
 * judged, and --rate spaces requests.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { retryAfterMs } from '../../conformance/engine/polite.js';
import { Http } from '../../conformance/engine/http.js';
import { Recorder } from '../../conformance/engine/recorder.js';

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;
const servers: Array<{ close(): void }> = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function serve(handler: Handler): Promise<{ url: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => handler(req, res, hits.length));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  servers.push({
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

describe('retryAfterMs (RFC 9110 §10.2.3)', () => {
  test('seconds, an HTTP-date, or a backoff when absent or unreadable; always capped', () => {
    expect(retryAfterMs('2', 0)).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 0, 7_000)).toBe(3000);
    expect(retryAfterMs(undefined, 2)).toBe(4000);
    expect(retryAfterMs('soon', 0)).toBe(1000);
    expect(retryAfterMs('86400', 0)).toBe(60_000);
  });
});

describe('Http', () => {
  test('a throttled read is waited out and retried; only the final answer is judged', async () => {
    const s = await serve((_req, res, n) =>
      n === 1
        ? json(res, 429, { errors: [] }, { 'retry-after': '0' })
        : n === 2
          ? json(res, 503, {}, { 'retry-after': '1' })
          : json(res, 200, { ok: true }),
    );
    const recorder = new Recorder();
    const http = new Http({ baseUrl: s.url, authUrl: s.url, recorder, timeoutMs: 5000 });
    const t0 = Date.now();
    const res = await http.send({ method: 'GET', path: '/v1/things', auth: 'none' });
    expect(res.status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    expect(s.hits).toHaveLength(3);
    expect(recorder.exchanges.map((x) => x.response?.status)).toEqual([200]);
    expect(recorder.unjudged.map((x) => x.response?.status)).toEqual([429, 503]);
  });

  test('a throttled POST is not resent, is not judged, and says why', async () => {
    const s = await serve((_req, res) => json(res, 429, {}, { 'retry-after': '0' }));
    const recorder = new Recorder();
    const http = new Http({ baseUrl: s.url, authUrl: s.url, recorder, timeoutMs: 5000 });
    const res = await http.send({
      operationId: 'createPayment',
      method: 'POST',
      path: '/v3/customers/c/payments',
      json: {},
      auth: 'none',
    });
    expect(s.hits).toHaveLength(1);
    expect(res.indeterminate).toMatch(/throttled \(HTTP 429\); a POST is not resent/);
    expect(recorder.exchanges).toHaveLength(0);
    expect(recorder.unjudged[0].indeterminate).toBe(res.indeterminate);
  });

  test('a create whose answer is lost is looked up, never resent', async () => {
    const s = await serve((req, res) => {
      if (req.method === 'POST') return; // never answers: the client times out
      json(res, 200, { sessions: [{ session_id: 'ses-1', has_payment: false }] });
    });
    const recorder = new Recorder();
    const { createLookups } = await import('../../conformance/suites/api/live/lookups.js');
    const http = new Http({ baseUrl: s.url, authUrl: s.url, recorder, timeoutMs: 300, lookups: createLookups });
    const res = await http.send({
      operationId: 'createSession',
      method: 'POST',
      path: '/v1/customers/c/sessions',
      json: { client_reference_id: 'ref-1' },
      auth: 'none',
    });
    expect(s.hits).toEqual(['POST /v1/customers/c/sessions', 'GET /v1/customers/c/sessions?client_reference_id=ref-1']);
    expect(res.recovered).toEqual({ session_id: 'ses-1', has_payment: false });
    expect(res.indeterminate).toMatch(/no answer within 300 ms; not resent .*a lookup found it was created/);
  });

  test('--rate spaces requests', async () => {
    const s = await serve((_req, res) => json(res, 200, {}));
    const http = new Http({ baseUrl: s.url, authUrl: s.url, recorder: new Recorder(), timeoutMs: 5000, rate: 10 });
    const t0 = Date.now();
    await Promise.all([1, 2, 3, 4, 5].map(() => http.send({ method: 'GET', path: '/x', auth: 'none' })));
    // Five requests at 10 per second: the fifth leaves at least 400 ms after the first.
    expect(Date.now() - t0).toBeGreaterThanOrEqual(390);
  });

  test('a poll keeps only its last answer for judging', async () => {
    const s = await serve((_req, res, n) =>
      n < 3 ? json(res, 404, { errors: [] }) : json(res, 200, { unique_identifier: 'va-1' }),
    );
    const recorder = new Recorder();
    const http = new Http({ baseUrl: s.url, authUrl: s.url, recorder, timeoutMs: 5000 });
    const res = await http.poll({ method: 'GET', path: '/va', auth: 'none' }, (r) => r.status === 200, {
      timeoutMs: 5000,
      intervalMs: 10,
    });
    expect(res.status).toBe(200);
    expect(recorder.exchanges).toHaveLength(1);
    expect(recorder.unjudged).toHaveLength(2);
  });
});
