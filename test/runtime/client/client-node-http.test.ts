/**
 * The generated client against the generated router behind the node:http adapter on
 * 127.0.0.1:0, with the real global fetch: every operation of our spec, plus the 401 refresh
 * and single-flight token over real sockets.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  CUSTOMER,
  SAMPLE_CALLS,
  SAMPLE_RESULTS,
  createBackend,
  type Backend,
} from './helpers/backend.js';
import type { AnyClient } from './helpers/client.js';
import { generateInto, type Generated } from './helpers/generated.js';

let generated: Generated;
let backend: Backend;
let server: Server;
let base: string;
let client: AnyClient;

beforeAll(async () => {
  generated = await generateInto('client-node-http');
  backend = await createBackend(generated);
  const node = await generated.load<{ toNodeListener: (r: unknown) => Parameters<typeof createServer>[0] }>(
    'runtime/server/node-http.ts',
  );
  server = createServer(node.toNodeListener(backend.router));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const mod = await generated.load<{ createPaymentsClient: (o: unknown) => AnyClient }>('client.ts');
  client = mod.createPaymentsClient({
    baseUrl: base,
    authUrl: base,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    retry: false,
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('over node:http on 127.0.0.1', () => {
  for (const id of Object.keys(SAMPLE_CALLS)) {
    it(`${id}: round trip`, async () => {
      const result = await client[id](SAMPLE_CALLS[id].init);
      expect(result.apiError).toBeUndefined();
      expect(SAMPLE_CALLS[id].expect(result.data)).toEqual(SAMPLE_RESULTS[id]);
      const init = SAMPLE_CALLS[id].init as { body?: unknown };
      expect((backend.received.get(id)!.at(-1) as { body: unknown }).body).toEqual(init.body);
    });
  }

  it(
    '50 concurrent calls of a fresh client → one token ' + 'request; a 401 → one refresh, one re-send with the body',
    async () => {
      const mod = await generated.load<{ createPaymentsClient: (o: unknown) => AnyClient }>('client.ts');
      const fresh = mod.createPaymentsClient({
        baseUrl: base,
        authUrl: base,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
      });
      const before = backend.issued.length;
      const all = await Promise.all(
        Array.from({ length: 50 }, () => fresh.legacyReviewPayments(SAMPLE_CALLS.legacyReviewPayments.init)),
      );
      expect(all.every((r) => r.apiError === undefined)).toBe(true);
      expect(backend.issued.length - before).toBe(1);

      backend.validTokens.clear();
      const payments = backend.received.get('createPayment')?.length ?? 0;
      const result = await fresh.createPayment(SAMPLE_CALLS.createPayment.init);
      expect(result.apiError).toBeUndefined();
      expect(backend.issued.length - before).toBe(2);
      const got = backend.received.get('createPayment')!;
      expect(got).toHaveLength(payments + 1);
      expect((got.at(-1) as { body: unknown }).body).toEqual(SAMPLE_CALLS.createPayment.init.body);
    },
  );

  it('answers 413 for a body over the limit without buffering it', async () => {
    const response = await fetch(`${base}/v3/customers/${CUSTOMER}/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${backend.issued.at(-1)}` },
      body: JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ errors: [{ rule: 'request.body-too-large' }] });
  });
});

describe('over node:http with batchWrites', () => {
  it('answers every one of 40 concurrent calls, a lone call and an unknown path', async () => {
    const node = await generated.load<{
      toNodeListener: (r: unknown, o?: unknown) => Parameters<typeof createServer>[0];
    }>('runtime/server/node-http.ts');
    const batched = createServer(node.toNodeListener(backend.router, { batchWrites: true }));
    await new Promise<void>((resolve) => batched.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(batched.address() as AddressInfo).port}`;
      const mod = await generated.load<{ createPaymentsClient: (o: unknown) => AnyClient }>('client.ts');
      const c = mod.createPaymentsClient({
        baseUrl: url,
        authUrl: url,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        retry: false,
      });
      const all = await Promise.all(Array.from({ length: 40 }, () => c.createPayment(SAMPLE_CALLS.createPayment.init)));
      expect(all.map((r) => r.apiError)).toEqual(Array(40).fill(undefined));
      expect(all.map((r) => SAMPLE_CALLS.createPayment.expect(r.data))).toEqual(
        Array(40).fill(SAMPLE_RESULTS.createPayment),
      );
      const lone = await c.legacyReviewPayments(SAMPLE_CALLS.legacyReviewPayments.init);
      expect(SAMPLE_CALLS.legacyReviewPayments.expect(lone.data)).toEqual(SAMPLE_RESULTS.legacyReviewPayments);
      const missing = await fetch(`${url}/nowhere`);
      expect(missing.status).toBe(404);
    } finally {
      batched.closeAllConnections();
      await new Promise((resolve) => batched.close(resolve));
    }
  });
});
