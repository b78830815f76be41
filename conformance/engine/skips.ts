/**
 * Nothing important is skipped silently: a skipped check or case carries why and what would
 * enable it (CaseRecord in types.ts); `--require` turns the skips of the named checks into failures.
 */

/** Why something could not run, and what would make it run. */
export interface SkipReason {
  reason: string;
  enable?: string;
}

/** `--require all`, or check ids and tags. */
export function isRequired(required: readonly string[], check: { id: string; tags: readonly string[] }): boolean {
  return required.includes('all') || required.includes(check.id) || check.tags.some((t) => required.includes(t));
}

/** Skipped-case records of a check, for the reporters. */
export function skippedRecords<T extends { verdict: string }>(records: readonly T[] | undefined): T[] {
  return (records ?? []).filter((r) => r.verdict === 'skipped');
}
