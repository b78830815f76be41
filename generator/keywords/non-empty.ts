import { createNonEmpty, type NonEmptyParams } from 'cross-border-payments-runtime/rules/non-empty.js';
import { _ } from 'ajv';
import { parsePointerPattern } from 'cross-border-payments-runtime/rules/pointer.js';
import { emitAll } from './fast-path.js';
import { locations, withValue } from './mutate.js';
import { POINTERS, defineRuleKeyword } from './rule-keyword.js';

export const nonEmpty = defineRuleKeyword<NonEmptyParams>({
  name: 'non-empty',
  factory: 'createNonEmpty',
  create: createNonEmpty,
  paramsSchema: { type: 'object', required: ['at'], properties: { at: POINTERS }, additionalProperties: false },
  fast(gen, data, params) {
    const ok = gen.let('cbpOk', true);
    for (const p of typeof params.at === 'string' ? [params.at] : params.at) {
      emitAll(
        gen,
        ok,
        data,
        parsePointerPattern(p),
        (v) => _`${v} === undefined || (Array.isArray(${v}) ? ${v}.length > 0 : typeof ${v} == "string" ? ${v} !== "" : typeof ${v} == "number" || typeof ${v} == "boolean")`,
      );
    }
    return ok;
  },
  violate(valid, params) {
    return locations(valid, params.at)
      .filter((l) => l.present && l.value !== null)
      .flatMap((l) => {
        const empty = Array.isArray(l.value) ? [] : typeof l.value === 'string' ? '' : {};
        return [
          { value: withValue(valid, l.pointer, empty), pointer: l.pointer, description: `${l.pointer} emptied` },
          { value: withValue(valid, l.pointer, null), pointer: l.pointer, description: `${l.pointer} set to null` },
        ];
      });
  },
});
