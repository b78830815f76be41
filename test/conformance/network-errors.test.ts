// What `cbp conformance` says when the target gives no answer, or refuses the client secret: the
// URL, which endpoint (token or API) and the cause code, never the secret.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.js';
import { closedPortUrl, hasOpenssl, type Running, selfSignedServer, silentServer } from '../helpers/network-faults.js';

const SECRET = 'do-not-print-this-secret';
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function cbp(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['conformance', '--client-id', 'partner', '--client-secret', SECRET, ...args], {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    cwd: process.cwd(),
  });
  return { code, err: err.join('\n'), all: `${out.join('\n')}${err.join('\n')}` };
}

async function tokenEndpoint(status: number, body: unknown): Promise<Running> {
  const server: Server = createServer((_req, res) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const running = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  stops.push(running.close);
  return running;
}

describe('cbp conformance: a target that does not answer', () => {
  it('a closed port: E_TARGET_UNREACHABLE with the token URL and ECONNREFUSED', async () => {
    const closed = await closedPortUrl();
    const r = await cbp('--base-url', closed);
    expect(r.code).toBe(2);
    expect(r.err).toContain('E_TARGET_UNREACHABLE');
    expect(r.err).toContain(`the token endpoint ${closed}/auth/oauth/v2/token`);
    expect(r.err).toContain('ECONNREFUSED');
    expect(r.all).not.toContain(SECRET);
  });

  it('a token endpoint that works and an API on a closed port: the API URL and ECONNREFUSED', async () => {
    const auth = await tokenEndpoint(200, { access_token: 'tok', token_type: 'bearer', expires_in: 600 });
    const closed = await closedPortUrl();
    const r = await cbp('--base-url', closed, '--auth-url', auth.url);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`E_TARGET_UNREACHABLE: the API at ${closed} did not answer: ECONNREFUSED`);
  });

  it.runIf(hasOpenssl())('a self-signed certificate: the certificate error code and what to do', async () => {
    const tls = await selfSignedServer();
    stops.push(tls.close);
    const r = await cbp('--base-url', tls.url);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`the token endpoint ${tls.url}/auth/oauth/v2/token did not answer`);
    expect(r.err).toContain('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(r.err).toContain('NODE_EXTRA_CA_CERTS');
  });

  it('a server that never answers: the deadline and the URL', async () => {
    const silent = await silentServer();
    stops.push(silent.close);
    const r = await cbp('--base-url', silent.url, '--timeout', '300');
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      `the token endpoint ${silent.url}/auth/oauth/v2/token did not answer: no answer within 300 ms`,
    );
  });
});

describe('cbp conformance: the token endpoint refuses the client', () => {
  it.each([
    [401, { error: 'invalid_client' }],
    [400, { error: 'invalid_client' }],
  ])('HTTP %i: E_TARGET_AUTH (exit 2), not "unreachable", and the secret is not printed', async (status, body) => {
    const auth = await tokenEndpoint(status, body);
    const r = await cbp('--base-url', auth.url);
    expect(r.code).toBe(2);
    expect(r.err).toContain('E_TARGET_AUTH');
    expect(r.err).not.toContain('E_TARGET_UNREACHABLE');
    expect(r.err).toContain(`${auth.url}/auth/oauth/v2/token refused the credentials of the primary client`);
    expect(r.err).toContain('CBP_CLIENT_SECRET');
    expect(r.all).not.toContain(SECRET);
  });

  it('a 404 from the token endpoint stays a reachability problem, pointing at --auth-url', async () => {
    const auth = await tokenEndpoint(404, {});
    const r = await cbp('--base-url', auth.url);
    expect(r.err).toContain('E_TARGET_UNREACHABLE');
    expect(r.err).toContain('answered HTTP 404');
    expect(r.err).toContain('--auth-url');
  });
});
