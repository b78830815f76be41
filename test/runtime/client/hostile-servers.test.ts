/**
 * The generated client against hostile local servers (127.0.0.1, real sockets, real fetch):
 * redirects to another origin on the token request and on API calls, malformed tokens,
 * connection resets, and answers that echo a credential. No credential may reach the second
 * origin, and no error the client surfaces (`client.raw` included) may carry one.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnyClient } from './helpers/client.js';
import { generateInto, type Generated } from './helpers/generated.js';
import { closedPortUrl, hasOpenssl, selfSignedServer } from '../../helpers/network-faults.js';

const CLIENT_ID = 'hostile-client';
const CLIENT_SECRET = 'client-secret-0123456789';
const API_KEY = 'apikey-secret-0123456789';
const GOOD_TOKEN = 'good-token-0123456789';
const LEGACY = '/v1/customers/cust-1/payments';
/** An operation that documents the apikey scheme (the legacy payment endpoints require a Bearer token). */
const THIRD_PARTY = '/api/v1/customers/cust-1/third-parties/tp-1';

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface Host {
  url: string;
  seen: Seen[];
  handle: (req: IncomingMessage, res: ServerResponse, body: string) => void;
  close(): Promise<void>;
}

async function host(): Promise<Host> {
  const h = {
    seen: [] as Seen[],
    handle: (_req: IncomingMessage, res: ServerResponse) => void res.writeHead(404).end(),
  } as unknown as Host;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      h.seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      h.handle(req, res, body);
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

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

const tokenOk =
  (token = GOOD_TOKEN) =>
  (res: ServerResponse) =>
    json(res, 200, { access_token: token, token_type: 'bearer', expires_in: 3600 });

let generated: Generated;
let create: (o: unknown) => AnyClient;
let api: Host;
let evil: Host;

beforeAll(async () => {
  generated = await generateInto('client-hostile');
  create = (await generated.load<{ createPaymentsClient: (o: unknown) => AnyClient }>('client.ts'))
    .createPaymentsClient;
});

afterEach(async () => {
  await api?.close();
  await evil?.close();
});

const setup = async () => {
  api = await host();
  evil = await host();
};

const oauthClient = () =>
  create({ baseUrl: api.url, authUrl: api.url, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, retry: false });
const apiKeyClient = () => create({ baseUrl: api.url, apiKey: API_KEY, retry: false });

/** Nothing the client surfaced or sent elsewhere carries a credential. */
function expectNoSecret(value: unknown): void {
  // An Error's message and stack are not enumerable: spelled out, at any depth.
  const withErrors = (_key: string, v: unknown) =>
    v instanceof Error ? { ...v, name: v.name, message: v.message, stack: v.stack, cause: v.cause } : v;
  const text = typeof value === 'string' ? value : JSON.stringify(value, withErrors);
  for (const secret of [CLIENT_SECRET, API_KEY, GOOD_TOKEN, 'evil-token']) expect(text).not.toContain(secret);
}

describe('the token request never follows a redirect', () => {
  it.each([307, 308])(
    '%i to another origin: auth error naming the Location, the other origin sees nothing',
    async (status) => {
      await setup();
      api.handle = (_req, res) => res.writeHead(status, { location: `${evil.url}/steal` }).end();
      evil.handle = (_req, res) => tokenOk('evil-token-0123456789')(res);
      const result = await oauthClient().legacyReviewPayments({ params: { path: { customer_id: 'cust-1' } } });
      expect(result.apiError).toMatchObject({ kind: 'auth', reason: 'token-redirect', status });
      expect(result.apiError!.message).toContain(`${evil.url}/steal`);
      expect(evil.seen).toEqual([]);
      expect(api.seen.map((s) => s.path)).toEqual(['/auth/oauth/v2/token']);
      expectNoSecret(result.apiError);
    },
  );

  it('a same-origin redirect of the token request is refused too (the form carries the secret)', async () => {
    await setup();
    api.handle = (req, res) =>
      req.url === '/moved' ? tokenOk()(res) : res.writeHead(307, { location: '/moved' }).end();
    const result = await oauthClient().legacyReviewPayments({ params: { path: { customer_id: 'cust-1' } } });
    expect(result.apiError).toMatchObject({ kind: 'auth', reason: 'token-redirect' });
    expect(api.seen).toHaveLength(1);
  });
});

describe('API calls follow same-origin redirects only', () => {
  it.each([307, 308])(
    '%i to another origin with the apikey header: a redirect error naming the Location, nothing sent there',
    async (status) => {
      await setup();
      api.handle = (_req, res) => res.writeHead(status, { location: `${evil.url}${THIRD_PARTY}` }).end();
      evil.handle = (_req, res) => json(res, 200, {});
      const result = await apiKeyClient().getThirdParty({
        params: { path: { customer_id: 'cust-1', client_customer_reference: 'tp-1' } },
      });
      expect(result.apiError).toMatchObject({ kind: 'redirect', status, location: `${evil.url}${THIRD_PARTY}` });
      expect(evil.seen).toEqual([]);
      expect(api.seen[0]!.headers.apikey).toBe(API_KEY);
      expectNoSecret(result.apiError);
    },
  );

  it('307 to another origin with a Bearer token and a body: refused, the body stays home', async () => {
    await setup();
    api.handle = (req, res) =>
      req.url === '/auth/oauth/v2/token'
        ? tokenOk()(res)
        : res.writeHead(307, { location: `${evil.url}/v3/customers/cust-1/payments` }).end();
    const result = await oauthClient().createPayment({
      params: { path: { customer_id: 'cust-1' } },
      body: {
        purpose_of_transaction: 'PROPERTY_PURCHASE',
        amount: { currency: 'GBP', value: 1 },
        recipient_details: [{ recipient_id: 'r1', amount: { currency: 'GBP', value: 1 } }],
      },
    });
    expect(result.apiError).toMatchObject({ kind: 'redirect', status: 307 });
    expect(evil.seen).toEqual([]);
  });

  it('client.raw: a cross-origin 308 throws an error naming the Location, with no credential in it', async () => {
    await setup();
    api.handle = (_req, res) => res.writeHead(308, { location: `${evil.url}/x?apikey=${API_KEY}` }).end();
    const raw = apiKeyClient().raw as unknown as { GET: (path: string, init: unknown) => Promise<unknown> };
    const error = await raw
      .GET('/v1/customers/{customer_id}/payments', { params: { path: { customer_id: 'cust-1' } } })
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    expect(error?.name).toBe('CrossOriginRedirect');
    expect(error?.message).toContain(evil.url);
    expectNoSecret(error?.message);
    expectNoSecret(error?.stack);
    expect(evil.seen).toEqual([]);
  });

  it('a same-origin 307 is followed with the credentials and the body', async () => {
    await setup();
    api.handle = (req, res, body) => {
      if (req.url === '/auth/oauth/v2/token') return tokenOk()(res);
      if (req.url === '/moved') return json(res, 200, { payment_id: 'pay-1', echoed: JSON.parse(body) });
      res.writeHead(307, { location: '/moved' }).end();
    };
    const body = {
      amount: { currency: 'GBP', value: 1 },
      recipient_details: [{ recipient_id: 'r1', amount: { currency: 'GBP', value: 1 } }],
    };
    const result = await oauthClient().legacyMakePayment({ params: { path: { customer_id: 'cust-1' } }, body });
    const moved = api.seen.find((s) => s.path === '/moved')!;
    expect(moved.method).toBe('POST');
    expect(moved.headers.authorization).toBe(`Bearer ${GOOD_TOKEN}`);
    expect(JSON.parse(moved.body)).toEqual(body);
    expect(result.response?.status).toBe(200);
  });
});

describe('credentials go to the base URL origin only', () => {
  type RawGet = { GET: (path: string, init: unknown) => Promise<unknown> };

  it(
    'client.raw with a per-call baseUrl on another origin: ' + 'no fetched token goes there, and the warning says why',
    async () => {
      await setup();
      api.handle = (req, res) => (req.url === '/auth/oauth/v2/token' ? tokenOk()(res) : json(res, 200, []));
      const logs: Array<{ event: string; url?: string }> = [];
      const client = create({
        baseUrl: api.url,
        authUrl: api.url,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        retry: false,
        logger: (e: { event: string }) => logs.push(e),
      });
      // A first call on the base URL gets the token, so one is live when the foreign call goes out.
      await client.legacyReviewPayments({ params: { path: { customer_id: 'cust-1' } } });
      await (client.raw as unknown as RawGet).GET('/v1/customers/{customer_id}/payments', {
        baseUrl: evil.url,
        params: { path: { customer_id: 'cust-1' } },
      });
      expect(evil.seen.map((s) => [s.path, s.headers.authorization])).toEqual([[LEGACY, undefined]]);
      expect(logs.filter((e) => e.event === 'auth-withheld')).toHaveLength(1);
      expect(JSON.stringify(evil.seen)).not.toContain(GOOD_TOKEN);
    },
  );

  it('client.raw with a per-call baseUrl on another origin: the API key stays home', async () => {
    await setup();
    const raw = apiKeyClient().raw as unknown as RawGet;
    await raw.GET('/api/v1/customers/{customer_id}/third-parties/{client_customer_reference}', {
      baseUrl: evil.url,
      params: { path: { customer_id: 'cust-1', client_customer_reference: 'tp-1' } },
    });
    expect(evil.seen.map((s) => s.path)).toEqual([THIRD_PARTY]);
    expect(JSON.stringify(evil.seen)).not.toContain(API_KEY);
    expect(api.seen).toEqual([]);
  });
});

describe('tokens and errors carry no secret', () => {
  it('a token with a newline is refused before use (RFC 6750 token68); nothing is sent with it', async () => {
    await setup();
    api.handle = (req, res) =>
      req.url === '/auth/oauth/v2/token' ? tokenOk('evil-token\r\nX-Injected: 1')(res) : json(res, 200, []);
    const client = oauthClient();
    const result = await client.legacyReviewPayments({ params: { path: { customer_id: 'cust-1' } } });
    expect(result.apiError).toMatchObject({ kind: 'auth', reason: 'token-response-invalid' });
    expect(result.apiError!.message).toMatch(/RFC 6750/);
    expectNoSecret(result.apiError);
    const raw = client.raw as unknown as { GET: (path: string, init: unknown) => Promise<unknown> };
    const error = await raw
      .GET('/v1/customers/{customer_id}/payments', { params: { path: { customer_id: 'cust-1' } } })
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    expect(error?.name).toBe('AuthFailure');
    expectNoSecret(`${error?.message} ${error?.stack}`);
    expect(api.seen.filter((s) => s.path === LEGACY)).toEqual([]);
  });

  it.each([
    ['a space', 'evil-token 0123456789'],
    ['a quote', 'evil-token"0123456789'],
    ['padding in the middle', 'evil-token=0123456789'],
  ])('a token with %s is refused', async (_label, bad) => {
    await setup();
    api.handle = (req, res) => (req.url === '/auth/oauth/v2/token' ? tokenOk(bad)(res) : json(res, 200, []));
    const result = await oauthClient().legacyReviewPayments({ params: { path: { customer_id: 'cust-1' } } });
    expect(result.apiError).toMatchObject({ kind: 'auth', reason: 'token-response-invalid' });
    expect(result.apiError!.message).not.toContain(bad);
  });

  it('a connection reset is a network error without credentials; client.raw throws it scrubbed', async () => {
    await setup();
    api.handle = (req, res) => (req.url === '/auth/oauth/v2/token' ? tokenOk()(res) : req.socket.destroy());
    const client = oauthClient();
    const result = await client.legacyReviewPayments({ params: { path: { customer_id: 'cust-1' } } });
    expect(result.apiError).toMatchObject({ kind: 'network' });
    expectNoSecret(result.apiError);
    const raw = client.raw as unknown as { GET: (path: string, init: unknown) => Promise<unknown> };
    const error = await raw
      .GET('/v1/customers/{customer_id}/payments', { params: { path: { customer_id: 'cust-1' } } })
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    expect(error).toBeInstanceOf(Error);
    expectNoSecret(`${error?.message} ${error?.stack} ${(error?.cause as Error | undefined)?.message}`);
  });

  it('an error answer that echoes the API key or the client secret is scrubbed', async () => {
    await setup();
    api.handle = (req, res) =>
      req.url === '/auth/oauth/v2/token'
        ? json(res, 400, { error: 'invalid_request', error_description: `bad secret ${CLIENT_SECRET}` })
        : json(res, 500, { echo: req.headers.apikey });
    const viaKey = await apiKeyClient().getThirdParty({
      params: { path: { customer_id: 'cust-1', client_customer_reference: 'tp-1' } },
    });
    expect(viaKey.apiError).toMatchObject({ kind: 'http', status: 500 });
    expectNoSecret(viaKey.apiError);
    expectNoSecret(viaKey.error);
    const viaToken = await oauthClient().legacyReviewPayments({ params: { path: { customer_id: 'cust-1' } } });
    expect(viaToken.apiError).toMatchObject({
      kind: 'auth',
      reason: 'token-request-failed',
      status: 400,
      oauthError: 'invalid_request',
    });
    expectNoSecret(viaToken.apiError);
  });
});

afterAll(async () => {
  await api?.close();
  await evil?.close();
});

describe('a stalled token endpoint', () => {
  const TOKEN_PATH = '/auth/oauth/v2/token';
  /** Headers at once, then one space (valid JSON padding) every 50 ms; the token after `tokenAfterMs`, or never. */
  const trickle = (tokenAfterMs?: number) => (req: IncomingMessage, res: ServerResponse) => {
    if (req.url !== TOKEN_PATH) return json(res, 200, []);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.flushHeaders();
    const started = Date.now();
    const timer = setInterval(() => {
      if (tokenAfterMs !== undefined && Date.now() - started >= tokenAfterMs) {
        clearInterval(timer);
        res.end(JSON.stringify({ access_token: GOOD_TOKEN, token_type: 'bearer', expires_in: 3600 }));
      } else res.write(' ');
    }, 50);
    res.on('close', () => clearInterval(timer));
  };
  const review = (client: AnyClient, signal?: AbortSignal) =>
    client.legacyReviewPayments({ params: { path: { customer_id: 'cust-1' } }, ...(signal ? { signal } : {}) });

  it('gives up after tokenTimeoutMs with reason token-timeout, and no API call is sent', async () => {
    await setup();
    api.handle = trickle();
    const client = create({
      baseUrl: api.url,
      authUrl: api.url,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      retry: false,
      tokenTimeoutMs: 400,
    });
    const started = Date.now();
    const result = await review(client);
    expect(result.apiError).toMatchObject({ kind: 'auth', reason: 'token-timeout' });
    expect(result.apiError!.message).toContain('400 ms');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(api.seen.map((s) => s.path)).toEqual([TOKEN_PATH]);
    expectNoSecret(result.apiError);
  });

  it("the caller's AbortSignal ends its wait for the token; the default timeout is not waited for", async () => {
    await setup();
    api.handle = trickle();
    const started = Date.now();
    const result = await review(oauthClient(), AbortSignal.timeout(300));
    expect(result.apiError).toMatchObject({ kind: 'network', cause: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("one caller's abort does not fail the others waiting on the same token request", async () => {
    await setup();
    api.handle = trickle(700);
    const client = oauthClient();
    const controller = new AbortController();
    const first = review(client, controller.signal);
    const second = review(client);
    const started = Date.now();
    setTimeout(() => controller.abort(), 100);
    expect((await first).apiError).toMatchObject({ kind: 'network', cause: 'AbortError' });
    // Before the token arrived (700 ms): the aborted caller stopped waiting.
    expect(Date.now() - started).toBeLessThan(500);
    const other = await second;
    expect(other.apiError).toBeUndefined();
    expect(other.response?.status).toBe(200);
    expect(api.seen.filter((s) => s.path === TOKEN_PATH)).toHaveLength(1);
  });
});

describe('a request that gets no answer names the endpoint, the URL and the cause', () => {
  const review = (client: AnyClient) => client.legacyReviewPayments({ params: { path: { customer_id: 'cust-1' } } });

  it('the token endpoint on a closed port: endpoint token, its URL, ECONNREFUSED', async () => {
    await setup();
    const closed = await closedPortUrl();
    const client = create({
      baseUrl: api.url,
      authUrl: closed,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      retry: false,
    });
    const result = await review(client);
    expect(result.apiError).toMatchObject({ kind: 'network', endpoint: 'token', cause: 'ECONNREFUSED' });
    expect(result.apiError!.message).toContain(`${closed}/auth/oauth/v2/token`);
    expect(result.apiError!.message).toContain('ECONNREFUSED');
    expect(api.seen).toEqual([]);
    expectNoSecret(result.apiError);
  });

  it('the API on a closed port: endpoint api, the URL called, ECONNREFUSED', async () => {
    const closed = await closedPortUrl();
    const result = await review(create({ baseUrl: closed, apiKey: API_KEY, accessToken: GOOD_TOKEN, retry: false }));
    expect(result.apiError).toMatchObject({ kind: 'network', endpoint: 'api', cause: 'ECONNREFUSED' });
    expect((result.apiError as { url?: string }).url).toBe(`${closed}${LEGACY}`);
    expectNoSecret(result.apiError);
  });

  it.runIf(hasOpenssl())('an API with a self-signed certificate: the certificate error code', async () => {
    const tls = await selfSignedServer();
    try {
      const result = await review(create({ baseUrl: tls.url, accessToken: GOOD_TOKEN, retry: false }));
      expect(result.apiError).toMatchObject({ kind: 'network', endpoint: 'api', cause: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
      expect(result.apiError!.message).toContain(tls.url);
    } finally {
      await tls.close();
    }
  });
});
