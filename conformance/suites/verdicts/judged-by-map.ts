/** Which checks' cases cite each rule id in a run's outcomes (skipped cases judge nothing):
 * what judged-by.ts records from a run against the embedded sandbox. */
import type { CheckOutcome } from '../../engine/types.js';

export function judgedByOf(outcomes: readonly CheckOutcome[]): Record<string, string[]> {
  const map = new Map<string, Set<string>>();
  const add = (rule: string | undefined, check: string) => {
    if (rule) (map.get(rule) ?? map.set(rule, new Set()).get(rule)!).add(check);
  };
  for (const o of outcomes) {
    for (const r of o.records ?? []) if (r.verdict !== 'skipped') add(r.rule, o.checkId);
    for (const f of o.failures) add(f.rule, o.checkId);
  }
  return Object.fromEntries([...map].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, [...v].sort()]));
}
