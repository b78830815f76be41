import { parsePointerPattern, scan, type Found, type Test } from './pointer.js';
import { regExp } from './regexp.js';
import { describe, toList, type RuleCheck, type RuleHit } from './types.js';

export interface CaseSensitiveEnumParams {
  at: string | string[];
  /** Known values. Without `pattern` the list is closed; with it, any value matching the
   * pattern is accepted too (a list the description leaves open). */
  known: string[];
  pattern?: string;
}

/** A string from a list compared case-sensitively, never null or empty ("Case sensitive; cannot be null or empty"). */
export function createCaseSensitiveEnum(params: CaseSensitiveEnumParams): RuleCheck {
  const patterns = toList(params.at).map(parsePointerPattern);
  const known = new Set(params.known);
  const regex = params.pattern === undefined ? undefined : regExp(params.pattern, 'u');
  const knownText = params.known.join(', ');
  const ok: Test = (value, present) => !present || (typeof value === 'string' && (known.has(value) || (value !== '' && regex !== undefined && regex.test(value))));
  return (data) => {
    let found: Found[] | null = null;
    for (let i = 0; i < patterns.length; i++) found = scan(data, patterns[i]!, ok, found);
    return found === null ? null : found.map((f): RuleHit => ({ pointer: f.pointer, message: message(f.pointer, f.value) }));
  };

  function message(pointer: string, value: unknown): string {
    const base = `${pointer} must be ${regex ? `an exact-case value such as` : 'one of'} ${knownText} (got ${describe(value)})`;
    if (typeof value !== 'string' || value === '') return base;
    const match = params.known.find((k) => k.toLowerCase() === value.toLowerCase());
    return match ? `${base}; values are case sensitive: did you mean ${match}?` : base;
  }
}
