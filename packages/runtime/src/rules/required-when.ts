import { compileWhen, describeWhen } from './condition.js';
import { defineRuleKeyword, isLiteral, POINTER, WHEN, type Mutation } from './keyword.js';
import { withValue, without } from './mutate.js';
import { getAt, hasAt, parsePointerPattern } from './pointer.js';
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

/** `x-cbp-required-when`. */
export const requiredWhen = defineRuleKeyword<RequiredWhenParams>({
  name: 'required-when',
  factory: 'createRequiredWhen',
  create: createRequiredWhen,
  paramsSchema: {
    type: 'object',
    required: ['when', 'require'],
    properties: { when: WHEN, require: { type: 'array', items: POINTER, minItems: 1 } },
    additionalProperties: false,
  },
  code(k) {
    const { _, gen, data, params } = k;
    const options = params.when.in ?? [params.when.equals];
    if (!options.every(isLiteral) || params.require.some((r) => r.includes('*'))) return undefined;
    const ok = gen.let('cbpOk', true);
    const subject = k.get(data, params.when.pointer);
    gen.if(k.or(...options.map((o) => _`${subject} === ${k.lit(o)}`)), () => {
      for (const r of params.require) {
        const v = k.get(data, r);
        gen.if(_`${v} === undefined || ${v} === null || ${v} === ""`, () => gen.assign(ok, false));
      }
    });
    return ok;
  },
  violate(valid, params) {
    // Make the condition hold (if it does not already), then drop one required member.
    const made = params.when.in !== undefined ? params.when.in[0] : params.when.equals;
    const base = compileWhen(params.when)(valid) ? valid : withValue(valid, params.when.pointer, made);
    const out: Mutation[] = [];
    for (const pointer of params.require) {
      const pattern = parsePointerPattern(pointer);
      if (!hasAt(base, pattern) || getAt(base, pattern) === null) {
        const description = `condition made true while ${pointer} is absent`;
        if (base !== valid) out.push({ value: base, pointer, description });
        continue;
      }
      const description = `${pointer} removed while ${params.when.pointer} matches`;
      out.push({ value: without(base, pointer), pointer, description });
    }
    return out;
  },
});
