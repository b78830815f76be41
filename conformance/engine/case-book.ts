/**
 * What a check keeps while it runs: every case (passed or not) and the failures, each case with
 * the rule it exercises and where that rule comes from. The runner grades both afterwards.
 */
import type { CheckResult } from './check.js';
import type { CaseRecord, Failure, Provenance } from './types.js';

export interface CaseInfo {
  name: string;
  /** Operation id, payment, ... */
  subject?: string;
  rule?: string;
  transition?: string;
  provenance?: Provenance;
}

export class CaseBook {
  readonly cases: CaseRecord[] = [];
  readonly failures: Failure[] = [];

  pass(c: CaseInfo): void {
    this.cases.push({ ...c, verdict: 'passed' });
  }

  /** The case failed: its failure gets the case's rule and provenance unless it names its own. */
  fail(c: CaseInfo, failure: Failure): void {
    const provenance = failure.provenance ?? c.provenance;
    this.cases.push({
      ...c,
      provenance,
      verdict: failure.severity === 'warning' && !provenance ? 'warning' : 'failed',
    });
    this.failures.push({ ...failure, rule: failure.rule ?? c.rule, ...(provenance ? { provenance } : {}) });
  }

  /**
   * The answer said nothing about the contract (throttled, or lost and not resent): the case is
   * not judged, never passed or failed (a 429 is no refusal of bad input either).
   */
  notJudged(c: CaseInfo, why: string): void {
    this.cases.push({
      ...c,
      verdict: 'not-judged',
      reason: `not judged: ${why}`,
      enable: 'run again (lower --rate if the target throttles)',
    });
  }

  /** A finding that is not a case of its own (e.g. a note-worthy refusal). */
  note(failure: Failure): void {
    this.failures.push(failure);
  }

  result(extra: Partial<CheckResult> = {}): CheckResult {
    return { cases: this.cases.length, failures: this.failures, records: this.cases, ...extra };
  }
}
