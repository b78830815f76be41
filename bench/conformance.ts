/**
 * `cbp conformance` speed: the full suite against the embedded mock in instant mode (target:
 * under 20 s on the 2-core machines). Prints the wall time of each run, the number of
 * checks and of cases, and the median. Runs: BENCH_RUNS (default 3).
 * Run: npm run bench conformance
 */
import { conformanceConfigFromArgv } from '../conformance/suites/api/config.js';
import { runConformance } from '../conformance/suites/api/run-conformance.js';
import { withTarget } from '../cli/sandbox-target.js';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const config = conformanceConfigFromArgv({}, {});
  const summary = await withTarget(config, (target) => runConformance(config, { target }));
  const ms = performance.now() - t0;
  times.push(ms);
  const cases = summary.outcomes.reduce((n, o) => n + o.cases, 0);
  console.log(
    `run ${i + 1}: ${(ms / 1000).toFixed(2)} s, ${summary.outcomes.length} checks, ${cases} cases, ` +
      `${summary.failed} failed, ${summary.warnings} with warnings ` +
      `(${i === 0 ? 'cold: includes loading the spec' : 'warm'})`,
  );
}
const sorted = [...times].sort((a, b) => a - b);
console.log(
  `conformance full suite, embedded mock (instant): median ` +
    `${(sorted[Math.floor(sorted.length / 2)] / 1000).toFixed(2)} s over ${runs} runs (target < 20 s)`,
);
