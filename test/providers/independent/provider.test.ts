/**
 * The independent provider itself: that it is independent (imports nothing of this repository),
 * and the behaviours the conformance suite relies on it to get right (decimal sums, tenant
 * isolation, signed deliveries under both header schemes, the simulation endpoints).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, test } from 'vitest';
import { type RunningProvider, startIndependentProvider } from './provider.js';
import type { ProviderOptions } from './options.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The provider and its driver; the test helpers (harness, tests) may use the toolkit, the provider may not. */
const PROVIDER_FILES = [
  'provider.ts',
  'options.ts',
  'webhooks.ts',
  'decimal.ts',
  'exact-json.ts',
  'fixtures.ts',
  'private-ca.ts',
  'driver.mjs',
];

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

async function start(options: ProviderOptions = {}): Promise<
  RunningProvider & {
    token: string;
    call: (method: string, p: string, body?: unknown) => Promise<{ status: number; body: any; text: string }>;
  }
> {
  const p = await startIndependentProvider(options);
  open.push(p);
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: p.clients.primary.clientId,
    client_secret: p.clients.primary.clientSecret,
  });
  const token = (
    (await (await fetch(`${p.authUrl}/auth/oauth/v2/token`, { method: 'POST', body: form })).json()) as {
      access_token: string;
    }
  ).access_token;
  const call = async (method: string, p2: string, body?: unknown) => {
    const res = await fetch(`${p.baseUrl}${p2}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
      text,
    };
  };
  return { ...p, token, call };
}

const payment = (values: { total: string; parts: string[] }) =>
  `{"purpose_of_transaction":"PROPERTY_PURCHASE","amount":{"currency":"GBP","value":${values.total}},` +
  `"recipient_details":[${values.parts
    .map((v, i) => `{"recipient_id":"BEN-10${i}","amount":{"currency":"GBP","value":${v}}}`)
    .join(',')}]}`;

describe('independence', () => {
  test.each(PROVIDER_FILES)('%s imports only node: built-ins and its own folder', (file) => {
    // Comments may name the toolkit's types (a JSDoc type import is not a run-time import).
    const source = readFileSync(path.join(HERE, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const specifiers = [...source.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
    expect(specifiers.filter((s) => !s.startsWith('node:') && !/^\.\/[\w-]+\.js$/.test(s))).toEqual([]);
  });

  test('the folder holds no file outside the known list but tests, the harness, the config and the README', () => {
    const others = readdirSync(HERE).filter(
      (f) =>
        !PROVIDER_FILES.includes(f) &&
        !/\.test\.ts$/.test(f) &&
        !['harness.ts', 'conformance.yaml', 'README.md'].includes(f),
    );
    expect(others).toEqual([]);
  });
});

describe('payments', () => {
  test('recipient amounts are summed in decimal: 0.1 + 0.2 is 0.3, not 0.30000000000000004', async () => {
    const p = await start();
    expect(
      (await p.call('POST', '/v3/customers/CUS-7001/payments', payment({ total: '0.3', parts: ['0.1', '0.2'] })))
        .status,
    ).toBe(201);
    expect(
      (
        await p.call(
          'POST',
          '/v3/customers/CUS-7001/payments',
          payment({ total: '0.30000000000000004', parts: ['0.1', '0.2'] }),
        )
      ).body.error.code,
    ).toBe('AMOUNT_MISMATCH');
  });

  test('a value no double holds is summed and echoed as sent', async () => {
    const p = await start();
    const res = await p.call(
      'POST',
      '/v3/customers/CUS-7001/payments',
      payment({ total: '12345678901234567.89', parts: ['12345678901234567.00', '0.89'] }),
    );
    expect(res.status).toBe(201);
    expect(res.text).toContain('"value":12345678901234567.89');
    expect(res.text).toContain('"value":12345678901234567.00');
  });

  test("another client's customer answers like one that does not exist", async () => {
    const p = await start();
    const mine = await p.call('GET', '/v1/customers/CUS-8001/payments');
    const none = await p.call('GET', '/v1/customers/CUS-0000/payments');
    expect([mine.status, none.status]).toEqual([404, 404]);
    expect(mine.body.error.code).toBe(none.body.error.code);
  });

  test('malformed JSON, leading zeros included, is a 400, never a 5xx', async () => {
    const p = await start();
    expect((await p.call('POST', '/v3/customers/CUS-7001/payments', '{"amount":')).status).toBe(400);
    expect(
      (await p.call('POST', '/v3/customers/CUS-7001/payments', payment({ total: '010', parts: ['010'] }))).status,
    ).toBe(400);
  });

  test('a single-use quote pays for one payment only', async () => {
    const p = await start({ singleUseQuotes: true });
    const body = {
      purpose_of_transaction: 'PROPERTY_PURCHASE',
      amount: { currency: 'EUR', value: 5 },
      recipient_details: [{ recipient_id: 'BEN-103', amount: { currency: 'EUR', value: 5 } }],
      quote_id: 'QT-GBPEUR-LONG',
    };
    expect((await p.call('POST', '/v3/customers/CUS-7001/payments', body)).status).toBe(201);
    expect((await p.call('POST', '/v3/customers/CUS-7001/payments', body)).body.error.code).toBe('QUOTE_ALREADY_USED');
  });

  test('a failed name check is refused until confirm_recipient accepts it', async () => {
    const p = await start({ nameCheckStatus: 422 });
    const rec = await p.call('POST', '/simulate/customers/CUS-7001/recipients', {
      currency: 'GBP',
      name_check: 'NO_MATCH',
    });
    const body = {
      purpose_of_transaction: 'BILL_PAYMENTS',
      amount: { currency: 'GBP', value: 5 },
      recipient_details: [{ recipient_id: rec.body.recipient_id, amount: { currency: 'GBP', value: 5 } }],
    };
    expect((await p.call('POST', '/v3/customers/CUS-7001/payments', body)).status).toBe(422);
    expect((await p.call('POST', '/v3/customers/CUS-7001/payments', body)).status).toBe(422);
    expect(
      (
        await p.call('POST', '/v3/customers/CUS-7001/payments', {
          ...body,
          confirm_recipient: { action: 'PROCEED_ANYWAY' },
        })
      ).status,
    ).toBe(201);
  });
});

describe('webhooks', () => {
  async function receiver(): Promise<{
    url: string;
    got: Array<{ headers: Record<string, string>; body: string }>;
    close(): Promise<void>;
  }> {
    const got: Array<{ headers: Record<string, string>; body: string }> = [];
    const server: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        got.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const r = {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
      got,
      close: () => new Promise<void>((done) => server.close(() => done())),
    };
    open.push(r);
    return r;
  }
  const until = async (f: () => boolean) => {
    for (let i = 0; i < 100 && !f(); i++) await new Promise((r) => setTimeout(r, 20));
  };

  test.each([['standard-webhooks' as const], ['svix' as const]])(
    '%s: every delivery verifies with the subscription secret',
    async (signature) => {
      const hook = await receiver();
      const p = await start({ signature });
      const sub = await p.call('POST', '/v1/webhooks', { url: hook.url });
      const created = await p.call('POST', '/v3/customers/CUS-7001/payments', payment({ total: '10', parts: ['10'] }));
      await p.call('POST', `/simulate/payments/${created.body.payment_id}/fund`, {});
      await until(() => hook.got.length >= 6);
      const prefix = signature === 'svix' ? 'svix' : 'webhook';
      const statuses = hook.got.map(({ headers, body }) => {
        const std = {
          'webhook-id': headers[`${prefix}-id`],
          'webhook-timestamp': headers[`${prefix}-timestamp`],
          'webhook-signature': headers[`${prefix}-signature`],
        };
        return (new Webhook(sub.body.secret.replace(/^whsec_/, '')).verify(body, std) as { status: string }).status;
      });
      expect(statuses).toEqual([
        'AWAITING_FUNDS',
        'RECEIVED_FUNDS',
        'FX_COMPLETED',
        'PAYOUT_INITIATED',
        'PAYOUT_CREDITED',
        'PAYMENT_COMPLETED',
      ]);
    },
  );

  test(
    'a funded wallet starts PROCESSING and completes ' + 'without funds arriving; the cancellation is then refused',
    async () => {
      const hook = await receiver();
      const p = await start({ fundedCustomers: ['CUS-7001'], secondPrecisionTimestamps: true });
      await p.call('POST', '/v1/webhooks', { url: hook.url });
      const created = await p.call('POST', '/v3/customers/CUS-7001/payments', payment({ total: '10', parts: ['10'] }));
      expect(created.body.status).toBe('PROCESSING');
      await until(() => hook.got.length >= 5);
      const events = hook.got.map((g) => JSON.parse(g.body) as { status: string; event_timestamp: string });
      expect(events.map((e) => e.status)).toEqual([
        'PROCESSING',
        'FX_COMPLETED',
        'PAYOUT_INITIATED',
        'PAYOUT_CREDITED',
        'PAYMENT_COMPLETED',
      ]);
      expect(events[0].event_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
      expect((await p.call('POST', `/simulate/payments/${created.body.payment_id}/cancel`, {})).status).toBe(409);
    },
  );
});

/** Each behaviour the slow test switches on is really on (a no-op option would make its profile prove nothing). */
describe('each option changes what it says', () => {
  const pay = (p: Awaited<ReturnType<typeof start>>) =>
    p.call('POST', '/v3/customers/CUS-7001/payments', payment({ total: '10', parts: ['10'] }));
  const tokenAnswer = async (p: RunningProvider, secret: string) =>
    fetch(`${p.authUrl}/auth/oauth/v2/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: p.clients.primary.clientId,
        client_secret: secret,
      }),
    });

  test('createdStatus, explicitNulls, extraFields', async () => {
    const p = await start({ createdStatus: 202, explicitNulls: true, extraFields: true });
    const res = await pay(p);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      quote_id: null,
      session_id: null,
      client_customer_ref: null,
      fees: { currency: 'GBP', value: 0 },
    });
  });

  test('duplicateStatus for a third-party reference; sessions stay 400', async () => {
    const p = await start({ duplicateStatus: 409 });
    const body = JSON.parse(payment({ total: '10', parts: ['10'] }));
    Object.assign(body, {
      is_third_party_payment: true,
      client_customer_ref: 'BUYER-0001',
      client_reference_id: 'dup-1',
    });
    expect((await p.call('POST', '/v3/customers/CUS-7001/payments', body)).status).toBe(201);
    expect((await p.call('POST', '/v3/customers/CUS-7001/payments', body)).status).toBe(409);
    const session = {
      client_reference_id: 'ses-dup',
      amount: { currency: 'GBP', value: 5 },
      recipient_details: [{ recipient_id: 'BEN-100', amount: { currency: 'GBP', value: 5 } }],
    };
    expect((await p.call('POST', '/v1/customers/CUS-7001/sessions', session)).status).toBe(201);
    expect((await p.call('POST', '/v1/customers/CUS-7001/sessions', session)).status).toBe(400);
  });

  test('confirmNeedsCheckId: only the failed check id confirms', async () => {
    const p = await start({ confirmNeedsCheckId: true });
    const rec = await p.call('POST', '/simulate/customers/CUS-7001/recipients', {
      currency: 'GBP',
      name_check: 'NO_MATCH',
    });
    const body = {
      purpose_of_transaction: 'BILL_PAYMENTS',
      amount: { currency: 'GBP', value: 5 },
      recipient_details: [{ recipient_id: rec.body.recipient_id, amount: { currency: 'GBP', value: 5 } }],
    };
    const failed = await p.call('POST', '/v3/customers/CUS-7001/payments', body);
    expect(
      (
        await p.call('POST', '/v3/customers/CUS-7001/payments', {
          ...body,
          confirm_recipient: { action: 'PROCEED_ANYWAY' },
        })
      ).status,
    ).toBe(400);
    const again = await p.call('POST', '/v3/customers/CUS-7001/payments', body);
    expect(again.body.error.details.check_id).not.toBe(failed.body.error.details.check_id);
    const ok = await p.call('POST', '/v3/customers/CUS-7001/payments', {
      ...body,
      confirm_recipient: { action: 'PROCEED_ANYWAY', check_id: again.body.error.details.check_id },
    });
    expect(ok.status).toBe(201);
  });

  test('token options: lifetime, token_type, 400 invalid_client; an expired token is refused', async () => {
    const p = await start({ tokenTtlSeconds: 1, capitalizedTokenType: true, badCredentialsStatus: 400 });
    const good = (await (await tokenAnswer(p, p.clients.primary.clientSecret)).json()) as {
      token_type: string;
      expires_in: number;
    };
    expect([good.token_type, good.expires_in]).toEqual(['Bearer', 1]);
    expect((await tokenAnswer(p, 'wrong')).status).toBe(400);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await pay(p)).status).toBe(401);
  });

  test('crossTenantStatus, problemDetails', async () => {
    const p = await start({ crossTenantStatus: 403, problemDetails: true });
    const res = await fetch(`${p.baseUrl}/v1/customers/CUS-8001/payments`, {
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  test('sessionUrlWithQuery: the page opens only with its token', async () => {
    const p = await start({ sessionUrlWithQuery: true });
    const session = {
      client_reference_id: 'ses-url',
      amount: { currency: 'GBP', value: 5 },
      recipient_details: [{ recipient_id: 'BEN-100', amount: { currency: 'GBP', value: 5 } }],
    };
    const url = (await p.call('POST', '/v1/customers/CUS-7001/sessions', session)).body.payment_page_url as string;
    expect(url).toMatch(/\/hosted\/pay\/ses_[0-9a-f]+\?t=[\w-]+$/);
    expect((await fetch(url)).status).toBe(200);
    expect((await fetch(url.replace(/\?t=.*/, ''))).status).toBe(404);
  });

  test('rateLimitPerSecond: 429 with Retry-After past the burst', async () => {
    const p = await start({ rateLimitPerSecond: 5 });
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () => p.call('GET', '/v1/customers/CUS-7001/payments').then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });

  test(
    'event shapes: per-payment ids, nested data, epoch ' + 'milliseconds, duplicates, no FX without conversion',
    async () => {
      const got: unknown[] = [];
      const server: Server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          got.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          res.end();
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      open.push({ close: () => new Promise<void>((done) => server.close(() => done())) });
      const p = await start({
        perPaymentEventIds: true,
        nestedEventData: true,
        epochMillisTimestamps: true,
        duplicateDeliveries: true,
        fxOnlyForConversions: true,
      });
      await p.call('POST', '/v1/webhooks', { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` });
      const created = await pay(p);
      await p.call('POST', `/simulate/payments/${created.body.payment_id}/fund`, {});
      for (let i = 0; i < 100 && got.length < 10; i++) await new Promise((r) => setTimeout(r, 20));
      const events = got as Array<{ event_id: string; event_timestamp: unknown; data: { status: string } }>;
      expect(events.map((e) => `${e.event_id}:${e.data.status}`)).toEqual(
        [
          'evt_1:AWAITING_FUNDS',
          'evt_2:RECEIVED_FUNDS',
          'evt_3:PAYOUT_INITIATED',
          'evt_4:PAYOUT_CREDITED',
          'evt_5:PAYMENT_COMPLETED',
        ].flatMap((e) => [e, e]),
      );
      expect(typeof events[0].event_timestamp).toBe('number');
    },
  );
});
