/**
 * `cbp conformance`: with no arguments, the whole suite against the embedded mock on a free
 * loopback port; with --base-url/--auth-url, against a live implementation (credentials from the
 * environment, never printed). `cbp conformance events LOG` judges a captured webhook log.
 * `consumer` (conformance-consumer.ts) is nested here too. Exit 0 only when nothing failed.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { CbpError } from '../../lib/errors.js';
import type { ConformanceArgv } from '../../conformance/suites/api/config.js';
import type { Reporter, SuiteSummary } from '../../conformance/engine/types.js';
import type { CbpCommand, CliIO } from '../command.js';
import { EXIT_DEADLINE, EXIT_FAILURE, EXIT_OK } from '../exit-code.js';
import { conformanceConsumerCommand } from './conformance-consumer.js';
import { reportKinds } from '../../conformance/reporters/kinds.js';
import { conformanceOptions } from '../../conformance/suites/api/options.js';
import { CREDENTIALS_EPILOG, conformanceContext, eventsOptions } from '../options/conformance.js';

function readText(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new CbpError('E_FILE_NOT_FOUND', `cannot read ${what} ${file} (${(err as NodeJS.ErrnoException).code})`, {
      file,
    });
  }
}

// The suites, the reporters, yaml and the state table loader are imported inside run(): loading
// them up front cost every `cbp` invocation (even `--help`) ~400 ms.
const reportersModule = () => import('../../conformance/reporters/index.js');

export async function readConfigFile(file: string): Promise<{ name: string; value: unknown }> {
  const text = readText(file, 'config');
  const { parse: parseYaml } = await import('yaml');
  try {
    return { name: file, value: parseYaml(text) };
  } catch (err) {
    if (err instanceof CbpError) throw err;
    throw new CbpError('E_CONFIG', `invalid YAML: ${(err as Error).message.split('\n')[0]}`, {
      file,
      hint: 'fix the YAML at the line and column shown (see conformance/suites/api/conformance.example.yaml)',
    });
  }
}

export async function consoleFor(io: CliIO): Promise<Reporter> {
  const { consoleReporter } = await reportersModule();
  const live = process.stdout.isTTY === true && !process.env.CI;
  return consoleReporter({ write: io.out, progress: live ? (t) => process.stdout.write(t) : undefined });
}

const exitFor = (s: SuiteSummary) => (s.failed > 0 ? EXIT_FAILURE : s.deadline ? EXIT_DEADLINE : EXIT_OK);

export const conformanceEventsCommand: CbpCommand = {
  command: 'events <log>',
  describe:
    'Judge captured webhook deliveries (NDJSON in arrival order, or the HAR of a run) against the state table, offline',
  options: eventsOptions,
  async run(argv, io) {
    const file = String(argv.log);
    const [
      { parseReportTargets },
      { loadStateTable },
      { runEventLog, parseEventLog },
      { fileReporters },
      { generatedValidators },
      har,
    ] = await Promise.all([
      import('../../conformance/engine/report-targets.js'),
      import('../../kits/payments/state-table/index.js'),
      import('../../conformance/suites/events/event-log.js'),
      reportersModule(),
      import('../../conformance/suites/api/validators.js'),
      import('../../conformance/suites/events/har-events.js'),
    ]);
    const reports = parseReportTargets(
      ((argv.report as string[] | undefined) ?? []).flatMap((r) => r.split(',')),
      reportKinds(),
    );
    if (reports.some((r) => r.kind === 'har'))
      throw new CbpError(
        'E_USAGE',
        '--report har=PATH records a run of `cbp conformance`; an event log has no exchanges to record',
      );
    const text = readText(file, 'event log');
    const events = har.looksLikeHar(text) ? har.parseHarEvents(text, file) : parseEventLog(text, file);
    const summary = await runEventLog(events, {
      table: loadStateTable(),
      strict: argv.strict === true,
      file,
      validatePayload: (p: unknown) => generatedValidators.webhook('paymentStatus', p).violations,
      reporters: [await consoleFor(io), ...(await fileReporters(reports))],
    });
    return exitFor(summary);
  },
};

async function replay(
  file: string,
  config: import('../../conformance/suites/api/config.js').ConformanceConfig,
  reporters: Reporter[],
  io: CliIO,
): Promise<number> {
  if (config.target.kind === 'live')
    throw new CbpError('E_USAGE', '--replay judges a cassette: it takes no --base-url or --auth-url');
  const [{ loadCassette }, { replayConformance }] = await Promise.all([
    import('../../conformance/suites/api/replay/cassette.js'),
    import('../../conformance/suites/api/replay/run-replay.js'),
  ]);
  const r = await replayConformance(loadCassette(path.resolve(io.cwd, file)), config, { reporters });
  for (const m of r.misses) io.err(`replay: ${m}`);
  if (r.differences.length === 0) io.out(`replay: the same verdicts as the recorded run (${file})`);
  else {
    io.err(`replay: ${r.differences.length} verdicts differ from the recorded run's:`);
    for (const d of r.differences) io.err(`  ${d}`);
  }
  return exitFor(r.summary);
}

export const conformanceCommand: CbpCommand = {
  command: 'conformance',
  describe: 'Check an implementation (default: the embedded mock) against the spec, the rules and the state table',
  options: conformanceOptions,
  context: conformanceContext,
  builder: (y) => y.epilog(CREDENTIALS_EPILOG),
  subcommands: [conformanceEventsCommand, conformanceConsumerCommand],
  async run(argv, io) {
    const [{ conformanceConfigFromArgv }, { runConformance }, { withTarget }, { fileReporters }] = await Promise.all([
      import('../../conformance/suites/api/config.js'),
      import('../../conformance/suites/api/run-conformance.js'),
      import('../sandbox-target.js'),
      reportersModule(),
    ]);
    const file = typeof argv.config === 'string' ? await readConfigFile(argv.config) : undefined;
    const config = conformanceConfigFromArgv(argv as ConformanceArgv, process.env, file, reportKinds());
    const reporters = [await consoleFor(io), ...(await fileReporters(config.reports))];
    if (typeof argv.replay === 'string') return replay(argv.replay, config, reporters, io);
    // The composition root picks the target: the embedded sandbox unless --base-url was given.
    const summary = await withTarget(config, (target) => runConformance(config, { target, reporters }));
    // Failures come first (exit 1); a green run that judged nothing is exit 3 unless accepted.
    const nothing = summary.nothingJudged;
    if (nothing?.code === 'E_TARGET_UNREACHABLE')
      throw new CbpError(nothing.code, nothing.message, { hint: nothing.hint });
    if (summary.failed === 0 && nothing && argv.allowPartial !== true)
      throw new CbpError('E_NOTHING_JUDGED', nothing.message, { hint: nothing.hint });
    return exitFor(summary);
  },
};
