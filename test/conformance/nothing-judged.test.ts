// A run that judged nothing is not green: the bundled CLI (bin/cbp.js, as partners run it) against
// the embedded sandbox under a wrong base path (right host, wrong path), no config.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nothingJudged } from '../../conformance/suites/verdicts/substance.js';
import { SANDBOX_CLIENTS, startSandbox } from '../../sandbox/index.js';

const built = existsSync('dist/cli-bundle/main.js');

function cbp(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bin/cbp.js', ...args], {
      env: { ...process.env, CI: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => void (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => void (err += c.toString()));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

describe.runIf(built)('cbp conformance against a wrong base path (bundled CLI)', () => {
  let mock: Awaited<ReturnType<typeof startSandbox>>;
  const [a] = SANDBOX_CLIENTS;
  const env = () => ({ CBP_CLIENT_ID: a!.clientId, CBP_CLIENT_SECRET: a!.clientSecret });
  beforeAll(async () => {
    mock = await startSandbox({ port: 0, host: '127.0.0.1', mode: 'instant' });
  });
  afterAll(() => mock?.close());

  it('exits 3 with E_NOTHING_JUDGED, quoting the base URL and the paths that answered 404', {
    timeout: 60_000,
  }, async () => {
    const wrong = `${mock.baseUrl}/wrong`;
    const r = await cbp(['conformance', '--base-url', wrong, '--auth-url', mock.authUrl], env());
    expect(r.code).toBe(3);
    expect(r.err).toContain('E_NOTHING_JUDGED');
    expect(r.err).toContain(wrong);
    expect(r.err).toMatch(/GET \/wrong\/v1\/customers\/[^ ]+ /);
    expect(r.err).toContain('wrong base path');
    expect(r.err).toContain('--allow-partial');
    expect(r.err).not.toContain(a!.clientSecret);
    // The report still printed, with no failure: what is missing is substance, not a verdict.
    expect(r.out).toContain('0 failed');
    expect(r.out).toContain('rules exercised 0/');
  });

  it('--allow-partial accepts it: exit 0', { timeout: 60_000 }, async () => {
    const r = await cbp(
      ['conformance', '--base-url', `${mock.baseUrl}/wrong`, '--auth-url', mock.authUrl, '--allow-partial'],
      env(),
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
  });
});

describe('nothingJudged (from coverage)', () => {
  const rules = (covered: string[]) => ({ id: 'rules', title: 'rules exercised', covered, total: ['a', 'b'] });
  const api = new Set(['getPayment']);
  const x = (status: number, operationId = 'getPayment') => ({
    operationId,
    path: '/v1/p',
    request: { method: 'GET' },
    response: { status },
  });

  it('a rule exercised and an operation answered: judged', () => {
    const input = {
      baseUrl: 'http://h',
      coverage: [rules(['a'])],
      exchanges: [x(200)],
      apiOperations: api,
      narrowed: false,
    };
    expect(nothingJudged(input)).toBeUndefined();
  });

  it('no rule exercised: not judged, the hint points at fixtures when the paths exist', () => {
    const r = nothingJudged({
      baseUrl: 'http://h',
      coverage: [rules([])],
      exchanges: [x(401)],
      apiOperations: api,
      narrowed: false,
    });
    expect(r?.message).toContain('no rule was exercised');
    expect(r?.hint).toContain('--config');
  });

  it('a narrowed run (--only, filters) is judged on the answers alone', () => {
    const base = { baseUrl: 'http://h', coverage: [rules([])], apiOperations: api, narrowed: true };
    expect(nothingJudged({ ...base, exchanges: [x(401)] })).toBeUndefined();
    expect(nothingJudged({ ...base, exchanges: [x(404), x(405)] })?.hint).toContain('wrong base path');
  });

  it('the token endpoint answering 200 does not hide that every API path answered 404', () => {
    const r = nothingJudged({
      baseUrl: 'http://h/x',
      coverage: [rules(['a'])],
      exchanges: [x(200, 'requestAccessToken'), x(404)],
      apiOperations: api,
      narrowed: false,
    });
    expect(r?.notFound).toEqual(['GET /v1/p']);
  });
});
