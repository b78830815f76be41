/**
 * One check: a small module registered in its suite's index (conformance/suites/<suite>/checks/).
 * A check returns its findings; it keeps no state of its own and reads what earlier checks did
 * from its context. `C` is the suite's context; the engine never looks inside it.
 */
import type { CaseRecord, Failure, Provenance, Severity } from './types.js';

/** A rule id a check cites that the document does not define, and what it rests on. */
export interface CheckRule {
  title: string;
  provenance: Provenance;
}

export interface CheckResult {
  /** How many cases were evaluated (requests sent, events judged, exchanges inspected). */
  cases: number;
  failures: Failure[];
  /** Per-case records (coverage), when the check keeps them. */
  records?: CaseRecord[];
  /** Set when the check could not run at all, with the reason (e.g. needs the sandbox control API). */
  skipped?: string;
  /** What would make a skipped check run. */
  skipEnable?: string;
  /** Shown with the outcome (e.g. what could not be covered). */
  note?: string;
}

export interface Check<C> {
  id: string;
  title: string;
  /** Seed section the check enforces. */
  source: string;
  /** Severity of its failures unless a failure says otherwise. */
  severity?: Severity;
  /** Selection tags (`--only spec`), besides the id. */
  tags: string[];
  /** The rule ids its failures cite that the suite's other sources (the document, event rules)
   * do not define, keyed by id: a rule vocabulary collects them from the registry. */
  rules?: Readonly<Record<string, CheckRule>>;
  /** `after`: evaluated once every other check has run (checks over the whole recording). */
  phase?: 'main' | 'after';
  run(ctx: C): Promise<CheckResult>;
}
