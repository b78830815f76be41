/**
 * Groups failures that follow from an earlier one under it, so a partner reads the cause first:
 * a payout without recipient_id also shows up as "no PAYOUT_CREDITED for recipient ...", an
 * unverified signature drops every event after it. Relations are data: a cause rule, the rules
 * that likely follow from it, and whether both must concern the same subject (payment, operation).
 */
import type { CheckOutcome, Failure } from '../runner/types.js';

interface Relation {
  cause: RegExp;
  consequences: RegExp;
  /** Both failures concern the same subject (payment or operation); otherwise any in the check. */
  sameSubject: boolean;
  /** The consequence may be in any check (e.g. a refused base hides its negative cases). */
  anyCheck?: boolean;
}

const relations: Relation[] = [
  { cause: /^events\.signature$/, consequences: /^events\./, sameSubject: false },
  { cause: /^events\.first-carries-payment-id$/, consequences: /^events\./, sameSubject: true },
  {
    cause: /^events\.payout-recipient-id$/,
    consequences:
      /^(events\.(payout-once-per-recipient|completed-after-all-credited|credited-after-initiated|move-not-shown|payouts-interleaved|flow-completes)|webhook\.payout-recipient-id)$/,
    sameSubject: true,
  },
  { cause: /^events\.payout-recipient-id$/, consequences: /^webhook\.payout-recipient-id$/, sameSubject: false },
  {
    cause: /^events\.event-id-same-event$/,
    consequences: /^events\.(payout-once-per-recipient|move-not-shown|nothing-after-cancelled|one-completed|after-completed)$/,
    sameSubject: true,
  },
  { cause: /^events\.nothing-after-cancelled$/, consequences: /^events\.(move-not-shown|unlisted-status)$/, sameSubject: true },
  { cause: /^events\.payout-once-per-recipient$/, consequences: /^events\.(move-not-shown|completed-after-all-credited)$/, sameSubject: true },
  { cause: /^positive\./, consequences: /^negative\.not-attributable$/, sameSubject: true, anyCheck: true },
];

const subjectOf = (f: Failure) => f.subject?.replace(/^.*\((.+)\)$/, '$1');

/** Marks each likely consequence with the message of its cause (outcomes are returned as new objects). */
export function groupRootCauses(outcomes: readonly CheckOutcome[]): CheckOutcome[] {
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
