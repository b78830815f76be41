import { compileWhen, describeWhen } from './condition.js';
import { getAt, parsePointerPattern } from './pointer.js';
import type { RuleCheck, RuleHit, WhenCondition } from './types.js';

export interface RequiredWhenParams {
  when: WhenCondition;
  /** Pointers that must be present (and not null or '') when the condition holds. */
  require: string[];
}

/** Conditional presence, e.g. fields that are "Required when <flag> is true". */
export function createRequiredWhen(params: RequiredWhenParams): RuleCheck {
  const holds = compileWhen(params.when);
  const required = params.require.map((p) => ({ pointer: p, pattern: parsePointerPattern(p) }));
  const because = describeWhen(params.when);
  return (data) => {
    if (!holds(data)) return null;
    let hits: RuleHit[] | null = null;
    for (const r of required) {
      const value = getAt(data, r.pattern);
      if (value !== undefined && value !== null && value !== '') continue;
      (hits ??= []).push({ pointer: r.pointer, message: `${r.pointer} is required when ${because}` });
    }
    return hits;
  };
}
