import { getAt, hasAt, parsePointerPattern } from 'cross-border-payments-runtime/rules/pointer.js';
import { createRequiredWhen, type RequiredWhenParams } from 'cross-border-payments-runtime/rules/required-when.js';
import { compileWhen } from 'cross-border-payments-runtime/rules/condition.js';
import { _ } from 'ajv';
import { or } from 'ajv/dist/compile/codegen/index.js';
import { emitGet, isLiteral, lit } from './fast-path.js';
import { withValue, without } from './mutate.js';
import { POINTER, WHEN, defineRuleKeyword, type Mutation } from './rule-keyword.js';

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
  fast(gen, data, params) {
    const options = params.when.in ?? [params.when.equals];
    if (!options.every(isLiteral) || params.require.some((r) => r.includes('*'))) return undefined;
    const ok = gen.let('cbpOk', true);
    const subject = emitGet(gen, data, parsePointerPattern(params.when.pointer));
    gen.if(or(...options.map((o) => _`${subject} === ${lit(o as never)}`)), () => {
      for (const r of params.require) {
        const v = emitGet(gen, data, parsePointerPattern(r));
        gen.if(_`${v} === undefined || ${v} === null || ${v} === ""`, () => gen.assign(ok, false));
      }
    });
    return ok;
  },
  violate(valid, params) {
    // Make the condition hold (if it does not already), then drop one required member.
    const base = compileWhen(params.when)(valid) ? valid : withValue(valid, params.when.pointer, params.when.in !== undefined ? params.when.in[0] : params.when.equals);
    const out: Mutation[] = [];
    for (const pointer of params.require) {
      const pattern = parsePointerPattern(pointer);
      if (!hasAt(base, pattern) || getAt(base, pattern) === null) {
        if (base !== valid) out.push({ value: base, pointer, description: `condition made true while ${pointer} is absent` });
        continue;
      }
      out.push({ value: without(base, pointer), pointer, description: `${pointer} removed while ${params.when.pointer} matches` });
    }
    return out;
  },
});
