/**
 * The mock's request log: one line per request (method, path, status, ms, request id, the rule
 * ids of a 4xx), a cause line for every 5xx, text or JSON, and never a secret, a body, a query
 * string or a hosted session id.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { CLIENT_A, call, sandboxOn0, paymentBody, request, token } from './helpers.js';

let mock: RunningSandbox | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

async function logged(format: 'text' | 'json') {
  const lines: string[] = [];
  mock = await sandboxOn0({ log: { format, write: (l) => lines.push(l) } });
  return { m: mock, lines };
}

describe('request log', () => {
  it(
    'text: one line per request with id, method, path, status, ' +
      'ms and the rule ids of a 4xx; no secret, body or query',
    async () => {
      const { m, lines } = await logged('text');
      const tok = await token(m);
      await call(m, tok, 'GET', '/v1/customers/cust-a-1/payments');
      await call(m, tok, 'POST', '/v3/customers/cust-a-1/payments', {
        ...paymentBody('GBP', [['rcp-a-1-gbp', 1]]),
        amount: { currency: 'GBP', value: -5 },
        note: 'body-marker-123',
      });
      await request(`${m.baseUrl}/api/v1/customers/cust-a-1/third-parties/tp-a-1?apikey=query-secret-123`, {
        headers: { apikey: 'sandbox-apikey-a' },
      });
      expect(lines).toHaveLength(4);
      expect(lines[0]).toMatch(/^\S+Z [0-9a-z]+-1 POST \/auth\/oauth\/v2\/token 200 [\d.]+ms$/);
      expect(lines[1]).toMatch(/ GET \/v1\/customers\/cust-a-1\/payments 200 [\d.]+ms$/);
      expect(lines[2]).toMatch(/ POST \/v3\/customers\/cust-a-1\/payments 400 [\d.]+ms rules=\S+/);
      expect(lines[3]).toMatch(/ GET \/api\/v1\/customers\/cust-a-1\/third-parties\/tp-a-1 200 /);
      const ids = lines.map((l) => l.split(' ')[1]);
      expect(new Set(ids).size).toBe(4);
      const all = lines.join('\n');
      for (const secret of [tok, CLIENT_A.secret, 'sandbox-apikey-a', 'query-secret-123', 'body-marker-123'])
        expect(all).not.toContain(secret);
    },
  );

  it('json: one object per line; a token error carries its RFC 6749 code as the rule', async () => {
    const { m, lines } = await logged('json');
    await request(m.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: CLIENT_A.id,
        client_secret: 'wrong-secret-456',
      }).toString(),
    });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/auth/oauth/v2/token',
      status: 401,
      rules: ['oauth.invalid_client'],
      level: 'warn',
    });
    expect(entry.id).toEqual(expect.any(String));
    expect(entry.ms).toEqual(expect.any(Number));
    expect(lines[0]).not.toContain('wrong-secret-456');
  });

  it('a 5xx is logged with its cause', async () => {
    const { m, lines } = await logged('text');
    const tok = await token(m);
    m.store.customersOf = () => {
      throw new RangeError('store exploded');
    };
    const r = await call(m, tok, 'GET', '/_sandbox/fixtures');
    expect(r.status).toBe(500);
    const id = lines[1]!.split(' ')[1];
    expect(lines[1]).toMatch(/ GET \/_sandbox\/fixtures 500 /);
    expect(lines[2]).toContain(`${id} 5xx cause (mock front): RangeError: store exploded`);
  });

  it('hosted session ids (the page credential) are masked', async () => {
    const { m, lines } = await logged('text');
    await request(`${m.baseUrl}/_sandbox/hosted/ses_secretsessionid`);
    expect(lines[0]).toContain('GET /_sandbox/hosted/[session] 404');
    expect(lines.join('\n')).not.toContain('ses_secretsessionid');
  });

  it('startSandbox without the log option logs nothing', async () => {
    mock = await sandboxOn0();
    expect(mock.options.log).toBeUndefined();
  });
});
