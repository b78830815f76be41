/**
 * Nothing important is skipped silently: a skipped check or case carries why, and what would
 * enable it. `--require` turns the skips of the named checks into failures.
 */

export interface SkipReason {
  /** Why it could not run, e.g. "the passive driver has no deliverFunds()". */
  reason: string;
  /** What would make it run, e.g. "--driver PATH with deliverFunds()". */
  enable?: string;
}

/** One case of a check that did not run (or ran only part of the way). */
export interface SkippedCase extends SkipReason {
  /** The case, e.g. "api payment, 3 recipients". */
  case: string;
  /** How far it went when it ran partly, e.g. "judged up to AWAITING_FUNDS (1 event)". */
  reached?: string;
}

/** `--require all` or check ids/tags. */
export function isRequired(required: readonly string[], check: { id: string; tags: readonly string[] }): boolean {
  return required.includes('all') || required.includes(check.id) || check.tags.some((t) => required.includes(t));
}
