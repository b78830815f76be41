import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { rmSync } from 'node:fs';
import { main } from '../../cli/main.js';
import { checks } from '../../conformance/suites/api/checks/index.js';
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
    expect(r.err).toContain(`valid check ids: ${checks.map((c) => c.id).join(', ')}`);
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
    const r = await cbp(
      'conformance',
      '--report',
      `json=${files.json}`,
      '--report',
      `junit=${files.junit}`,
      '--report',
      `markdown=${files.markdown}`,
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`0 failed, 0 with warnings, ${checks.length} passed, 0 skipped`);
    const json = JSON.parse(readFileSync(files.json, 'utf8'));
    expect(json.failed).toBe(0);
    // README: the JUnit report has one <testcase> per case, as many as the run counts.
    const cases = json.outcomes.reduce((n: number, o: { cases: number }) => n + o.cases, 0);
    expect(r.out).toContain(`; ${cases} cases in `);
    expect(readFileSync(files.junit, 'utf8').match(/<testcase /g)).toHaveLength(cases);
    // Every registered check runs, in registry order.
    expect(json.outcomes.map((o: { checkId: string }) => o.checkId)).toEqual(checks.map((c) => c.id));
    // Every case is listed with its rule, provenance and verdict; every report ends with coverage.
    const negative = json.outcomes.find((o: { checkId: string }) => o.checkId === 'negative');
    expect(negative.records).toContainEqual(
      expect.objectContaining({
        subject: 'createPayment',
        rule: 'payment.recipient-sum',
        provenance: expect.objectContaining({ kind: 'seed' }),
        verdict: 'passed',
      }),
    );
    const coverage = Object.fromEntries(json.coverage.map((l: { id: string }) => [l.id, l]));
    // Every rule id of spec/ is exercised: overlay rules, the lookup's four decision branches, the
    // rules written as one schema keyword. Matching webhooks on customer_id plus client_reference_id
    // (seed, Reconciliation identifiers) is the receiver's procedure: listed as such, not as a gap.
    expect(coverage.rules.total.filter((id: string) => !coverage.rules.covered.includes(id))).toEqual([]);
    expect(coverage.rules.total).toEqual(
      expect.arrayContaining([
        'session.lookup.create',
        'session.lookup.track-payment',
        'session.lookup.reuse',
        'session.lookup.replace',
        'payment.purpose-case',
        'payment.client-reference-length',
        'payment.recipient-details-non-empty',
        'session.purpose-case',
        'session.client-reference-format',
      ]),
    );
    expect(coverage.procedures.covered).toEqual(['webhook.reconciliation-key']);
    // A schema keyword's case cites the seed rule it implements, not schema.pattern.
    expect(negative.records).toContainEqual(
      expect.objectContaining({ rule: 'payment.purpose-case', name: expect.stringContaining('does not match') }),
    );
    expect(coverage.transitions.covered).toEqual([
      'created',
      'funds-received',
      'fx-completed',
      'payout-initiated',
      'payout-credited',
      'payment-completed',
      'cancelled',
    ]);
    expect(r.out).toMatch(
      /coverage:\n {2}rules exercised (\d+)\/\1\n {2}procedures of a webhook receiver, which no API case can exercise \(cbp conformance consumer\): webhook\.reconciliation-key\n {2}operations 12\/12\n {2}state-table transitions observed 7\/7\n {2}statuses seen: AWAITING_FUNDS/,
    );
    const junit = readFileSync(files.junit, 'utf8');
    expect(junit).toMatch(/<testsuites name="cbp conformance" tests="\d{3,}" failures="0"/);
    expect(junit).toContain(
      'name="payment.recipient-sum @ createPayment: same-currency base: total off by one minor unit"',
    );
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
    expect(r.out).toContain(
      'source: the provider\'s service description, §States and transitions, row 7 "No further webhooks follow"',
    );
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
