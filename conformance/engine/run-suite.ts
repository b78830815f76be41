/**
 * The one run loop of every suite: runs the checks in order (phase `after` last), emits runner
 * events to the reporters, and turns a check that throws into one failure of that check so the
 * run always goes on. It knows neither the checks (the caller passes them) nor the target.
 */
import { isCbpError } from '../../lib/errors.js';
import type { Check, CheckResult } from './check.js';
import { DEADLINE_GRACE_MS, type Deadline } from './deadline.js';
import { runAsCheck } from './check-scope.js';
import { gradeFailure, gradeRecord } from './provenance.js';
import { type CauseRelation, groupRootCauses } from './root-causes.js';
import { mapStrings } from './redact.js';
import { isRequired } from './skips.js';
import type {
  CaseRecord,
  CheckOutcome,
  CoverageLine,
  Failure,
  Reporter,
  ReportSection,
  RunnerEvent,
  SuiteSummary,
} from './types.js';

export interface SuiteOptions<C> {
  /** Shown by reporters: the base URL, the webhook endpoint, the log file... */
  target: string;
  reporters?: readonly Reporter[];
  /** Removes secrets from every text reporters see (messages, evidence, reproduce lines, notes). */
  scrub?: (text: string) => string;
  /**
   * The context one check runs with, built for it from the run's (default: the run's own): e.g.
   * with its `progress`, which shows what the check waits for on a terminal. Nothing is set on a
   * shared object between checks; what a check's exchanges are attributed to is its scope
   * (check-scope.ts).
   */
  contextFor?: (check: Check<C>, ctx: C, progress: (lines: string[]) => void) => C;
  /** `--require`: check ids or tags (or `all`) whose skipped or partial outcome is a failure. */
  require?: readonly string[];
  /** Suite-specific sections for the summary, computed once every check has run. */
  sections?: (ctx: C) => ReportSection[] | Promise<ReportSection[]>;
  /** Findings resting on an assumption or on something not shown are failures too (default: warnings). */
  strict?: boolean;
  /** Which failures likely follow from which (the suite's data): consequences are grouped under their cause. */
  causes?: readonly CauseRelation[];
  /** What the run exercised, computed once every check has run; every report ends with it. */
  coverage?: (ctx: C, outcomes: readonly CheckOutcome[]) => CoverageLine[];
  /** Lines printed after the failures (e.g. where a variable of the reproduce lines comes from). */
  notes?: (ctx: C, outcomes: readonly CheckOutcome[]) => string[];
  /**
   * Rewrites a finished outcome before any reporter sees it (e.g. the reproduce lines of a target
   * that dies with the run), so that every report and the returned summary say the same.
   */
  finishOutcome?: (outcome: CheckOutcome) => CheckOutcome;
  /**
   * The run's deadline: a check that has not started when it passes is not run, one still running
   * a short grace later is cut short (its sends already stop, engine/http.ts); both are not judged,
   * and the summary says so.
   */
  deadline?: Deadline;
}

export async function runSuite<C>(
  checks: readonly Check<C>[],
  ctx: C,
  options: SuiteOptions<C>,
): Promise<SuiteSummary> {
  const ordered = [...checks.filter((c) => c.phase !== 'after'), ...checks.filter((c) => c.phase === 'after')];
  const reporters = options.reporters ?? [];
  // The one choke point of what reporters see: a check may quote a target's answer (which may
  // echo a credential) in a message, a subject or evidence, so every string passes `scrub`.
  const scrub = options.scrub;
  const shown = <T>(v: T): T => (scrub ? mapStrings(v, scrub) : v);
  const emit = async (e: RunnerEvent) => {
    const event = shown(e);
    for (const r of reporters) await r.handle(event);
  };
  const started = Date.now();
  const outcomes: CheckOutcome[] = [];
  const deadline = options.deadline;
  const stopped = { notRun: [] as string[], cutShort: [] as string[] };
  await emit({ type: 'suite-start', target: options.target, checkIds: ordered.map((c) => c.id) });
  for (const check of ordered) {
    await emit({ type: 'check-start', checkId: check.id, title: check.title });
    // A check the deadline cut short may still be winding down: its progress is no longer shown.
    const progress = (lines: string[]) =>
      void (outcomes.length === ordered.indexOf(check) && emit({ type: 'check-progress', checkId: check.id, lines }));
    const t0 = Date.now();
    let result: CheckResult;
    if (deadline?.passed) {
      stopped.notRun.push(check.id);
      result = unjudged(check.id, `${deadline.reason} before it started`);
    } else {
      const checkCtx = options.contextFor ? options.contextFor(check, ctx, progress) : ctx;
      const work = runAsCheck(check.id, () => runOne(check, checkCtx, options.scrub ?? ((t) => t)));
      const done = deadline ? await deadline.within(work, DEADLINE_GRACE_MS) : { value: await work };
      if (done) result = done.value;
      else {
        stopped.cutShort.push(check.id);
        result = unjudged(check.id, `${deadline!.reason} while it ran`);
      }
    }
    const graded = toOutcome(check, notJudged(result), Date.now() - t0, options.strict === true);
    const finished = options.finishOutcome ? options.finishOutcome(graded) : graded;
    // What the deadline stopped is not judged: no --require turns it into a failure.
    const stoppedHere = stopped.notRun.includes(check.id) || stopped.cutShort.includes(check.id);
    const outcome = stoppedHere ? finished : requireOutcome(finished, options.require ?? []);
    outcomes.push(outcome);
    await emit({ type: 'check-finish', outcome });
  }
  // Passed while a check ran: something was left unjudged (after the last check, nothing was).
  const overran = deadline?.passed === true;
  const sections = options.sections ? await options.sections(ctx) : [];
  const grouped = groupRootCauses(outcomes, options.causes ?? []);
  const built = summarize(options.target, grouped, Date.now() - started, sections);
  if (options.coverage) built.coverage = options.coverage(ctx, grouped);
  const notes = options.notes?.(ctx, grouped) ?? [];
  if (deadline && overran) {
    built.deadline = { seconds: deadline.seconds, ...stopped };
    notes.unshift(deadlineNote(deadline, stopped));
  }
  if (notes.length > 0) built.notes = notes;
  const summary = shown(built);
  await emit({ type: 'suite-finish', summary });
  for (const r of reporters) await r.finish?.();
  return summary;
}

/** A check the deadline stopped: one case not judged, saying why. */
function unjudged(checkId: string, why: string): CheckResult {
  return {
    cases: 0,
    failures: [],
    skipped: `not judged: ${why}`,
    skipEnable: 'a longer deadline (--deadline SECONDS, or run.deadline_seconds in the config)',
    records: [
      {
        subject: checkId,
        verdict: 'not-judged',
        reason: `not judged: ${why}`,
        enable: 'a longer deadline (--deadline SECONDS, or run.deadline_seconds in the config)',
      },
    ],
  };
}

function deadlineNote(deadline: Deadline, stopped: { notRun: string[]; cutShort: string[] }): string {
  const parts = [
    stopped.cutShort.length > 0 ? `cut short while running: ${stopped.cutShort.join(', ')}` : '',
    stopped.notRun.length > 0 ? `not run: ${stopped.notRun.join(', ')}` : '',
  ].filter(Boolean);
  return (
    `${deadline.reason}: the run stopped there; ${parts.length > 0 ? `${parts.join('; ')} (not judged)` : 'every check had finished'}` +
    '; requests due after it were not sent (not judged). Give it more time with --deadline SECONDS'
  );
}

/** A check that throws fails with the error as its one failure; the suite goes on. */
async function runOne<C>(check: Check<C>, ctx: C, scrub: (text: string) => string): Promise<CheckResult> {
  try {
    return await check.run(ctx);
  } catch (err) {
    // One line: a report line is one value (the hint follows after a semicolon).
    const text = (isCbpError(err) ? err.format() : `internal error: ${(err as Error)?.message ?? String(err)}`).replace(
      /\r?\n\s*/g,
      '; ',
    );
    return { cases: 0, failures: [{ checkId: check.id, message: scrub(text), severity: 'error' }] };
  }
}

/** Severities come from provenance here, in one place (engine/provenance.ts), never from the check. */
function toOutcome<C>(check: Check<C>, r: CheckResult, durationMs: number, strict: boolean): CheckOutcome {
  const failures = groupWarnings(r.failures.map((f) => gradeFailure(f, strict)));
  const errors = failures.some((f) => f.severity === 'error');
  const warnings = failures.some((f) => f.severity === 'warning');
  // A case not judged is neither a pass nor a missing capability: listed, it leaves the status alone.
  const someSkipped = r.records?.some((x) => x.verdict === 'skipped') ?? false;
  const outcome: CheckOutcome = {
    checkId: check.id,
    title: check.title,
    source: check.source,
    tags: check.tags,
    status: r.skipped ? 'skipped' : errors ? 'failed' : someSkipped ? 'partial' : warnings ? 'warning' : 'passed',
    failures,
    cases: r.cases,
    skippedReason: r.skipped,
    note: r.note,
    severity: check.severity,
    durationMs,
  };
  if (r.skipEnable) outcome.skipEnable = r.skipEnable;
  if (r.records) outcome.records = r.records.map((c) => gradeRecord(c, strict));
  return outcome;
}

/**
 * A failure built on an answer that says nothing about the contract (throttled, or lost and not
 * resent: engine/http.ts) is a case not judged, never a failure.
 */
function notJudged(r: CheckResult): CheckResult {
  const lost = r.failures.filter((f) => f.evidence?.exchanges?.some((x) => x.indeterminate));
  if (lost.length === 0) return r;
  const records: CaseRecord[] = lost.map((f) => ({
    subject: f.subject,
    rule: f.rule,
    verdict: 'not-judged',
    reason: `not judged: ${f.evidence!.exchanges!.find((x) => x.indeterminate)!.indeterminate}`,
    enable: 'run again (lower --rate if the target throttles)',
  }));
  return { ...r, failures: r.failures.filter((f) => !lost.includes(f)), records: [...(r.records ?? []), ...records] };
}

/**
 * `--require`: a required check that was skipped, or ran only partly, fails, saying what is
 * missing. A case the target's throttling left not judged is not missing capability: the seed
 * shows no rate limit (§Limits), so it never becomes a failure, even required.
 */
function requireOutcome(o: CheckOutcome, required: readonly string[]): CheckOutcome {
  if ((o.status !== 'skipped' && o.status !== 'partial') || !isRequired(required, { id: o.checkId, tags: o.tags }))
    return o;
  const missing =
    o.status === 'skipped'
      ? [`${o.skippedReason ?? 'skipped'}${o.skipEnable ? ` (to enable: ${o.skipEnable})` : ''}`]
      : (o.records ?? [])
          .filter((x) => x.verdict === 'skipped')
          .map(
            (x) => `${x.subject ?? 'a case'}: ${x.reason ?? 'skipped'}${x.enable ? ` (to enable: ${x.enable})` : ''}`,
          );
  if (missing.length === 0) return o;
  const failures: Failure[] = missing.map((m) => ({
    checkId: o.checkId,
    message: `required (--require) but did not run: ${m}`,
    severity: 'error',
    rule: '--require',
  }));
  return { ...o, status: 'failed', failures: [...o.failures, ...failures] };
}

/**
 * Warnings of one check with the same cause (rule) are one finding with a count, as failures of
 * one fault are (one provider choice, such as per-payment event ids, must read as one warning, not
 * twenty); the first keeps its evidence and the others' messages are listed in its note.
 */
export function groupWarnings(failures: readonly Failure[]): Failure[] {
  const byCause = new Map<string, Failure[]>();
  for (const f of failures) {
    if (f.severity !== 'warning') continue;
    const key = f.rule ?? f.message;
    byCause.set(key, [...(byCause.get(key) ?? []), f]);
  }
  const out: Failure[] = [];
  for (const f of failures) {
    const group = f.severity === 'warning' ? byCause.get(f.rule ?? f.message) : undefined;
    if (!group || group.length === 1) out.push(f);
    else if (group[0] === f) {
      const others = [...new Set(group.slice(1).map((g) => `${g.subject ? `${g.subject}: ` : ''}${g.message}`))];
      const listed = others.slice(0, 5).join('; ') + (others.length > 5 ? `; … ${others.length - 5} more` : '');
      out.push({
        ...f,
        count: group.length,
        message: `${f.message} (and ${group.length - 1} more with the same cause)`,
        evidence: { ...f.evidence, note: [f.evidence?.note, `also: ${listed}`].filter(Boolean).join('; ') },
      });
    }
  }
  return out;
}

export function summarize(
  target: string,
  outcomes: CheckOutcome[],
  durationMs: number,
  sections: ReportSection[] = [],
): SuiteSummary {
  const count = (s: CheckOutcome['status']) => outcomes.filter((o) => o.status === s).length;
  const summary: SuiteSummary = {
    target,
    outcomes,
    passed: count('passed'),
    failed: count('failed'),
    warnings: count('warning'),
    partial: count('partial'),
    skipped: count('skipped'),
    durationMs,
  };
  if (sections.length > 0) summary.sections = sections;
  return summary;
}
