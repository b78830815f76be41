/**
 * One conformance check: a small module registered in conformance/checks/index.ts (STYLE.md,
 * "One check per module"). A check returns its failures; it keeps no state of its own and reads
 * what earlier checks sent from the recorder in the context.
 */
import type { RunContext } from './context.js';
import type { CaseRecord, Failure, Severity } from './types.js';

export interface CheckResult {
  /** How many cases were evaluated (requests sent, events judged, exchanges inspected). */
  cases: number;
  failures: Failure[];
  /** Set when the check could not run at all (e.g. needs the sandbox control API). */
  skipped?: string;
  /** Shown with the outcome (e.g. what could not be covered). */
  note?: string;
  /** Every case run (verdicts are graded by the runner from each case's provenance). */
  caseLog?: CaseRecord[];
}

export interface ConformanceCheck {
  id: string;
  title: string;
  /** Seed section the check enforces. */
  source: string;
  /** Severity of its failures unless a failure says otherwise. */
  severity: Severity;
  /** Selection tags (`--only spec`), besides the id. */
  tags: string[];
  /** `after`: evaluated once every other check has run (checks over the whole recording). */
  phase?: 'main' | 'after';
  run(ctx: RunContext): Promise<CheckResult>;
}
