/**
 * What a real sandbox needs from the runner: confirm_recipient built from the refused answer (a
 * config template or the driver's confirmRecipient()), an expired token from the driver, the
 * driver told where the run goes, session bodies from the config, Svix-style signature headers,
 * and flows that observe the conversion and third-party rows. Each against the mock behind the
 * fault-injecting proxy, on 127.0.0.1.
 */
import { describe, expect, test } from 'vitest';
import { conformanceConfigFromArgv } from '../../conformance/suites/api/config.js';
import type { Driver, DriverChoice } from '../../conformance/suites/api/driver.js';
import { fillFromAnswer } from '../../conformance/suites/api/live/payloads.js';
import { runConformance } from '../../conformance/suites/api/run-conformance.js';
import { probeSandboxDriver } from '../../conformance/suites/api/drivers/sandbox.js';
import { liveTarget } from '../../conformance/suites/api/target.js';
import { deliveryVerifier, svixScheme } from '../../conformance/suites/api/webhook-schemes.js';
import { generateWebhookSecret, standardWebhooks } from '../../generated/webhooks.js';
import type { ProxiedRequest, ProxyHooks } from '../variants/proxy.js';
import { startVariant } from '../variants/start-variant.js';

const ENV = { CBP_CLIENT_ID: 'sandbox-client-a', CBP_CLIENT_SECRET: 'sandbox-secret-a' };
const PAYMENTS = /^\/v3\/customers\/[^/]+\/payments$/;

/** Runs `only` against the mock behind `hooks`, with a config file and optionally a driver wrapping the sandbox's. */
async function run(
  hooks: ProxyHooks,
  only: string[],
  file: Record<string, unknown> = {},
  wrap?: (d: Driver) => Driver,
) {
  const running = await startVariant({ hooks: () => hooks });
  try {
    const value = { ...file, webhooks: { wait_seconds: 3, grace_seconds: 0.25, ...(file.webhooks as object) } };
    const config = conformanceConfigFromArgv({ baseUrl: running.baseUrl, only }, ENV, {
      name: 'conformance.yaml',
      value,
    });
    const driver: DriverChoice = async (session) => {
      const d = await probeSandboxDriver(session);
      return d && wrap ? wrap(d) : d;
    };
    return {
      summary: await runConformance(config, { target: { ...liveTarget(config), driver } }),
      baseUrl: running.baseUrl,
    };
  } finally {
    await running.close();
  }
}

/** A provider whose failed name check answers a request id that confirm_recipient must echo. */
function echoedCheckId(seen: unknown[]): ProxyHooks {
  return {
    request(r: ProxiedRequest) {
      const confirm = (r.body as { confirm_recipient?: { request_id?: unknown } } | undefined)?.confirm_recipient;
      if (r.method !== 'POST' || !PAYMENTS.test(r.path) || confirm === undefined) return r;
      seen.push(confirm);
      if (confirm.request_id === 'cop-42') return r;
      return {
        status: 400,
        headers: {},
        body: {
          errors: [
            {
              rule: 'provider.confirm',
              pointer: '/confirm_recipient',
              message: 'unknown request_id',
              source: 'provider',
            },
          ],
        },
      };
    },
    response(r, res) {
      const refusal = /payment\.confirm-recipient-after-failure|name check/.test(JSON.stringify(res.body ?? ''));
      return r.method === 'POST' && PAYMENTS.test(r.path) && refusal
        ? { ...res, body: { ...(res.body as object), request_id: 'cop-42' } }
        : res;
    },
  };
}

describe('confirm_recipient built from the refused answer', () => {
  test('fillFromAnswer: a whole placeholder keeps the value, an embedded one is text, a missing path is named', () => {
    const failed = {
      status: 409,
      headers: { 'x-request-id': 'abc' },
      body: { request_id: 'cop-1', checks: [{ id: 7 }] },
    };
    expect(
      fillFromAnswer(
        {
          id: '{{failed.body.request_id}}',
          n: '{{failed.body.checks.0.id}}',
          note: 'req {{failed.headers.x-request-id}} ({{failed.status}})',
        },
        failed,
      ),
    ).toEqual({
      value: { id: 'cop-1', n: 7, note: 'req abc (409)' },
      missing: [],
    });
    expect(fillFromAnswer({ id: '{{failed.body.event_id}}' }, failed).missing).toEqual(['failed.body.event_id']);
  });

  test(
    'payloads.confirm_recipient reads the request id ' + 'of the refusal; a provider that needs it is passed',
    async () => {
      const seen: unknown[] = [];
      const file = {
        payloads: {
          confirm_recipient: { body: { request_id: '{{failed.body.request_id}}', accept_suggestion: true } },
        },
      };
      const { summary } = await run(echoedCheckId(seen), ['recipient-check'], file);
      expect(summary.outcomes[0]).toMatchObject({ checkId: 'recipient-check', status: 'passed', cases: 3 });
      expect(seen).toEqual([{ request_id: 'cop-42', accept_suggestion: true }]);
    },
  );

  test('a template naming a field the refusal lacks skips the case, saying which', async () => {
    const file = { payloads: { confirm_recipient: { body: { event_id: '{{failed.body.event_id}}' } } } };
    const { summary } = await run({}, ['recipient-check'], file);
    const o = summary.outcomes[0];
    expect(o.status).toBe('partial');
    expect(o.records?.find((r) => r.verdict === 'skipped')?.reason).toMatch(
      /reads failed\.body\.event_id, which the refused answer \(HTTP 400\) does not hold/,
    );
  });
});

describe('driver hooks', () => {
  test(
    'connect() gets the target URLs first; confirmRecipient() gets ' +
      'the refusal; expiredToken() is the token the expired case sends',
    async () => {
      const calls: string[] = [];
      const seen: unknown[] = [];
      let target: { baseUrl: string; authUrl: string } | undefined;
      let failedBody: unknown;
      const echo = echoedCheckId(seen);
      const bearers = new Set<string>();
      const hooks: ProxyHooks = {
        ...echo,
        request(r) {
          bearers.add(r.headers.authorization ?? '');
          return echo.request!(r);
        },
      };
      const { summary, baseUrl } = await run(hooks, ['recipient-check', 'auth'], {}, (d) => ({
        ...d,
        async connect(t) {
          calls.push('connect');
          target = t;
        },
        async confirmRecipient({ failed }) {
          failedBody = failed.body;
          return { request_id: (failed.body as { request_id: string }).request_id };
        },
        async expiredToken() {
          calls.push('expiredToken');
          return 'driver-expired-token';
        },
      }));
      expect(calls[0]).toBe('connect');
      expect(target).toEqual(expect.objectContaining({ baseUrl, authUrl: baseUrl }));
      expect(failedBody).toMatchObject({ request_id: 'cop-42' });
      expect(seen).toEqual([{ request_id: 'cop-42' }]);
      expect(calls).toContain('expiredToken');
      expect(bearers).toContain('Bearer driver-expired-token');
      expect(summary.outcomes.find((o) => o.checkId === 'recipient-check')?.status).toBe('passed');
      // auth is partial only for the cross-tenant case (no second client here); the expired-token case ran.
      const auth = summary.outcomes.find((o) => o.checkId === 'auth')!;
      expect(auth.failures).toEqual([]);
      expect((auth.records ?? []).filter((r) => r.verdict === 'skipped').map((r) => r.subject)).toEqual([
        "another client cannot reach this client's customers",
      ]);
    },
  );

  test(
    "a driver's expiredToken() that throws is a driver " + 'error naming the driver, not a verdict on the target',
    async () => {
      const { summary } = await run({}, ['auth'], {}, (d) => ({
        ...d,
        name: 'partner driver',
        expiredToken: async () => {
          throw new Error('dashboard unreachable');
        },
      }));
      const errors = summary.outcomes[0].failures.map((f) => f.message);
      expect(errors).toEqual(["the partner driver driver's expiredToken() failed: dashboard unreachable"]);
    },
  );
});

describe('quotes per run', () => {
  /** A provider whose quotes are single-use: a second payment on a quote is refused. */
  const singleUse = (): ProxyHooks => {
    const used = new Set<string>();
    return {
      request(r) {
        const q = (r.body as { quote_id?: unknown } | undefined)?.quote_id;
        if (r.method !== 'POST' || !PAYMENTS.test(r.path) || typeof q !== 'string' || !used.has(q)) return r;
        return {
          status: 400,
          headers: {},
          body: {
            errors: [
              { rule: 'provider.quote-used', pointer: '/quote_id', message: 'quote already used', source: 'provider' },
            ],
          },
        };
      },
      response(r, res) {
        const q = (r.body as { quote_id?: unknown } | undefined)?.quote_id;
        if (r.method === 'POST' && PAYMENTS.test(r.path) && typeof q === 'string' && res.status < 300) used.add(q);
        return res;
      },
    };
  };

  test(
    "single-use quotes: the driver's createQuote() gives " + 'every conversion case its own, so none is unattributable',
    async () => {
      const { summary } = await run(singleUse(), ['positive', 'negative']);
      const negative = summary.outcomes.find((o) => o.checkId === 'negative')!;
      expect(negative.status).toBe('passed');
      expect(negative.note).toBeUndefined();
      expect(negative.records?.filter((r) => r.name?.startsWith('conversion base:')).length).toBeGreaterThan(10);
    },
  );

  test('without createQuote the one configured quote is used up, and the warning says what would help', async () => {
    const { summary } = await run(singleUse(), ['positive', 'negative'], {}, (d) => ({
      ...d,
      kind: 'module',
      createQuote: undefined,
    }));
    const negative = summary.outcomes.find((o) => o.checkId === 'negative')!;
    expect(negative.note).toMatch(
      /createPayment\/conversion \(\d+ cases; base answered HTTP 400; if the quote expired or was used, give the driver createQuote\(\)/,
    );
  });
});

describe('payloads.createSession', () => {
  test('is laid over the runner session body: a key added, a key removed (null), {{unique}} filled', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    const hooks: ProxyHooks = {
      request(r) {
        if (r.method === 'POST' && /\/sessions$/.test(r.path)) bodies.push(r.body as Record<string, unknown>);
        return r;
      },
    };
    const file = {
      payloads: {
        createSession: { body: { callback_url: 'https://partner.example/cb/{{unique}}', allowed_origins: null } },
      },
    };
    const { summary } = await run(hooks, ['positive'], file);
    expect(summary.outcomes[0].status).toBe('passed');
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies[0].callback_url).toMatch(/^https:\/\/partner\.example\/cb\/cfg-/);
    expect(bodies[0]).not.toHaveProperty('allowed_origins');
    expect(bodies[0].client_reference_id).toEqual(expect.any(String));
  });
});

describe('webhook signature schemes', () => {
  const secret = generateWebhookSecret();
  const body = Buffer.from('{"event_id":"e1","status":"AWAITING_FUNDS"}');
  const lower = (h: Record<string, string>) =>
    Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));

  test(
    'svix-id/svix-timestamp/svix-signature verify by default and when ' +
      'pinned; pinned Standard Webhooks says the headers are missing',
    () => {
      const headers = lower(svixScheme.sign(body, { id: 'msg_1', timestamp: Math.floor(Date.now() / 1000), secret }));
      expect(Object.keys(headers).sort()).toEqual(['svix-id', 'svix-signature', 'svix-timestamp']);
      expect(deliveryVerifier()(body, headers, [secret])).toMatchObject({ ok: true, payload: { event_id: 'e1' } });
      expect(deliveryVerifier('svix')(body, headers, [secret]).ok).toBe(true);
      expect(deliveryVerifier('standard-webhooks')(body, headers, [secret])).toEqual({
        ok: false,
        reason: 'missing-headers (standard-webhooks)',
      });
      const std = lower(standardWebhooks.sign(body, { id: 'msg_1', timestamp: Math.floor(Date.now() / 1000), secret }));
      expect(deliveryVerifier()(body, std, [secret]).ok).toBe(true);
      expect(deliveryVerifier('svix')(Buffer.from('{"tampered":true}'), headers, [secret])).toEqual({
        ok: false,
        reason: 'bad-signature (svix)',
      });
    },
  );

  test('webhooks.scheme is checked by the config schema', () => {
    expect(() =>
      conformanceConfigFromArgv({ baseUrl: 'http://127.0.0.1:1' }, ENV, {
        name: 'c.yaml',
        value: { webhooks: { scheme: 'github' } },
      }),
    ).toThrow(/invalid conformance config/);
  });
});

describe('lifecycle flows', () => {
  test('a conversion flow and a third-party flow run beside the same-currency ones', async () => {
    const { summary } = await run({}, ['lifecycle']);
    const o = summary.outcomes[0];
    expect(o.status).toBe('passed');
    const names = (o.records ?? []).map((r) => r.name ?? r.subject);
    expect(names).toEqual(
      expect.arrayContaining([
        'api payment with a conversion, 1 recipient: webhooks judged against the state table',
        'third-party payment, 1 recipient: webhooks judged against the state table',
      ]),
    );
  });
});
