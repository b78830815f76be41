/**
 * Record the independent provider over HTTPS (a private CA, trusted through NODE_EXTRA_CA_CERTS as
 * a partner would) with the shipped CLI, then judge the cassette offline with the shipped CLI:
 * the same verdicts, exit code and findings, and nothing of the CA or the secrets needed on replay.
 * Separate processes, as a partner's CI runs them; the provider is stopped by the test.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import type { SuiteSummary } from '../../../conformance/engine/types.js';
import { expiredTokenOf, findings, partnerConfig, providerEnv } from '../../providers/independent/harness.js';
import { makePrivateCa } from '../../providers/independent/private-ca.js';
import { startIndependentProvider } from '../../providers/independent/provider.js';

const REPO = path.resolve(import.meta.dirname, '../../..');

function cbp(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['bin/cbp.js', ...args], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString('utf8');
  });
  child.stderr.on('data', (c: Buffer) => {
    out += c.toString('utf8');
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out })));
}

test('cbp record over HTTPS, then cbp conformance --replay offline: the same verdicts', async () => {
  const ca = makePrivateCa();
  const dir = mkdtempSync(path.join(tmpdir(), 'cbp-https-record-'));
  const provider = await startIndependentProvider({ tls: { key: ca.key, cert: ca.cert } });
  try {
    expect(provider.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:/);
    const secrets = providerEnv(provider, await expiredTokenOf(provider, readFileSync(ca.caPath, 'utf8')));
    const config = path.join(dir, 'conformance.yaml');
    writeFileSync(config, JSON.stringify(partnerConfig({}, dir)));
    const cassette = path.join(dir, 'provider.cassette.gz');
    const live = await cbp(
      [
        'record',
        '--base-url',
        provider.baseUrl,
        '--auth-url',
        provider.authUrl,
        '--config',
        config,
        '--require',
        'all',
        '--out',
        cassette,
        '--report',
        `json=${path.join(dir, 'live.json')}`,
      ],
      { ...process.env, ...secrets, NODE_EXTRA_CA_CERTS: ca.caPath },
    );
    expect(live.out).not.toMatch(/\n\s+at /);
    expect(live.code, live.out.slice(-2000)).toBe(0);
    // The replay runs with neither the CA nor the provider's credentials: the cassette is all it needs.
    const { NODE_EXTRA_CA_CERTS: _ca, ...offline } = process.env;
    for (const k of Object.keys(secrets)) delete offline[k];
    const replay = await cbp(
      ['conformance', '--replay', cassette, '--config', config, '--report', `json=${path.join(dir, 'replay.json')}`],
      offline,
    );
    expect(replay.code, replay.out.slice(-2000)).toBe(live.code);
    expect(replay.out).toContain('same verdicts as the recorded run');
    const read = (f: string) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as SuiteSummary;
    expect(findings(read('replay.json'))).toEqual(findings(read('live.json')));
    // No credential of the provider in the committed file.
    const bytes = gunzipSync(readFileSync(cassette)).toString('utf8');
    for (const [k, v] of Object.entries(secrets))
      if (/SECRET|KEY|TOKEN/.test(k) && v.length > 0) expect(bytes).not.toContain(v);
  } finally {
    await provider.close();
    ca.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}, 300_000);
