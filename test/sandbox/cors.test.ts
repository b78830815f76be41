// A browser app calls the mock from its dev server: the preflight is answered and the real answer
// carries Access-Control-Allow-Origin, for loopback origins by default and for `--cors` origins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxOptionsFromArgv } from '../../cli/commands/mock.js';
import { startSandbox } from '../../sandbox/index.js';

let mock: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  const options = sandboxOptionsFromArgv({ port: 0, cors: ['https://app.example.com'] });
  mock = await startSandbox({ ...options, mode: 'instant' });
});
afterAll(() => mock?.close());

const preflight = (origin: string) =>
  fetch(`${mock.baseUrl}/v1/customers/cust-a-1/payments`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    },
  });

describe('cbp mock --cors', () => {
  it.each(['http://localhost:5173', 'http://127.0.0.1:3000', 'https://app.example.com'])(
    'a preflight from %s is answered 204 with the method and headers asked for',
    async (origin) => {
      const res = await preflight(origin);
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-allow-methods')).toContain('POST');
      expect(res.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    },
  );

  it('an origin neither loopback nor given gets no CORS headers', async () => {
    const res = await preflight('https://evil.example.net');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const real = await fetch(`${mock.baseUrl}/v1/customers/cust-a-1/payments`, {
      headers: { origin: 'https://evil.example.net' },
    });
    expect(real.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('the real request (a token, then an API call) carries Access-Control-Allow-Origin', async () => {
    const origin = 'http://localhost:5173';
    const token = await fetch(`${mock.authUrl}/auth/oauth/v2/token`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=sandbox-client-a&client_secret=sandbox-secret-a',
    });
    expect(token.headers.get('access-control-allow-origin')).toBe(origin);
    const { access_token } = (await token.json()) as { access_token: string };
    const res = await fetch(`${mock.baseUrl}/v1/customers/cust-a-1/payments`, {
      headers: { origin, authorization: `Bearer ${access_token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('vary')).toContain('Origin');
    expect(res.headers.get('access-control-expose-headers')).toContain('Location');
  });

  it('a --cors value that is not an origin is a usage error', () => {
    expect(() => sandboxOptionsFromArgv({ cors: ['app.example.com/path'] })).toThrow(/not an origin/);
  });
});
