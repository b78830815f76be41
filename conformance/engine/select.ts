/**
 * `--only` / `--skip`: by check id or tag. An unknown name is a usage error listing the valid
 * ones, so a typo never runs an empty suite green.
 */
import { CbpError } from '../../lib/errors.js';
import type { Check } from './check.js';

type Selectable = Pick<Check<never>, 'id' | 'tags'>;

export function selectChecks<T extends Selectable>(all: readonly T[], only: readonly string[], skip: readonly string[]): T[] {
  const ids = all.map((c) => c.id);
  const tags = [...new Set(all.flatMap((c) => c.tags))].sort();
  for (const [flag, names] of [
    ['--only', only],
    ['--skip', skip],
  ] as const) {
    const unknown = names.filter((n) => !ids.includes(n) && !tags.includes(n));
    if (unknown.length > 0) {
      throw new CbpError('E_CHECK_UNKNOWN', `${flag}: unknown check ${unknown.map((u) => JSON.stringify(u)).join(', ')}`, {
        hint: `valid check ids: ${ids.join(', ')}; tags: ${tags.join(', ')}`,
      });
    }
  }
  const matches = (c: T, names: readonly string[]) => names.includes(c.id) || c.tags.some((t) => names.includes(t));
  return all.filter((c) => (only.length === 0 || matches(c, only)) && !matches(c, skip));
}
