/**
 * The library entry of `cbp conformance`: opens the target, runs the selected checks in registry
 * order (the spec checks last, over everything recorded), emits runner events to the reporters,
 * and always closes what it started. Returns the summary; the CLI turns it into an exit code.
 */
import { checks as registry } from '../checks/index.js';
import type { MockOptions } from '../../sandbox/index.js';
import { isCbpError } from '../../lib/errors.js';
import type { CheckResult, ConformanceCheck } from './check.js';
import type { ConformanceConfig } from './config.js';
import type { RunContext } from './context.js';
import { judgeEvents } from './event-judge.js';
import { computeCoverage } from '../verdicts/coverage.js';
import { gradeCase, gradeFailure } from '../verdicts/grade.js';
import { groupRootCauses } from '../verdicts/root-causes.js';
import { readRawSpec, SpecProvenance } from '../verdicts/spec-provenance.js';
import { Recorder } from './recorder.js';
import { scrubText } from './redact.js';
import { selectChecks } from './select.js';
import { rerunFor, tokenSourceLine } from './reproduce.js';
import { loadSuiteSpec, packageSpecDir } from './spec.js';
import { openTarget } from './target.js';
import type { CheckOutcome, Reporter, RunnerEvent, SuiteSummary } from './types.js';
import type { SuiteValidators } from './validators.js';

export interface RunOptions {
  reporters?: Reporter[];
  /** Default: the registry in conformance/checks/index.ts. */
  checks?: readonly ConformanceCheck[];
  validators?: SuiteValidators;
  /** Directory holding openapi.yaml, rules.overlay.yaml, payment-states.yaml. Default: this package's spec/. */
  specDir?: string;
  /** Options of the embedded mock (tests, bench). */
  mock?: MockOptions;
}

export async function runConformance(config: ConformanceConfig, options: RunOptions = {}): Promise<SuiteSummary> {
  const selected = selectChecks(options.checks ?? registry, config.only, config.skip);
  const ordered = [...selected.filter((c) => c.phase !== 'after'), ...selected.filter((c) => c.phase === 'after')];
  const reporters = options.reporters ?? [];
  const emit = async (e: RunnerEvent) => {
    for (const r of reporters) await r.handle(e);
  };
  const { model, table } = await loadSuiteSpec(options.specDir);
  const recorder = new Recorder();
  const started = Date.now();
  const target = await openTarget(config, recorder, options.mock);
  const outcomes: CheckOutcome[] = [];
  try {
    const ctx: RunContext = {
      config,
      http: target.http,
      tokens: target.tokens,
      recorder,
      model,
      table,
      validators: options.validators ?? (await import('./validators.js')).generatedValidators,
      fixtures: target.fixtures,
      secondClient: config.file?.second_client,
      sandbox: target.sandbox,
      receiver: target.receiver,
      unique: target.unique,
      quoteFor: target.quoteFor,
      provenance: new SpecProvenance(readRawSpec(options.specDir ?? packageSpecDir())),
    };
    await emit({ type: 'suite-start', target: target.name, checkIds: ordered.map((c) => c.id) });
    for (const check of ordered) {
      await emit({ type: 'check-start', checkId: check.id, title: check.title });
      ctx.http.checkId = check.id;
      const t0 = Date.now();
      const result = await runOne(check, ctx, target.tokens.secrets());
      const outcome = toOutcome(check, result, Date.now() - t0, config.strict);
      outcomes.push(outcome);
      await emit({ type: 'check-finish', outcome });
    }
  } finally {
    await target.close();
  }
  const grouped = groupRootCauses(outcomes.map((o) => withReproduce(o, config)));
  const count = (s: CheckOutcome['status']) => grouped.filter((o) => o.status === s).length;
  const observed = judgeEvents(recorder.webhooks, table);
  const summary: SuiteSummary = {
    target: target.name,
    outcomes: grouped,
    passed: count('passed'),
    failed: count('failed'),
    warnings: count('warning'),
    skipped: count('skipped'),
    durationMs: Date.now() - started,
    observedTransitions: observed.transitions,
    notes: reproduceNotes(grouped, config),
    coverage: computeCoverage({
      model,
      table,
      cases: grouped.flatMap((o) => o.caseLog ?? []),
      operationsAnswered: recorder.exchanges.flatMap((x) => (x.operationId && x.response ? [x.operationId] : [])),
      transitions: observed.transitions,
      statuses: observed.statuses,
    }),
  };
  await emit({ type: 'suite-finish', summary });
  for (const r of reporters) await r.finish?.();
  return summary;
}

/** A check that throws fails with the error as its one failure; the suite goes on. */
async function runOne(check: ConformanceCheck, ctx: RunContext, secrets: string[]): Promise<CheckResult> {
  try {
    return await check.run(ctx);
  } catch (err) {
    const text = isCbpError(err) ? err.format() : `internal error: ${(err as Error)?.message ?? String(err)}`;
    return { cases: 0, failures: [{ checkId: check.id, message: scrubText(text, secrets), severity: 'error' }] };
  }
}

function toOutcome(check: ConformanceCheck, r: CheckResult, durationMs: number, strict: boolean): CheckOutcome {
  const failures = r.failures.map((f) => gradeFailure(f, strict));
  const errors = failures.some((f) => f.severity === 'error');
  const warnings = failures.some((f) => f.severity === 'warning');
  return {
    checkId: check.id,
    title: check.title,
    source: check.source,
    tags: check.tags,
    status: r.skipped ? 'skipped' : errors ? 'failed' : warnings ? 'warning' : 'passed',
    failures,
    cases: r.cases,
    ...(r.caseLog ? { caseLog: r.caseLog.map((c) => gradeCase(c, strict)) } : {}),
    skippedReason: r.skipped,
    note: r.note,
    severity: check.severity,
    durationMs,
  };
}

/** The embedded mock's port dies with the run: its failures reproduce by re-running the check. */
function withReproduce(o: CheckOutcome, config: ConformanceConfig): CheckOutcome {
  if (config.target.kind !== 'embedded') return o;
  return { ...o, failures: o.failures.map((f) => (f.reproduce?.startsWith('curl ') ? { ...f, reproduce: rerunFor(o.checkId, config) } : f)) };
}

function reproduceNotes(outcomes: readonly CheckOutcome[], config: ConformanceConfig): string[] | undefined {
  const lines = outcomes.flatMap((o) => o.failures.map((f) => f.reproduce ?? ''));
  const notes: string[] = [];
  if (config.target.kind === 'live' && lines.some((l) => l.includes('$CBP_TOKEN')))
    notes.push(`$CBP_TOKEN in the curl lines is a token of the primary client: ${tokenSourceLine(config.target.authUrl)}`);
  if (lines.some((l) => l.includes('$CBP_EXPIRED_TOKEN')))
    notes.push('$CBP_EXPIRED_TOKEN is an expired token of the primary client (the runner outlived a fresh one on the sandbox clock, or read CBP_EXPIRED_TOKEN)');
  return notes.length > 0 ? notes : undefined;
}
