/**
 * The whole suite against a target that hides /_sandbox/ (as a real provider's sandbox does),
 * driven by a partner-style driver module: lifecycle, sessions and recipient-check run and pass,
 * in instant and in realistic mode. With the passive driver they are partial or skipped, never
 * green by omission, and `--require all` fails.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { conformanceConfigFromArgv, type ConformanceArgv } from '../../conformance/suites/api/config.js';
import { runConformance } from '../../conformance/suites/api/run-conformance.js';
import type { SuiteSummary } from '../../conformance/engine/types.js';
import { EXAMPLE_DRIVER, startHiddenSandbox, withEnv, type HiddenSandbox } from './hidden-sandbox.js';

const dir = mkdtempSync(path.join(tmpdir(), 'cbp-live-targets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const statuses = (s: SuiteSummary) => Object.fromEntries(s.outcomes.map((o) => [o.checkId, o.status]));
const skippedCases = (s: SuiteSummary) =>
  s.outcomes.flatMap((o) =>
    (o.records ?? []).filter((r) => r.verdict === 'skipped').map((r) => `${o.checkId} › ${r.subject}: ${r.reason}`),
  );

type Prepare = (target: HiddenSandbox) => Promise<Record<string, string>>;

async function run(
  mode: { mode: 'instant' | 'realistic'; stageDelayMs?: number },
  argv: ConformanceArgv = {},
  prepare?: Prepare,
) {
  const target = await startHiddenSandbox(mode);
  const extraEnv = prepare ? await prepare(target) : {};
  const restore = withEnv({ ...target.env, ...extraEnv });
  try {
    const config = conformanceConfigFromArgv({ baseUrl: target.proxy.url, ...argv }, process.env, {
      name: path.join(dir, 'conformance.yaml'),
      value: target.file,
    });
    return await runConformance(config);
  } finally {
    restore();
    await target.close();
  }
}

describe('a partner-style driver against a target without /_sandbox/', () => {
  test.each([
    ['instant: the whole suite', { mode: 'instant' as const }, []],
    [
      'realistic, 150 ms a stage: the stateful checks',
      { mode: 'realistic' as const, stageDelayMs: 150 },
      ['lifecycle', 'sessions', 'recipient-check'],
    ],
  ])('%s runs and passes, nothing skipped', async (_name, mode, only) => {
    const summary = await run(mode, { only, require: ['all'] });
    const failures = summary.outcomes.flatMap((o) => o.failures.map((f) => `${o.checkId}: ${f.message}`));
    expect(failures).toEqual([]);
    expect(skippedCases(summary)).toEqual([]);
    expect(Object.values(statuses(summary)).every((s) => s === 'passed')).toBe(true);
    expect(summary.target).toContain('driver: example partner driver');
    const cases = Object.fromEntries(summary.outcomes.map((o) => [o.checkId, o.cases]));
    expect(cases['recipient-check']).toBe(3);
    expect(cases.sessions).toBeGreaterThanOrEqual(4);
    // Seven flows: two API payments, two sessions (1 and 3 recipients), one cancellation, a conversion, a third-party
    // payment.
    expect(
      summary.outcomes
        .find((o) => o.checkId === 'lifecycle')
        ?.records?.filter((r) => r.verdict === 'passed' && r.rule !== 'webhook.payout-recipient-id'),
    ).toHaveLength(7);
  });

  test('a driver without cancelPayment skips exactly the cancelled flow, naming the method', async () => {
    const partial = path.join(dir, 'no-cancel.mjs');
    writeFileSync(
      partial,
      `import base from ${JSON.stringify(EXAMPLE_DRIVER)};\nconst { cancelPayment, ` +
        `...rest } = base;\nexport default { ...rest, name: 'no-cancel' };\n`,
    );
    const summary = await run({ mode: 'instant' }, { only: ['lifecycle'], driver: partial }, async (target) => {
      // The undriven flow is followed until the per-stage timeout: short here.
      target.file.webhooks = { wait_seconds: 2, grace_seconds: 0.2 };
      return {};
    });
    const lifecycle = summary.outcomes[0];
    expect(lifecycle.status).toBe('partial');
    expect(skippedCases(summary)).toEqual([
      'lifecycle › api payment, 1 recipient, cancelled: not driven: ' +
        'needs cancelPayment(), which the no-cancel driver does not have',
    ]);
    expect(lifecycle.records?.find((r) => r.verdict === 'skipped')?.reached).toBe('judged up to AWAITING_FUNDS');
  });
});

describe('the passive driver: nothing driven, never green by omission', () => {
  const stateful = ['lifecycle', 'sessions', 'recipient-check'];
  const passive = (require: string[]) =>
    run({ mode: 'instant' }, { only: stateful, driver: 'passive', require }, async (target) => {
      // Webhooks reach the runner through a public URL the partner subscribed by hand.
      const port = await freePort();
      const url = `http://127.0.0.1:${port}/webhooks`;
      target.file.webhooks = { listen: `127.0.0.1:${port}`, public_url: url, wait_seconds: 2, grace_seconds: 0.2 };
      return { CBP_WEBHOOK_SECRET: await target.subscribeByHand(url) };
    });

  test(
    'lifecycle and sessions are partial (saying how far ' + 'and which method is missing), recipient-check skipped',
    async () => {
      const summary = await passive([]);
      expect(statuses(summary)).toEqual({ 'recipient-check': 'skipped', lifecycle: 'partial', sessions: 'partial' });
      expect(summary.failed).toBe(0);
      const skips = skippedCases(summary).join('\n');
      expect(skips).toContain(
        'lifecycle › api payment, 1 recipient: not driven: ' +
          'needs deliverFunds(), which the passive driver does not have',
      );
      expect(skips).toContain('lifecycle › session payment, 1 recipient: needs payHostedSession()');
      expect(skips).toContain('sessions › decision rule 4 (an expired, unpaid session): needs expireSession()');
      expect(summary.outcomes.find((o) => o.checkId === 'recipient-check')?.skipEnable).toContain('--driver PATH');
    },
  );

  test('--require all turns every skip into a failure', async () => {
    const summary = await passive(['all']);
    expect(statuses(summary)).toEqual({ 'recipient-check': 'failed', lifecycle: 'failed', sessions: 'failed' });
    const messages = summary.outcomes.flatMap((o) => o.failures.map((f) => f.message)).join('\n');
    expect(messages).toContain('required (--require) but did not run: needs recipientFailingNameCheck()');
    expect(messages).toContain('required (--require) but did not run: api payment, 1 recipient');
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
