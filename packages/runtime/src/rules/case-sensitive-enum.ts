import { defineRuleKeyword, POINTERS, type Mutation } from './keyword.js';
import { locations, withValue } from './mutate.js';
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
  const ok: Test = (value, present) =>
    !present ||
    (typeof value === 'string' && (known.has(value) || (value !== '' && regex !== undefined && regex.test(value))));
  return (data) => {
    let found: Found[] | null = null;
    for (let i = 0; i < patterns.length; i++) found = scan(data, patterns[i]!, ok, found);
    return found === null
      ? null
      : found.map((f): RuleHit => ({ pointer: f.pointer, message: message(f.pointer, f.value) }));
  };

  function message(pointer: string, value: unknown): string {
    const base =
      `${pointer} must be ${regex ? `an exact-case value such as` : 'one of'} ${knownText} (got ` +
      `${describe(value)})`;
    if (typeof value !== 'string' || value === '') return base;
    const match = params.known.find((k) => k.toLowerCase() === value.toLowerCase());
    return match ? `${base}; values are case sensitive: did you mean ${match}?` : base;
  }
}

/** `x-cbp-case-sensitive-enum`. */
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
  code(k) {
    const { _, gen, data, params } = k;
    const ok = gen.let('cbpOk', true);
    const regex = params.pattern === undefined ? undefined : k.pattern(params.pattern);
    for (const p of toList(params.at)) {
      k.all(ok, data, p, (v) => {
        const alternatives = params.known.map((known) => _`${v} === ${known}`);
        if (regex !== undefined) alternatives.push(_`(${v} !== "" && ${regex}.test(${v}))`);
        return _`${v} === undefined || (typeof ${v} == "string" && (${k.or(...alternatives)}))`;
      });
    }
    return ok;
  },
  violate(valid, params) {
    const out: Mutation[] = [];
    for (const l of locations(valid, params.at)) {
      if (!l.present || typeof l.value !== 'string') continue;
      const lower = l.value.toLowerCase();
      const at = (value: unknown, description: string) => {
        out.push({ value: withValue(valid, l.pointer, value), pointer: l.pointer, description });
      };
      if (lower !== l.value) at(lower, `${l.pointer} in lower case`);
      at('', `${l.pointer} empty`);
      at(null, `${l.pointer} null`);
    }
    return out;
  },
});
