/**
 * Record/replay: the wall time of a live run and of its offline replay (`cbp conformance
 * --replay`), for `cbp mock --mode realistic` recorded through --base-url and for the independent
 * provider of the tests (stages 3 s apart, its partner driver module). Prints each pair, the ratio
 * (target: at most 25 %), whether the verdicts are the same, and the cassette's size (gzipped).
 * Run: npm run bench replay
 */
import { conformanceConfigFromArgv } from '../conformance/suites/api/config.js';
import { serializeCassette } from '../conformance/suites/api/replay/cassette.js';
import { replayConformance } from '../conformance/suites/api/replay/run-replay.js';
import {
  type Recorded,
  recordIndependentProvider,
  recordRealisticSandbox,
} from '../test/conformance/replay/record-targets.js';

async function measure(name: string, record: () => Promise<Recorded>): Promise<void> {
  const recorded = await record();
  const t0 = performance.now();
  const replay = await replayConformance(recorded.cassette, conformanceConfigFromArgv({}, {}, recorded.file));
  const ms = performance.now() - t0;
  const bytes = serializeCassette(recorded.cassette).length;
  const steps = recorded.cassette.steps.length;
  console.log(
    `${name}: live ${(recorded.ms / 1000).toFixed(2)} s, replay ${(ms / 1000).toFixed(2)} s ` +
      `(${((100 * ms) / recorded.ms).toFixed(0)} % of live; target <= 25 %), ` +
      `${replay.differences.length === 0 ? 'same verdicts' : `${replay.differences.length} verdicts differ`}, ` +
      `${replay.misses.length} requests not in the cassette, cassette ${(bytes / 1024).toFixed(0)} KiB gzipped (${steps} steps)`,
  );
}

await measure('cbp mock --mode realistic', recordRealisticSandbox);
await measure('independent provider, stages 3 s apart', () => recordIndependentProvider({ stageDelayMs: 3000 }));
