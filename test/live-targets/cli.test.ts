/**
 * The CLI face of live targets: --driver, --require, the skip list, JUnit skips, the HAR report
 * (redacted) and `cbp conformance events` judging the HAR again offline.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { main } from '../../cli/main.js';

const dir = mkdtempSync(path.join(tmpdir(), 'cbp-live-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cbp(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t), cwd: process.cwd() });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('cbp conformance against the embedded sandbox', () => {
  test(
    '--driver passive: every skip listed with what would enable ' +
      'it, JUnit skips as skips; with --require all, exit 1',
    async () => {
      const junit = path.join(dir, 'passive.xml');
      const args = ['conformance', '--driver', 'passive', '--only', 'lifecycle,recipient-check'];
      const r = await cbp(...args, '--report', `junit=${junit}`);
      expect(r.code).toBe(0);
      expect(r.out).toContain('Skipped (did not run, or ran only part of the way):');
      expect(r.out).toContain('lifecycle: no webhook can reach the runner');
      expect(r.out).toContain('to enable: --driver PATH');
      expect(r.out).toContain('0 failed, 0 with warnings, 0 passed, 2 skipped');
      const xml = readFileSync(junit, 'utf8');
      expect(xml).toContain('skipped="2"');
      expect(xml).toContain(
        '<skipped message="needs recipientFailingNameCheck(), which ' +
          'the passive driver does not have; to enable: --driver PATH',
      );
      const required = await cbp(...args, '--require', 'all', '--report', `junit=${junit}`);
      expect(required.code).toBe(1);
      expect(required.out).toContain(
        'FAIL [lifecycle] required (--require) but did not run: no webhook can reach the runner',
      );
      expect(readFileSync(junit, 'utf8')).toContain(
        '<failure message="1 failure(s): required (--require) but did not run',
      );
    },
  );

  test('--report har=PATH records exchanges and webhooks, redacted; `conformance events` judges it again', async () => {
    const har = path.join(dir, 'run.har');
    const r = await cbp('conformance', '--only', 'lifecycle', '--report', `har=${har}`);
    expect(r.code).toBe(0);
    const text = readFileSync(har, 'utf8');
    const log = JSON.parse(text).log as {
      version: string;
      entries: Array<{ request: { url: string }; _cbpWebhook?: unknown }>;
    };
    expect(log.version).toBe('1.2');
    expect(log.entries.some((e) => e.request.url.includes('/v3/customers/'))).toBe(true);
    expect(log.entries.filter((e) => e._cbpWebhook).length).toBeGreaterThanOrEqual(20);
    for (const secret of ['sandbox-secret-a', 'whsec_', 'eyJ']) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/Bearer (?!\[redacted\])/);
    const again = await cbp('conformance', 'events', har);
    expect(again.out).toContain('PASS events');
    expect(again.code).toBe(0);
  });

  test('an unknown --require name is E_CHECK_UNKNOWN (exit 2), like --only', async () => {
    const r = await cbp('conformance', '--require', 'lifecyle');
    expect(r.code).toBe(2);
    expect(r.err).toContain('E_CHECK_UNKNOWN: --require: unknown check "lifecyle"');
  });

  test('a driver module that does not load is a configuration error (exit 2)', async () => {
    const r = await cbp('conformance', '--only', 'lifecycle', '--driver', path.join(dir, 'missing.mjs'));
    expect(r.code).toBe(2);
    expect(r.err).toContain('E_CONFIG: cannot load the driver module');
  });
});
