import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.js';
import { sandboxOptionsFromArgv } from '../../cli/commands/mock.js';
import { CbpError } from '../../lib/errors.js';

describe('cbp mock: argv → options', () => {
  it('maps flags to startSandbox options with documented defaults', () => {
    expect(sandboxOptionsFromArgv({})).toEqual({ port: 4010, host: '127.0.0.1' });
    expect(
      sandboxOptionsFromArgv({ port: 0, mode: 'realistic', authPort: 0, stageDelay: 10, chaosDuplicate: 0.5 }),
    ).toEqual({
      port: 0,
      host: '127.0.0.1',
      mode: 'realistic',
      authPort: 0,
      stageDelayMs: 10,
      chaos: { duplicateRate: 0.5, reorderWindowMs: 0, delayMs: 0, seed: 1 },
    });
  });

  it('refuses bad values with a usage error', () => {
    expect(() => sandboxOptionsFromArgv({ port: 70000 })).toThrow(CbpError);
    expect(() => sandboxOptionsFromArgv({ mode: 'fast' })).toThrow(/instant or realistic/);
    expect(() => sandboxOptionsFromArgv({ chaosDuplicate: 2 })).toThrow(/probability/);
    expect(() => sandboxOptionsFromArgv({ allowWebhookTarget: ['169.254.0.0/99'] })).toThrow(CbpError);
  });

  it('--allow-webhook-target (repeatable) becomes allowWebhookTargets', () => {
    expect(
      sandboxOptionsFromArgv({ allowWebhookTarget: ['169.254.169.254', 'fd00:ec2::/64'] }).allowWebhookTargets,
    ).toEqual(['169.254.169.254', 'fd00:ec2::/64']);
  });

  it('logs requests as text by default, as JSON with --log-format json, not at all with --quiet', () => {
    const write = () => undefined;
    expect(sandboxOptionsFromArgv({}, write).log).toEqual({ format: 'text', write });
    expect(sandboxOptionsFromArgv({ logFormat: 'json' }, write).log).toEqual({ format: 'json', write });
    expect(sandboxOptionsFromArgv({ quiet: true }, write).log).toBeUndefined();
    expect(() => sandboxOptionsFromArgv({ logFormat: 'xml' }, write)).toThrow(/text or json/);
  });

  it('bounds token and session lifetimes to a year (every expiry stays RFC 3339)', () => {
    expect(sandboxOptionsFromArgv({ tokenTtl: 366 * 24 * 3600 }).tokenTtlSeconds).toBe(366 * 24 * 3600);
    expect(() => sandboxOptionsFromArgv({ tokenTtl: 1e300 })).toThrow(/from 0 to 31622400/);
    expect(() => sandboxOptionsFromArgv({ sessionTtl: 1e12 })).toThrow(/--session-ttl/);
  });

  it('exits 2 on a bad flag value', async () => {
    const err: string[] = [];
    const code = await main(['mock', '--mode', 'fast'], {
      out: () => undefined,
      err: (t) => err.push(t),
      cwd: process.cwd(),
    });
    expect(code).toBe(2);
  });
});
