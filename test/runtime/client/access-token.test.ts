/**
 * `accessToken`: a browser app hands the generated client a token its backend obtained (RFC 6750
 * Bearer), never the client secret. Against `cbp mock` (127.0.0.1): calls succeed without any
 * token request; a function is asked before each request and once more after a 401. Against
 * hostile local servers: the token goes to the base URL's origin only, never to another.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/index.js';
import { sandboxOn0, paymentBody, token } from '../../sandbox/helpers.js';
import type { AnyClient } from './helpers/client.js';
import { generateInto } from './helpers/generated.js';

type Create = (options: Record<string, unknown>) => AnyClient;

let create: Create;
let mock: RunningSandbox;

beforeAll(async () => {
  const generated = await generateInto('client-access-token', {
    plugins: ['types', 'operations', 'client'],
    stubs: undefined,
  });
  create = (await generated.load<{ createPaymentsClient: Create }>('client.ts')).createPaymentsClient;
  mock = await sandboxOn0();
}, 60_000);

afterAll(async () => {
  await mock?.close();
});

/** Every request the client sends, with its Authorization header. */
function recordingFetch() {
  const sent: Array<{ url: string; authorization: string | null }> = [];
  const fetch = (request: Request) => {
    sent.push({ url: request.url, authorization: request.headers.get('authorization') });
    return globalThis.fetch(request);
  };
  return { sent, fetch };
}

const PAYMENT = { params: { path: { customer_id: 'cust-a-1' } }, body: paymentBody('GBP', [['rcp-a-1-gbp', 12.5]]) };
const REVIEW = { params: { path: { customer_id: 'cust-a-1' } } };

describe('accessToken against cbp mock', () => {
  it(
    'a token the backend obtained: the payment is created, no ' +
      'token request is made, the token goes in Authorization',
    async () => {
      const held = await token(mock);
      const { sent, fetch } = recordingFetch();
      const logs: Array<{ event: string }> = [];
      const client = create({
        baseUrl: mock.baseUrl,
        authUrl: mock.authUrl,
        accessToken: held,
        fetch,
        logger: (e: { event: string }) => logs.push(e),
      });
      const r = await client.createPayment(PAYMENT);
      expect(r.apiError).toBeUndefined();
      expect((r.data as { payment_id: string }).payment_id).toMatch(/\S/);
      expect(sent).toEqual([
        { url: `${mock.baseUrl}/v3/customers/cust-a-1/payments`, authorization: `Bearer ${held}` },
      ]);
      expect(logs.map((e) => e.event)).not.toContain('token-request');
      // The token is a secret of the client like the ones it fetches: never in a log entry.
      expect(JSON.stringify(logs)).not.toContain(held);
    },
  );

  it('a function is asked before each request, so the app can renew the token', async () => {
    const held = await token(mock);
    let asked = 0;
    const client = create({
      baseUrl: mock.baseUrl,
      accessToken: async () => {
        asked++;
        return held;
      },
    });
    expect((await client.legacyReviewPayments(REVIEW)).apiError).toBeUndefined();
    expect((await client.legacyReviewPayments(REVIEW)).apiError).toBeUndefined();
    expect(asked).toBe(2);
  });

  it('after a 401 the function is asked once more and the request re-sent once, with its body', async () => {
    const fresh = await token(mock);
    const tokens = ['revoked-token-0123456789', fresh];
    const { sent, fetch } = recordingFetch();
    const client = create({ baseUrl: mock.baseUrl, accessToken: () => tokens.shift() ?? 'exhausted', fetch });
    const r = await client.createPayment(PAYMENT);
    expect(r.apiError).toBeUndefined();
    expect(sent.map((s) => s.authorization)).toEqual(['Bearer revoked-token-0123456789', `Bearer ${fresh}`]);
  });

  it(
    'a string token the service refuses: one request, then ' + 'apiError auth/unauthorized (nothing to renew it with)',
    async () => {
      const { sent, fetch } = recordingFetch();
      const client = create({ baseUrl: mock.baseUrl, accessToken: 'revoked-token-0123456789', fetch });
      const r = await client.legacyReviewPayments(REVIEW);
      expect(r.apiError).toMatchObject({ kind: 'auth', reason: 'unauthorized', status: 401 });
      expect(sent).toHaveLength(1);
    },
  );

  it(
    'a token that is not RFC 6750 token68 text never reaches ' + 'a header: auth/token-response-invalid, nothing sent',
    async () => {
      for (const bad of ['two words', 'line\nbreak', 'quote"d']) {
        const { sent, fetch } = recordingFetch();
        const r = await create({ baseUrl: mock.baseUrl, accessToken: bad, fetch }).legacyReviewPayments(REVIEW);
        expect(r.apiError, JSON.stringify(bad)).toMatchObject({ kind: 'auth', reason: 'token-response-invalid' });
        expect(sent).toEqual([]);
      }
    },
  );

  it('a function that fails: auth/token-request-failed with its message, nothing sent', async () => {
    const { sent, fetch } = recordingFetch();
    const client = create({
      baseUrl: mock.baseUrl,
      fetch,
      accessToken: () => {
        throw new Error('session expired, sign in again');
      },
    });
    const r = await client.legacyReviewPayments(REVIEW);
    expect(r.apiError).toMatchObject({ kind: 'auth', reason: 'token-request-failed' });
    expect(String(r.apiError?.message)).toContain('session expired, sign in again');
    expect(sent).toEqual([]);
  });
});

interface Host {
  url: string;
  seen: Array<{ path: string; authorization: string | undefined }>;
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  close(): Promise<void>;
}

async function host(): Promise<Host> {
  const h = {
    seen: [],
    handle: (_req: IncomingMessage, res: ServerResponse) => void res.writeHead(404).end(),
  } as unknown as Host;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      h.seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
      h.handle(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  h.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  h.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return h;
}

describe('accessToken goes to the base URL origin only', () => {
  const HELD = 'held-token-0123456789';
  let api: Host;
  let evil: Host;

  afterEach(async () => {
    await api?.close();
    await evil?.close();
  });

  it.each([302, 307, 308])('%i to another origin: not followed, the other origin sees nothing', async (status) => {
    api = await host();
    evil = await host();
    api.handle = (_req, res) => res.writeHead(status, { location: `${evil.url}/v1/customers/cust-1/payments` }).end();
    const r = await create({ baseUrl: api.url, accessToken: HELD, retry: false }).legacyReviewPayments({
      params: { path: { customer_id: 'cust-1' } },
    });
    expect(r.apiError).toMatchObject({
      kind: 'redirect',
      status,
      location: `${evil.url}/v1/customers/cust-1/payments`,
    });
    expect(api.seen).toEqual([{ path: '/v1/customers/cust-1/payments', authorization: `Bearer ${HELD}` }]);
    expect(evil.seen).toEqual([]);
  });

  it('client.raw pointed at another origin (a per-call baseUrl): the request goes out without the token', async () => {
    api = await host();
    evil = await host();
    const client = create({ baseUrl: api.url, accessToken: HELD, retry: false });
    await client.raw.GET('/v1/customers/{customer_id}/payments', {
      baseUrl: evil.url,
      params: { path: { customer_id: 'cust-1' } },
    });
    expect(evil.seen).toEqual([{ path: '/v1/customers/cust-1/payments', authorization: undefined }]);
    expect(api.seen).toEqual([]);
  });

  it('an answer that echoes the token: the error the app sees is scrubbed of it', async () => {
    api = await host();
    api.handle = (req, res) =>
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ echoed: req.headers.authorization }));
    const r = await create({ baseUrl: api.url, accessToken: async () => HELD, retry: false }).legacyReviewPayments({
      params: { path: { customer_id: 'cust-1' } },
    });
    expect(r.apiError).toMatchObject({ kind: 'http', status: 400 });
    expect(JSON.stringify([r.apiError, r.error])).not.toContain(HELD);
  });
});
