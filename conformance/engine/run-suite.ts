/**
 * The one run loop of every suite: runs the checks in order (phase `after` last), emits runner
 * events to the reporters, and turns a check that throws into one failure of that check so the
 * run always goes on. It knows neither the checks (the caller passes them) nor the target.
 */
import { isCbpError } from '../../lib/errors.js';
import type { Check, CheckResult } from './check.js';
import type { CheckOutcome, Reporter, ReportSection, RunnerEvent, SuiteSummary } from './types.js';

export interface SuiteOptions<C> {
  /** Shown by reporters: the base URL, the webhook endpoint, the log file... */
  target: string;
  reporters?: readonly Reporter[];
  /** Removes secrets from the text of a thrown error before it becomes a failure. */
  scrub?: (text: string) => string;
  /** Called before each check runs (e.g. to tag recorded exchanges with the check id). */
  beforeCheck?: (check: Check<C>, ctx: C) => void;
  /** Suite-specific sections for the summary, computed once every check has run. */
  sections?: (ctx: C) => ReportSection[] | Promise<ReportSection[]>;
}

export async function runSuite<C>(checks: readonly Check<C>[], ctx: C, options: SuiteOptions<C>): Promise<SuiteSummary> {
  const ordered = [...checks.filter((c) => c.phase !== 'after'), ...checks.filter((c) => c.phase === 'after')];
  const reporters = options.reporters ?? [];
  const emit = async (e: RunnerEvent) => {
    for (const r of reporters) await r.handle(e);
  };
  const started = Date.now();
  const outcomes: CheckOutcome[] = [];
  await emit({ type: 'suite-start', target: options.target, checkIds: ordered.map((c) => c.id) });
  for (const check of ordered) {
    await emit({ type: 'check-start', checkId: check.id, title: check.title });
    options.beforeCheck?.(check, ctx);
    const t0 = Date.now();
    const result = await runOne(check, ctx, options.scrub ?? ((t) => t));
    const outcome = toOutcome(check, result, Date.now() - t0);
    outcomes.push(outcome);
    await emit({ type: 'check-finish', outcome });
  }
  const sections = options.sections ? await options.sections(ctx) : [];
  const summary = summarize(options.target, outcomes, Date.now() - started, sections);
  await emit({ type: 'suite-finish', summary });
  for (const r of reporters) await r.finish?.();
  return summary;
}

/** A check that throws fails with the error as its one failure; the suite goes on. */
async function runOne<C>(check: Check<C>, ctx: C, scrub: (text: string) => string): Promise<CheckResult> {
  try {
    return await check.run(ctx);
  } catch (err) {
    const text = isCbpError(err) ? err.format() : `internal error: ${(err as Error)?.message ?? String(err)}`;
    return { cases: 0, failures: [{ checkId: check.id, message: scrub(text), severity: 'error' }] };
  }
}

function toOutcome<C>(check: Check<C>, r: CheckResult, durationMs: number): CheckOutcome {
  const errors = r.failures.some((f) => f.severity === 'error');
  const warnings = r.failures.some((f) => f.severity === 'warning');
  const outcome: CheckOutcome = {
    checkId: check.id,
    title: check.title,
    source: check.source,
    tags: check.tags,
    status: r.skipped ? 'skipped' : errors ? 'failed' : warnings ? 'warning' : 'passed',
    failures: r.failures,
    cases: r.cases,
    skippedReason: r.skipped,
    note: r.note,
    severity: check.severity,
    durationMs,
  };
  if (r.records) outcome.records = r.records;
  return outcome;
}

export function summarize(target: string, outcomes: CheckOutcome[], durationMs: number, sections: ReportSection[] = []): SuiteSummary {
  const count = (s: CheckOutcome['status']) => outcomes.filter((o) => o.status === s).length;
  const summary: SuiteSummary = { target, outcomes, passed: count('passed'), failed: count('failed'), warnings: count('warning'), skipped: count('skipped'), durationMs };
  if (sections.length > 0) summary.sections = sections;
  return summary;
}
