/**
 * Groups failures that follow from an earlier one under it, so a partner reads the cause first
 * (a payout without recipient_id also shows up as "no PAYOUT_CREDITED for recipient ..."). The
 * relations are the suite's data (a cause rule, the rules that likely follow from it, and whether
 * both must concern the same subject); the engine only applies them.
 */
import type { CheckOutcome, Failure } from './types.js';

export interface CauseRelation {
  cause: RegExp;
  consequences: RegExp;
  /** Both failures concern the same subject (payment or operation); otherwise any in the check. */
  sameSubject: boolean;
  /** The consequence may be in any check (e.g. a refused base hides its negative cases). */
  anyCheck?: boolean;
}

const subjectOf = (f: Failure) => f.subject?.replace(/^.*\((.+)\)$/, '$1');

/** Marks each likely consequence with the message of its cause (outcomes are returned as new objects). */
export function groupRootCauses(
  outcomes: readonly CheckOutcome[],
  relations: readonly CauseRelation[],
): CheckOutcome[] {
  const all = outcomes.flatMap((o) => o.failures.map((f) => ({ f, checkId: o.checkId })));
  const causeOf = (f: Failure, checkId: string): Failure | undefined => {
    for (const r of relations) {
      if (!f.rule || !r.consequences.test(f.rule)) continue;
      const cause = all.find(
        (c) =>
          c.f !== f &&
          c.f.rule !== undefined &&
          r.cause.test(c.f.rule) &&
          c.f.rule !== f.rule &&
          (r.anyCheck || c.checkId === checkId) &&
          (!r.sameSubject || (subjectOf(c.f) !== undefined && subjectOf(c.f) === subjectOf(f))),
      );
      if (cause) return cause.f;
    }
    return undefined;
  };
  return outcomes.map((o) => ({
    ...o,
    failures: o.failures.map((f) => {
      const cause = causeOf(f, o.checkId);
      return cause ? { ...f, likelyConsequenceOf: `${cause.rule}: ${cause.message}` } : f;
    }),
  }));
}

/** Root causes first, then the rest; each consequence right after the roots (order kept otherwise). */
export function rootsFirst(failures: readonly Failure[]): Failure[] {
  const rank = (f: Failure) => (f.likelyConsequenceOf ? 2 : f.severity === 'error' ? 0 : 1);
  return failures
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
    .map((x) => x.f);
}
