/**
 * The library entry of `cbp conformance`: connects to the Target the caller hands it, runs the
 * given checks (default: this suite's registry) on the suite engine, and always closes what it
 * opened. Returns the summary; the CLI turns it into an exit code.
 */
import { CbpError } from '../../../lib/errors.js';
import { Recorder } from '../../engine/recorder.js';
import { scrubText } from '../../engine/redact.js';
import { runSuite } from '../../engine/run-suite.js';
import { selectChecks } from '../../engine/select.js';
import type { Reporter, SuiteSummary } from '../../engine/types.js';
import { stateSection } from '../events/state-diagram.js';
import { judgeEvents } from '../events/event-judge.js';
import { checks as apiChecks } from './checks/index.js';
import type { ConformanceConfig } from './config.js';
import { connect } from './connect.js';
import type { ConformanceCheck, RunContext } from './context.js';
import { loadSuiteSpec } from './spec.js';
import { liveTarget, type Target } from './target.js';
import type { SuiteValidators } from './validators.js';

export interface RunOptions {
  /**
   * The implementation to check. Default for a live config (--base-url): that URL. The embedded
   * sandbox is started by the caller (cli/sandbox-target.ts) and passed here.
   */
  target?: Target;
  reporters?: Reporter[];
  /** Default: this suite's registry (checks/index.ts). */
  checks?: readonly ConformanceCheck[];
  validators?: SuiteValidators;
  /** Directory holding openapi.yaml, rules.overlay.yaml, payment-states.yaml. Default: this package's spec/. */
  specDir?: string;
}

export async function runConformance(config: ConformanceConfig, options: RunOptions = {}): Promise<SuiteSummary> {
  const checks = selectChecks(options.checks ?? apiChecks, config.only, config.skip);
  const target = options.target ?? defaultTarget(config);
  const { model, table } = await loadSuiteSpec(options.specDir);
  const recorder = new Recorder();
  const conn = await connect(target, config, recorder);
  try {
    const ctx: RunContext = {
      config,
      credentials: target.credentials,
      http: conn.http,
      tokens: conn.tokens,
      recorder,
      model,
      table,
      validators: options.validators ?? (await import('./validators.js')).generatedValidators,
      fixtures: conn.fixtures,
      secondClient: config.file?.second_client,
      driver: conn.driver,
      sandbox: conn.driver?.control,
      receiver: conn.receiver,
      unique: conn.unique,
      quoteFor: conn.quoteFor,
    };
    const secrets = conn.tokens.secrets();
    return await runSuite(checks, ctx, {
      target: target.name,
      reporters: options.reporters,
      scrub: (text) => scrubText(text, secrets),
      beforeCheck: (check) => {
        conn.http.checkId = check.id;
      },
      sections: () => [stateSection(table, judgeEvents(recorder.webhooks, table).transitions)],
    });
  } finally {
    await conn.close();
  }
}

function defaultTarget(config: ConformanceConfig): Target {
  if (config.target.kind === 'live') return liveTarget(config);
  throw new CbpError('E_USAGE', 'no target: the embedded sandbox is started by the caller', {
    hint: 'pass options.target (startSandboxTarget() in cli/sandbox-target.ts), or --base-url for a live implementation',
  });
}
