import { createCaseSensitiveEnum, type CaseSensitiveEnumParams } from 'cross-border-payments-runtime/rules/case-sensitive-enum.js';
import { _, type Code } from 'ajv';
import { or } from 'ajv/dist/compile/codegen/index.js';
import { usePattern } from 'ajv/dist/vocabularies/code.js';
import { parsePointerPattern } from 'cross-border-payments-runtime/rules/pointer.js';
import { emitAll } from './fast-path.js';
import { locations, withValue } from './mutate.js';
import { POINTERS, defineRuleKeyword, type Mutation } from './rule-keyword.js';

export const caseSensitiveEnum = defineRuleKeyword<CaseSensitiveEnumParams>({
  name: 'case-sensitive-enum',
  factory: 'createCaseSensitiveEnum',
  create: createCaseSensitiveEnum,
  paramsSchema: {
    type: 'object',
    required: ['at', 'known'],
    properties: {
      at: POINTERS,
      known: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
      pattern: { type: 'string', format: 'regex' },
    },
    additionalProperties: false,
  },
  fast(gen, data, params, cxt) {
    const ok = gen.let('cbpOk', true);
    // The runtime check compiles the pattern in unicode mode; only use ajv's copy when it does too.
    const regex = params.pattern !== undefined && cxt.it.opts.unicodeRegExp !== false ? usePattern(cxt, params.pattern) : undefined;
    for (const p of typeof params.at === 'string' ? [params.at] : params.at) {
      emitAll(gen, ok, data, parsePointerPattern(p), (v) => {
        const alternatives: Code[] = params.known.map((k) => _`${v} === ${k}`);
        if (regex !== undefined) alternatives.push(_`(${v} !== "" && ${regex}.test(${v}))`);
        return _`${v} === undefined || (typeof ${v} == "string" && (${or(...alternatives)}))`;
      });
    }
    return ok;
  },
  violate(valid, params) {
    const out: Mutation[] = [];
    for (const l of locations(valid, params.at)) {
      if (!l.present || typeof l.value !== 'string') continue;
      const lower = l.value.toLowerCase();
      if (lower !== l.value) out.push({ value: withValue(valid, l.pointer, lower), pointer: l.pointer, description: `${l.pointer} in lower case` });
      out.push({ value: withValue(valid, l.pointer, ''), pointer: l.pointer, description: `${l.pointer} empty` });
      out.push({ value: withValue(valid, l.pointer, null), pointer: l.pointer, description: `${l.pointer} null` });
    }
    return out;
  },
});
