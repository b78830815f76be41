import { describe, expect, test } from 'vitest';
import { conformanceConfigFromArgv } from '../../conformance/suites/api/config.js';
import { selectChecks } from '../../conformance/engine/select.js';
import { checks } from '../../conformance/suites/api/checks/index.js';
import { CbpError } from '../../lib/errors.js';
import { fileReporters, reportKinds } from '../../conformance/reporters/index.js';
import { startSandboxTarget } from '../../cli/sandbox-target.js';

const LIVE_ENV = { CBP_CLIENT_ID: 'partner-id', CBP_CLIENT_SECRET: 'partner-secret-value' };

function thrown(f: () => unknown): CbpError {
  try {
    f();
  } catch (err) {
    if (err instanceof CbpError) return err;
    throw err;
  }
  throw new Error('expected a CbpError');
}

describe('conformanceConfigFromArgv', () => {
  test('no arguments: the embedded sandbox (whose own clients come with its Target), a loopback receiver', async () => {
    const c = conformanceConfigFromArgv({}, {});
    expect(c.target).toEqual({ kind: 'embedded' });
    expect(c.credentials).toEqual({});
    const target = await startSandboxTarget(c);
    try {
      expect(target.credentials.primary?.clientId).toBe('sandbox-client-a');
      expect(target.credentials.secondary?.clientId).toBe('sandbox-client-b');
      expect(target.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    } finally {
      await target.close();
    }
    expect(c.webhooks).toMatchObject({ listenHost: '127.0.0.1', listenPort: 0 });
    expect(c.strict).toBe(false);
  });

  test('live: URLs from flags, credentials from the environment, auth URL defaults to the base URL', () => {
    const c = conformanceConfigFromArgv(
      { baseUrl: 'https://api.partner.example/', only: ['auth,spec'], report: ['junit=j.xml'] },
      LIVE_ENV,
    );
    expect(c.target).toEqual({
      kind: 'live',
      baseUrl: 'https://api.partner.example',
      authUrl: 'https://api.partner.example',
    });
    expect(c.credentials.primary).toEqual({ clientId: 'partner-id', clientSecret: 'partner-secret-value' });
    expect(c.only).toEqual(['auth', 'spec']);
    expect(c.reports).toEqual([{ kind: 'junit', path: 'j.xml' }]);
  });

  test('live without credentials is a configuration error that names the variables, not values', () => {
    const e = thrown(() => conformanceConfigFromArgv({ baseUrl: 'https://api.partner.example' }, {}));
    expect(e.code).toBe('E_CONFIG');
    expect(e.format()).toContain('CBP_CLIENT_ID');
    const half = thrown(() => conformanceConfigFromArgv({ baseUrl: 'https://x.example' }, { CBP_CLIENT_ID: 'id' }));
    expect(half.format()).toContain('CBP_CLIENT_SECRET is missing');
  });

  test('credential flags override the environment', () => {
    const c = conformanceConfigFromArgv(
      {
        baseUrl: 'https://x.example',
        clientId: 'flag-id',
        clientSecret: 'flag-secret',
        clientId2: 'id2',
        clientSecret2: 's2',
      },
      LIVE_ENV,
    );
    expect(c.credentials.primary).toEqual({ clientId: 'flag-id', clientSecret: 'flag-secret' });
    expect(c.credentials.secondary).toEqual({ clientId: 'id2', clientSecret: 's2' });
  });

  test('a bad report target or URL is a usage error', async () => {
    // The kinds are the reporters' table: the CLI passes them; without them the reporters refuse.
    expect(thrown(() => conformanceConfigFromArgv({ report: ['html=x'] }, {}, undefined, reportKinds())).code).toBe(
      'E_USAGE',
    );
    expect(thrown(() => conformanceConfigFromArgv({ report: ['json='] }, {})).code).toBe('E_USAGE');
    const lax = conformanceConfigFromArgv({ report: ['html=x'] }, {});
    await expect(fileReporters(lax.reports)).rejects.toThrow(/KIND=PATH/);
    expect(thrown(() => conformanceConfigFromArgv({ baseUrl: 'ftp://x' }, LIVE_ENV)).code).toBe('E_USAGE');
  });

  test('the config file is checked with a JSON pointer to the problem', () => {
    const e = thrown(() =>
      conformanceConfigFromArgv(
        {},
        {},
        { name: 'conformance.yaml', value: { customers: [{ wallet_currency: 'GBP' }] } },
      ),
    );
    expect(e.code).toBe('E_CONFIG');
    expect(e.details.pointer).toBe('/customers/0');
    const e2 = thrown(() =>
      conformanceConfigFromArgv({}, {}, { name: 'c.yaml', value: { webhooks: { listen: 'nope' } } }),
    );
    expect(e2.details.pointer).toBe('/webhooks/listen');
  });

  test('the config file gives the receiver its listen address and public URL', () => {
    const c = conformanceConfigFromArgv(
      { baseUrl: 'https://x.example' },
      { ...LIVE_ENV, CBP_WEBHOOK_SECRET: 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      {
        name: 'c.yaml',
        value: {
          customers: [{ customer_id: 'c1', wallet_currency: 'GBP' }],
          webhooks: { listen: '0.0.0.0:8787', public_url: 'https://hooks.partner.example/cbp', wait_seconds: 5 },
        },
      },
    );
    expect(c.webhooks).toEqual({
      listenHost: '0.0.0.0',
      listenPort: 8787,
      publicUrl: 'https://hooks.partner.example/cbp',
      secret: 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      waitMs: 5000,
      graceMs: 30_000,
    });
    expect(c.file?.customers).toEqual([{ customer_id: 'c1', wallet_currency: 'GBP' }]);
  });
});

describe('selectChecks', () => {
  // The selection rules on a list of their own: the registry's ids and tags are the registry's business.
  const list = [
    { id: 'one', tags: ['a'] },
    { id: 'two', tags: ['spec'] },
    { id: 'three', tags: ['spec', 'b'] },
    { id: 'four', tags: ['b'] },
  ];
  const ids = (only: string[], skip: string[]) => selectChecks(list, only, skip).map((c) => c.id);

  test('by id and by tag, in list order; --skip removes', () => {
    expect(ids(['one'], [])).toEqual(['one']);
    expect(ids(['spec'], [])).toEqual(['two', 'three']);
    expect(ids([], ['spec', 'one'])).toEqual(['four']);
    expect(ids(['spec', 'four'], ['b'])).toEqual(['two']);
  });

  test('the API suite tags its spec checks "spec"', () => {
    const spec = selectChecks(checks, ['spec'], []).map((c) => c.id);
    expect(spec.length).toBeGreaterThan(0);
    expect(spec.every((id) => id.startsWith('spec-'))).toBe(true);
  });

  test('an unknown id is E_CHECK_UNKNOWN listing the valid ids', () => {
    const e = thrown(() => selectChecks(checks, ['nope'], []));
    expect(e.code).toBe('E_CHECK_UNKNOWN');
    expect(e.format()).toContain(`valid check ids: ${checks.map((c) => c.id).join(', ')}`);
  });
});

test('the documented example config file is valid', async () => {
  const { readFileSync } = await import('node:fs');
  const { parse } = await import('yaml');
  const file = 'conformance/suites/api/conformance.example.yaml';
  const c = conformanceConfigFromArgv({ baseUrl: 'https://api.partner.example' }, LIVE_ENV, {
    name: file,
    value: parse(readFileSync(file, 'utf8')),
  });
  expect(c.file?.third_parties).toEqual([{ customer_id: 'cust-123', client_customer_ref: 'buyer-42' }]);
  expect(c.webhooks.listenPort).toBe(8787);
});
