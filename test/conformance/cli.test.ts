import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { rmSync } from 'node:fs';
import { main } from '../../cli/main.js';
import { flow, event } from './event-helpers.js';

const dir = mkdtempSync(path.join(tmpdir(), 'cbp-conformance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cbp(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t), cwd: process.cwd() });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const ndjson = (events: unknown[]) => `${events.map((e) => JSON.stringify(e)).join('\n')}\n`;

describe('cbp conformance', () => {
  test('an unknown --only id exits 2 and lists the valid ids', async () => {
    const r = await cbp('conformance', '--only', 'nope');
    expect(r.code).toBe(2);
    expect(r.err).toContain('E_CHECK_UNKNOWN');
    expect(r.err).toContain('valid check ids: positive, negative');
  });

  test('credentials from flags; an unreachable target exits 2 without printing the secret', async () => {
    const r = await cbp(
      'conformance',
      '--base-url',
      'http://127.0.0.1:9',
      '--client-id',
      'someone',
      '--client-secret',
      'hush-hush-secret',
      '--client-id-2',
      'b',
      '--client-secret-2',
      'c',
    );
    expect(r.code).toBe(2);
    expect(r.err).toContain('E_TARGET_UNREACHABLE');
    expect(r.out + r.err).not.toContain('hush-hush-secret');
  });

  test('no arguments: the whole suite against the embedded mock passes, with reports and no secrets', async () => {
    const files = { json: path.join(dir, 'r.json'), junit: path.join(dir, 'r.xml'), markdown: path.join(dir, 'r.md') };
    const r = await cbp('conformance', '--report', `json=${files.json}`, '--report', `junit=${files.junit}`, '--report', `markdown=${files.markdown}`);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('0 failed, 0 with warnings, 10 passed, 0 skipped');
    const json = JSON.parse(readFileSync(files.json, 'utf8'));
    expect(json.failed).toBe(0);
    expect(json.outcomes.map((o: { checkId: string }) => o.checkId)).toEqual([
      'positive',
      'negative',
      'uniqueness',
      'recipient-check',
      'lifecycle',
      'sessions',
      'auth',
      'spec-status',
      'spec-schema',
      'spec-content-type',
    ]);
    expect(readFileSync(files.junit, 'utf8')).toContain('<testsuites name="cbp conformance" tests="10" failures="0"');
    const md = readFileSync(files.markdown, 'utf8');
    expect(md).toContain('PAYOUT_CREDITED --> PAYMENT_COMPLETED : observed');
    expect(md).toContain('AWAITING_FUNDS --> CANCELLED : observed');
    for (const text of [r.out, JSON.stringify(json), md]) {
      expect(text).not.toContain('sandbox-secret-a');
      expect(text).not.toMatch(/"access_token":\s*"(?!\[redacted\])/);
      expect(text).not.toMatch(/Bearer (?!\[redacted\]|\$CBP_TOKEN)[A-Za-z0-9._-]{8,}/);
    }
  }, 60_000);
});

describe('cbp conformance events LOG', () => {
  test('a clean log passes, delivery order aside', async () => {
    const file = path.join(dir, 'clean.ndjson');
    writeFileSync(file, ndjson([...flow('p1', ['r1', 'r2']).reverse(), ...flow('p2', ['r3'])]));
    const r = await cbp('conformance', 'events', file);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/PASS events \(14 cases/);
  });

  test('an event after CANCELLED fails (exit 1) with the seed rule; envelopes are accepted', async () => {
    const file = path.join(dir, 'cancelled.ndjson');
    const events = [event('c', 'AWAITING_FUNDS', 0), event('c', 'CANCELLED', 1), event('c', 'RECEIVED_FUNDS', 2)];
    writeFileSync(file, ndjson(events.map((payload) => ({ payload }))));
    const report = path.join(dir, 'events.json');
    const r = await cbp('conformance', 'events', file, '--report', `json=${report}`);
    expect(r.code).toBe(1);
    expect(r.out).toContain('follows CANCELLED');
    expect(r.out).toContain('rule: States and transitions, row 7');
    expect(JSON.parse(readFileSync(report, 'utf8')).failed).toBe(1);
  });

  test('moves the seed does not show warn, and fail with --strict', async () => {
    const file = path.join(dir, 'processing.ndjson');
    writeFileSync(file, ndjson([event('q', 'PROCESSING', 0), event('q', 'RECEIVED_FUNDS', 1)]));
    expect((await cbp('conformance', 'events', file)).code).toBe(0);
    expect((await cbp('conformance', 'events', file, '--strict')).code).toBe(1);
  });

  test('a missing file exits 2; a line that is not JSON names its line', async () => {
    expect((await cbp('conformance', 'events', path.join(dir, 'nope.ndjson'))).code).toBe(2);
    const file = path.join(dir, 'bad.ndjson');
    writeFileSync(file, `${JSON.stringify(event('x', 'AWAITING_FUNDS', 0))}\n{oops\n`);
    const r = await cbp('conformance', 'events', file);
    expect(r.code).toBe(2);
    expect(r.err).toContain('line 2 is not JSON');
  });
});
