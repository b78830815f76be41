/**
 * The one place severities are decided: a failure or case that names its provenance is graded
 * from it (seed or HTTP: failure; assumption or "not shown": warning, failure with --strict).
 * A failure without a provenance keeps the severity its check gave it.
 */
import type { CaseRecord, Failure } from '../runner/types.js';
import { severityOf } from './provenance.js';

export function gradeFailure(f: Failure, strict: boolean): Failure {
  return f.provenance ? { ...f, severity: severityOf(f.provenance, strict) } : f;
}

export function gradeCase(c: CaseRecord, strict: boolean): CaseRecord {
  if (c.verdict === 'passed' || !c.provenance) return c;
  return { ...c, verdict: severityOf(c.provenance, strict) === 'error' ? 'failed' : 'warning' };
}
