import { parsePointerPattern, scan, type Found, type Test } from './pointer.js';
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
    return found === null ? null : found.map((f): RuleHit => ({ pointer: f.pointer, message: `${f.pointer} must not be null or empty (got ${describe(f.value)})` }));
  };
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value as object).length === 0;
  return false;
}
