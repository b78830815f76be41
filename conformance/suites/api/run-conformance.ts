/**
 * The library entry of `cbp conformance`: connects to the Target the caller hands it, runs the
 * given checks (default: this suite's registry) on the suite engine, and always closes what it
 * opened. Returns the summary; the CLI turns it into an exit code.
 */
import path from 'node:path';
import { CbpError } from '../../../lib/errors.js';
import { Recorder } from '../../engine/recorder.js';
import { runSuite } from '../../engine/run-suite.js';
import { selectChecks, selectOperations, withLimits } from '../../engine/select.js';
import { gradeFailure } from '../../engine/provenance.js';
import { checkRequired } from '../../engine/skips.js';
import type { CheckOutcome, Reporter, SuiteSummary } from '../../engine/types.js';
import { stateSection } from '../events/state-diagram.js';
import { judgeEvents } from '../events/event-judge.js';
import { causeRelations } from '../verdicts/cause-relations.js';
import { computeCoverage } from '../verdicts/coverage.js';
import { type NothingJudged, nothingJudged, someOperationThere, type SubstanceInput } from '../verdicts/substance.js';
import { probeBasePath } from './base-path-probe.js';
import { checks as apiChecks } from './checks/index.js';
import type { ConformanceConfig } from './config.js';
import { connect } from './connect.js';
import type { BuiltinDriver } from './drivers/builtin.js';
import type { ConformanceCheck, RunContext } from './context.js';
import { rerunFor, tokenSourceLine } from './reproduce.js';
import { loadSuiteSpec, packageSpecDir, type SuiteSpec } from './spec.js';
import { liveTarget, type Target } from './target.js';
import type { SuiteValidators } from './validators.js';
import type { ApiModel } from '../../../generator/ir/model.js';
import { harReporter } from '../../engine/har.js';
import { throttleNote } from '../../engine/polite.js';
import { Deadline } from '../../engine/deadline.js';

export interface RunOptions {
  /**
   * The implementation to check. Default for a live config (--base-url): that URL. The embedded
   * sandbox is started by the caller (cli/sandbox-target.ts) and passed here.
   */
  target?: Target;
  reporters?: Reporter[];
  /** Default: this suite's registry (checks/index.ts). */
  checks?: readonly ConformanceCheck[];
  /** The built-in drivers `--driver NAME` may name. Default: drivers/builtin.ts. */
  drivers?: Record<string, BuiltinDriver>;
  validators?: SuiteValidators;
  /**
   * Directory holding openapi.yaml, rules.overlay.yaml, payment-states.yaml (and sandbox.overlay.yaml when
   * the validators were compiled with it). Default: this package's spec/. The validators must have been
   * compiled from it (`validators`, else generated/): the run refuses with E_CONFIG otherwise.
   */
  specDir?: string;
  /** Where the run records its exchanges and webhooks (default: a new one); `cbp record` reads it afterwards. */
  recorder?: Recorder;
}

/** The suite's summary, and when the run judged nothing substantial (every documented operation
 * answered 404/405, or no rule exercised), why: the CLI exits 3 on it unless --allow-partial. */
export interface ConformanceSummary extends SuiteSummary {
  nothingJudged?: NothingJudged;
}

export async function runConformance(config: ConformanceConfig, options: RunOptions = {}): Promise<ConformanceSummary> {
  const checks = selectChecks(options.checks ?? apiChecks, config.only, config.skip);
  checkRequired(options.checks ?? apiChecks, config.require);
  const target = options.target ?? defaultTarget(config);
  // The contract, read once: the model, the table and the provenance all come from this one load.
  const spec = await loadSuiteSpec(options.specDir);
  const { model, table } = spec;
  const validators = options.validators ?? (await import('./validators.js')).generatedValidators;
  checkValidators(spec, validators, options.validators === undefined);
  const selected = selectOperations(model.operations, config.operations ?? {});
  const limited = withLimits(checks, {
    ...(selected ? { operations: { all: new Set(model.operations.map((o) => o.id)), selected } } : {}),
    maxFailures: config.maxFailures,
    counts: (f) => gradeFailure(f, config.strict).severity === 'error',
  });
  const recorder = options.recorder ?? new Recorder();
  // From here on the run's clock runs: connecting (tokens, the driver) counts too.
  const deadline = new Deadline(config.deadlineSeconds);
  // Every credential the run is given; those issued during the run are learnt as they arrive.
  const c = target.credentials;
  recorder.redactor.learn(
    c.primary?.clientSecret,
    c.secondary?.clientSecret,
    c.apiKey,
    c.expiredToken,
    config.webhooks.secret,
  );
  const conn = await connect(target, config, recorder, options.drivers, deadline).catch((err) => {
    deadline.dispose();
    throw err;
  });
  try {
    const ctx: RunContext = {
      config,
      credentials: target.credentials,
      http: conn.http,
      tokens: conn.tokens,
      recorder,
      model: selected ? selectedModel(model, selected) : model,
      table,
      validators,
      fixtures: conn.fixtures,
      secondClient: config.file?.second_client,
      driver: conn.driver,
      ownSandbox: conn.own?.kind === 'sandbox',
      progress: () => undefined,
      sandbox: conn.driver.control,
      receiver: conn.receiver,
      unique: conn.unique,
      quoteFor: conn.quoteFor,
      provenance: spec.provenance,
    };
    const har = config.reports
      .filter((r) => r.kind === 'har')
      .map((r) => harReporter(r.path, recorder, conn.receiver?.url));
    const summary = await runSuite(limited, ctx, {
      target: `${target.name} (driver: ${conn.driver.name})`,
      reporters: [...(options.reporters ?? []), ...har],
      require: config.require,
      scrub: (text) => recorder.redactor.text(text),
      // Each check gets its own context with its progress line; its exchanges are attributed to
      // it by the engine (engine/check-scope.ts), so no shared object changes between checks.
      contextFor: (_check, run, progress) => ({ ...run, progress }),
      sections: () => [stateSection(table, judgeEvents(recorder.webhooks, table).transitions)],
      strict: config.strict,
      causes: causeRelations,
      coverage: (_ctx, outcomes) => {
        const observed = judgeEvents(recorder.webhooks, table);
        return computeCoverage({
          model,
          table,
          records: outcomes.flatMap((o) => o.records ?? []),
          operationsAnswered: recorder.exchanges.flatMap((x) => (x.operationId && x.response ? [x.operationId] : [])),
          transitions: observed.transitions,
          statuses: observed.statuses,
        });
      },
      notes: (_ctx, outcomes) =>
        [throttleNote(recorder.unjudged), ...reproduceNotes(outcomes, config)].filter(
          (n): n is string => n !== undefined,
        ),
      finishOutcome: (o) => withReproduce(o, config),
      deadline,
    });
    const substance: SubstanceInput = {
      baseUrl: target.baseUrl,
      coverage: summary.coverage,
      exchanges: recorder.exchanges,
      apiOperations: new Set(model.operations.filter((o) => !o.servers?.length).map((o) => o.id)),
      narrowed: config.only.length > 0 || config.skip.length > 0 || selected !== undefined,
    };
    let nothing = nothingJudged(substance);
    // Nothing under the base URL answered as a path that exists: ask it directly, for the message.
    if (nothing && !someOperationThere(substance)) {
      const probed = await probeBasePath(target.baseUrl, model, Math.min(config.timeoutMs, 5000));
      nothing = nothingJudged({ ...substance, exchanges: [...recorder.exchanges, ...probed] });
    }
    return nothing ? { ...summary, nothingJudged: nothing } : summary;
  } finally {
    deadline.dispose();
    await conn.close();
  }
}

/** The model as the checks see it under the operation filters: iterating `operations` yields the
 * selected ones only (what the positive, negative, auth and spec checks exercise and judge), while
 * a lookup by `find` still reaches every operation, so a flow can set up a payment through an
 * operation that is not judged. Coverage is still computed over the whole document. */
function selectedModel(model: ApiModel, selected: ReadonlySet<string>): ApiModel {
  const operations = model.operations.filter((o) => selected.has(o.id));
  Object.defineProperty(operations, 'find', { value: model.operations.find.bind(model.operations) });
  return { ...model, operations };
}

/**
 * The validators must judge the contract the run loaded: their document's hash is the one `cbp generate`
 * records for that contract (with the sandbox overlay, as cbp.config.json loads it, or without it). A
 * mismatch is a clear configuration error before anything is sent, never a run that silently judges one
 * document with another's validators.
 */
function checkValidators(spec: SuiteSpec, validators: SuiteValidators, generated: boolean): void {
  const hash = validators.documentHash;
  // The published contract alone is a valid source too (a partner generating without this project's sandbox overlay).
  if (hash === undefined || hash === spec.validatorsDocumentHash || hash === spec.model.documentHash) return;
  const which = generated ? "this package's generated/ validators were" : 'the validators passed in were';
  const short = (hash: string) => `${hash.slice(0, 12)}…`;
  const hashes = `sha256 ${short(hash)}, the contract's ${short(spec.validatorsDocumentHash)}`;
  const own = spec.dir === packageSpecDir();
  const hint = own
    ? 'regenerate generated/ (npm run build && node bin/cbp.js generate)'
    : 'cbp generate from that document (with its overlays); pass validators: suiteValidatorsOf(its output)';
  const message = `${which} compiled from another document than the contract in ${spec.dir} (${hashes})`;
  throw new CbpError('E_CONFIG', message, {
    file: path.join(spec.dir, 'openapi.yaml'),
    hint,
  });
}

function defaultTarget(config: ConformanceConfig): Target {
  if (config.target.kind === 'live') return liveTarget(config);
  throw new CbpError('E_USAGE', 'no target: the embedded sandbox is started by the caller', {
    hint:
      'pass options.target (startSandboxTarget() in ' +
      'cli/sandbox-target.ts), or --base-url for a live implementation',
  });
}

/**
 * The embedded sandbox's port dies with the run: its failures reproduce by re-running the check.
 * Applied as each check finishes, before any reporter writes, so every report shows the line the
 * returned summary has.
 */
function withReproduce(o: CheckOutcome, config: ConformanceConfig): CheckOutcome {
  if (config.target.kind !== 'embedded') return o;
  return {
    ...o,
    failures: o.failures.map((f) =>
      f.reproduce?.startsWith('curl ') ? { ...f, reproduce: rerunFor(o.checkId, config) } : f,
    ),
  };
}

function reproduceNotes(outcomes: readonly CheckOutcome[], config: ConformanceConfig): string[] {
  const lines = outcomes.flatMap((o) => o.failures.map((f) => f.reproduce ?? ''));
  const notes: string[] = [];
  if (config.target.kind === 'live' && lines.some((l) => l.includes('$CBP_TOKEN')))
    notes.push(
      `$CBP_TOKEN in the curl lines is a token of the primary client: ${tokenSourceLine(config.target.authUrl)}`,
    );
  if (lines.some((l) => l.includes('$CBP_EXPIRED_TOKEN')))
    notes.push(
      '$CBP_EXPIRED_TOKEN is an expired token of the primary client (the runner ' +
        'outlived a fresh one on the sandbox clock, or read CBP_EXPIRED_TOKEN)',
    );
  return notes;
}
