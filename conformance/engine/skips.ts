/**
 * Nothing important is skipped silently: a skipped check or case carries why and what would
 * enable it (CaseRecord in types.ts); `--require` turns the skips of the named checks into failures.
 */

import { CbpError } from '../../lib/errors.js';

/** `--require` names must exist, like `--only` ones: a typo must not quietly require nothing. */
export function checkRequired(
  all: ReadonlyArray<{ id: string; tags: readonly string[] }>,
  required: readonly string[],
): void {
  const names = new Set(['all', ...all.map((c) => c.id), ...all.flatMap((c) => c.tags)]);
  const unknown = required.filter((r) => !names.has(r));
  if (unknown.length > 0) {
    throw new CbpError(
      'E_CHECK_UNKNOWN',
      `--require: unknown check ${unknown.map((u) => JSON.stringify(u)).join(', ')}`,
      {
        hint: `all, or check ids: ${all.map((c) => c.id).join(', ')}`,
      },
    );
  }
}

/** Why something could not run, and what would make it run. */
export interface SkipReason {
  reason: string;
  enable?: string;
}

/** `--require all`, or check ids and tags. */
export function isRequired(required: readonly string[], check: { id: string; tags: readonly string[] }): boolean {
  return required.includes('all') || required.includes(check.id) || check.tags.some((t) => required.includes(t));
}
