/**
 * Where an expectation comes from, and so how hard its violation counts. One mechanism for every
 * check: a seed statement is a failure; an assumption (an `A-...` id of spec/README.md) or
 * something the seed leaves "not shown" is a warning, a failure with --strict; generic HTTP
 * (RFC 9110) is a failure. Checks attach a provenance to each failure; the engine grades it
 * (run-suite.ts), so no check decides a severity of its own.
 */
import type { CaseRecord, Failure, Provenance, Severity } from './types.js';

export type { Provenance };

export const seed = (section: string, quote?: string): Provenance => ({
  kind: 'seed',
  section,
  ...(quote ? { quote } : {}),
});
export const assumption = (ids: string | string[], section?: string): Provenance => ({
  kind: 'assumption',
  ids: Array.isArray(ids) ? ids : [ids],
  ...(section ? { section } : {}),
});
export const notShown = (section: string, quote?: string, ids?: string[]): Provenance => ({
  kind: 'not-shown',
  section,
  ...(quote ? { quote } : {}),
  ...(ids?.length ? { ids } : {}),
});
export const http = (reference: string): Provenance => ({ kind: 'http', reference });

/** Is this expectation soft (warning unless --strict)? */
export const isSoft = (p: Provenance): boolean => p.kind === 'assumption' || p.kind === 'not-shown';

export function severityOf(p: Provenance, strict: boolean): Severity {
  return isSoft(p) && !strict ? 'warning' : 'error';
}

/**
 * What a partner calls the source this project names "the seed": the provider's own description
 * of its service. Every text a user reads names it so, with its section (§); the JSON `kind`
 * stays `seed` (a data key, not a sentence).
 */
export const SERVICE_DESCRIPTION = "the provider's service description";

/** One line naming the source, e.g. `the provider's service description, §Create payment (v3), rule 2 "Recipient
 * details must be valid and active."`. */
export function describeProvenance(p: Provenance): string {
  const q = (s?: string) => (s ? ` "${s}"` : '');
  switch (p.kind) {
    case 'seed':
      return `${SERVICE_DESCRIPTION}, §${p.section}${q(p.quote)}`;
    case 'assumption':
      return `assumption ${p.ids.join(', ')}${p.section ? ` (§${p.section}${q(p.quote)})` : ''}`;
    case 'not-shown':
      return `not shown in ${SERVICE_DESCRIPTION}: §${p.section}${q(p.quote)}${p.ids?.length ? ` (${p.ids.join(', ')})` : ''}`;
    case 'http':
      return `HTTP: ${p.reference}`;
  }
}

/**
 * Reads an `x-assumption` value in any of the forms spec/ uses: one id (`A-SESSION-3`), a list of
 * ids, an object `{ id, note }`, or a list of such objects. Anything else yields no id.
 */
export function readAssumptionIds(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
  if (Array.isArray(value)) return value.flatMap(readAssumptionIds);
  if (value !== null && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string')
    return [(value as { id: string }).id];
  return [];
}

/** A failure that names its provenance is graded from it; one without keeps the severity its check gave. */
export function gradeFailure(f: Failure, strict: boolean): Failure {
  return f.provenance ? { ...f, severity: severityOf(f.provenance, strict) } : f;
}

/** A case that did not pass is a failure or a warning according to its provenance. */
export function gradeRecord(c: CaseRecord, strict: boolean): CaseRecord {
  if (c.verdict !== 'failed' || !c.provenance) return c;
  return { ...c, verdict: severityOf(c.provenance, strict) === 'error' ? 'failed' : 'warning' };
}
