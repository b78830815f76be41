/**
 * A cassette of a broken provider replays as broken: each variant of the catalogue below is
 * recorded (the check it breaks, plus what that check needs), and the offline replay gives the
 * recorded verdicts, the failure included.
 */
import { describe, expect, test } from 'vitest';
import { conformanceConfigFromArgv } from '../../../conformance/suites/api/config.js';
import { liveTarget } from '../../../conformance/suites/api/target.js';
import { recordConformance } from '../../../conformance/suites/api/replay/record.js';
import { replayConformance } from '../../../conformance/suites/api/replay/run-replay.js';
import { parseCassette, serializeCassette } from '../../../conformance/suites/api/replay/cassette.js';
import { variants } from '../../variants/catalogue.js';
import { startVariant } from '../../variants/start-variant.js';

const ENV = {
  CBP_CLIENT_ID: 'sandbox-client-a',
  CBP_CLIENT_SECRET: 'sandbox-secret-a',
  CBP_API_KEY: 'sandbox-apikey-a',
  CBP_CLIENT_ID_2: 'sandbox-client-b',
  CBP_CLIENT_SECRET_2: 'sandbox-secret-b',
};

/** A fault of each kind (the slow replay test runs the whole catalogue): an event stream, a signature, the auth, a schema. */
const CHOSEN = [
  'lifecycle/event-after-cancelled',
  'lifecycle/bad-signature',
  'auth/answers-without-token',
  'spec-schema/wrong-field-type',
];

describe('a broken provider replays as broken', () => {
  test.each(CHOSEN)(
    '%s',
    async (name) => {
      const variant = variants.find((v) => v.name === name)!;
      const running = await startVariant(variant);
      const file = { name: 'conformance.yaml', value: { webhooks: { wait_seconds: 3, grace_seconds: 0.25 } } };
      const only = [variant.check, ...(variant.with ?? [])];
      const strict = variant.strict !== undefined;
      let recorded: Awaited<ReturnType<typeof recordConformance>>;
      try {
        const config = conformanceConfigFromArgv({ baseUrl: running.baseUrl, only, strict }, ENV, file);
        recorded = await recordConformance(config, { target: liveTarget(config) });
      } finally {
        await running.close();
      }
      const failing = recorded.summary.outcomes.find((o) => o.checkId === variant.check);
      expect(failing?.status).toBe('failed');
      // Offline: the provider is gone; the cassette goes through its bytes.
      const cassette = parseCassette(serializeCassette(recorded.cassette));
      const replay = await replayConformance(cassette, conformanceConfigFromArgv({}, {}, file));
      expect(replay.misses).toEqual([]);
      expect(replay.differences).toEqual([]);
      expect(replay.summary.outcomes.find((o) => o.checkId === variant.check)?.status).toBe('failed');
    },
    60_000,
  );
});
