import { parsePointerPattern, scan, type Found, type Test } from './pointer.js';
import { defineRuleKeyword, POINTERS } from './keyword.js';
import { locations, withValue } from './mutate.js';
import { describe, toList, type RuleCheck, type RuleHit } from './types.js';

export interface NonEmptyParams {
  /** Pointer(s) to values that, when present, must be a non-empty array, string or object. */
  at: string | string[];
}

/** A value that must be present and not empty ("... cannot be null or empty").
 * Absence is left to the schema's `required` (reported as schema.required). */
export function createNonEmpty(params: NonEmptyParams): RuleCheck {
  const patterns = toList(params.at).map(parsePointerPattern);
  const ok: Test = (value, present) => !present || !isEmpty(value);
  return (data) => {
    let found: Found[] | null = null;
    for (let i = 0; i < patterns.length; i++) found = scan(data, patterns[i]!, ok, found);
    return found === null
      ? null
      : found.map(
          (f): RuleHit => ({
            pointer: f.pointer,
            message: `${f.pointer} must not be null or empty (got ${describe(f.value)})`,
          }),
        );
  };
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value as object).length === 0;
  return false;
}

/** `x-cbp-non-empty`. */
export const nonEmpty = defineRuleKeyword<NonEmptyParams>({
  name: 'non-empty',
  factory: 'createNonEmpty',
  create: createNonEmpty,
  paramsSchema: { type: 'object', required: ['at'], properties: { at: POINTERS }, additionalProperties: false },
  code(k) {
    const { _, gen, data } = k;
    const ok = gen.let('cbpOk', true);
    for (const p of toList(k.params.at)) {
      k.all(ok, data, p, (v) => {
        const filled = _`typeof ${v} == "string" ? ${v} !== "" : typeof ${v} == "number" || typeof ${v} == "boolean"`;
        return _`${v} === undefined || (Array.isArray(${v}) ? ${v}.length > 0 : ${filled})`;
      });
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
