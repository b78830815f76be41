/**
 * The replay criteria on real recordings: the embedded sandbox in realistic mode and the
 * independent provider (its own ids, error body, delivery order, a partner's driver module)
 * replay offline with identical verdicts in at most a quarter of the live run's wall time, and
 * every variant of the catalogue recorded broken replays as broken.
 */
import { describe, expect, test } from 'vitest';
import { startSandboxTarget } from '../../../cli/sandbox-target.js';
import { conformanceConfigFromArgv } from '../../../conformance/suites/api/config.js';
import { behaviourDiff } from '../../../conformance/suites/api/replay/behaviour-diff.js';
import { type Cassette, parseCassette, serializeCassette } from '../../../conformance/suites/api/replay/cassette.js';
import { recordConformance } from '../../../conformance/suites/api/replay/record.js';
import { replayConformance } from '../../../conformance/suites/api/replay/run-replay.js';
import { liveTarget } from '../../../conformance/suites/api/target.js';
import { variants } from '../../variants/catalogue.js';
import { startVariant } from '../../variants/start-variant.js';
import { type Recorded, recordIndependentProvider, recordRealisticSandbox } from './record-targets.js';

async function expectSameVerdictsFaster(recorded: Recorded) {
  const cassette = parseCassette(serializeCassette(recorded.cassette));
  const config = conformanceConfigFromArgv({}, {}, recorded.file);
  const t0 = performance.now();
  const replay = await replayConformance(cassette, config);
  const ms = performance.now() - t0;
  expect(replay.misses).toEqual([]);
  expect(replay.differences).toEqual([]);
  expect(replay.summary.failed).toBe(recorded.summary.failed);
  expect(replay.summary.warnings).toBe(recorded.summary.warnings);
  expect(ms, `replay ${ms} ms, live ${recorded.ms} ms`).toBeLessThanOrEqual(recorded.ms * 0.25);
}

describe('replay of real recordings', () => {
  test('the embedded sandbox in realistic mode', async () => {
    await expectSameVerdictsFaster(await recordRealisticSandbox());
  });

  test('the independent provider, stages 5 s apart (seed: seconds to minutes), driven by the partner module', async () => {
    const recorded = await recordIndependentProvider({ stageDelayMs: 5000 });
    expect(recorded.cassette.target.driver.kind).toBe('module');
    expect(recorded.cassette.steps.some((s) => s.kind === 'driver')).toBe(true);
    await expectSameVerdictsFaster(recorded);
  });
});

const ENV = {
  CBP_CLIENT_ID: 'sandbox-client-a',
  CBP_CLIENT_SECRET: 'sandbox-secret-a',
  CBP_API_KEY: 'sandbox-apikey-a',
  CBP_CLIENT_ID_2: 'sandbox-client-b',
  CBP_CLIENT_SECRET_2: 'sandbox-secret-b',
};

describe('every broken variant replays as broken', () => {
  test.each(variants.filter((v) => !v.publicHost).map((v) => v.name))('%s', async (name) => {
    const variant = variants.find((v) => v.name === name)!;
    const running = await startVariant(variant);
    const file = { name: 'conformance.yaml', value: { webhooks: { wait_seconds: 3, grace_seconds: 0.25 } } };
    const only = [variant.check, ...(variant.with ?? [])];
    let recorded: Awaited<ReturnType<typeof recordConformance>>;
    try {
      const config = conformanceConfigFromArgv(
        { baseUrl: running.baseUrl, only, strict: variant.strict !== undefined },
        ENV,
        file,
      );
      recorded = await recordConformance(config, { target: liveTarget(config) });
    } finally {
      await running.close();
    }
    expect(recorded.summary.outcomes.find((o) => o.checkId === variant.check)?.status).toBe('failed');
    const replay = await replayConformance(
      parseCassette(serializeCassette(recorded.cassette)),
      conformanceConfigFromArgv({}, {}, file),
    );
    expect(replay.differences).toEqual([]);
    expect(replay.summary.outcomes.find((o) => o.checkId === variant.check)?.status).toBe('failed');
  });
});

describe('behaviour diff of the independent provider against our sandbox', () => {
  test("lists its README's documented differences, each allowed by an assumption, and nothing else", async () => {
    const provider = await recordIndependentProvider({});
    const config = conformanceConfigFromArgv({}, {});
    const target = await startSandboxTarget(config);
    let sandbox: Cassette;
    try {
      sandbox = (await recordConformance(config, { target })).cassette;
    } finally {
      await target.close();
    }
    const diffs = behaviourDiff(provider.cassette, sandbox);
    const has = (area: string, a: RegExp, assumption: string) =>
      expect(diffs, `${area} ${a}`).toContainEqual(
        expect.objectContaining({ area, a: expect.stringMatching(a), assumption }),
      );
    // test/providers/independent/README.md, "Where it chose differently from our sandbox".
    has('error-body', /^\{error, request_id\}$/, 'A-ERROR-BODY');
    has('statuses', /^202$/, 'A-SUCCESS-STATUS');
    has('ids', /^uuid$/, 'A-RECORD-FIELDS');
    has('ids', /^IN<digits>$/, 'A-RECORD-FIELDS');
    has('event-timestamps', /rfc3339 \.6 Z/, 'A-TIMESTAMP-FORMAT');
    has('delivery-id', /distinct from event_id \(msg_/, 'A-WEBHOOK-SIGNATURE');
    has('fields', /checkout_url.*expires_at/, 'A-SESSION-URL-FIELD');
    has('fields', /first_name, \/last_name/, 'A-THIRD-PARTY-PAYLOAD');
    has('fields', /^\/\*$/, 'A-LEGACY-PAYLOAD');
    // Nothing it does not have: every difference is allowed, and none about the lifecycle it shares.
    expect(diffs.filter((d) => d.assumption === undefined)).toEqual([]);
    expect(diffs.filter((d) => ['events', 'signature', 'timing', 'content-type'].includes(d.area))).toEqual([]);
  });
});
