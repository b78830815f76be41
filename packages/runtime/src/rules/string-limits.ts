import { defineRuleKeyword, POINTERS, type Mutation } from './keyword.js';
import { locations, withValue } from './mutate.js';
import { parsePointerPattern, scan, type Found, type Test } from './pointer.js';
import { regExp } from './regexp.js';
import { toList, type RuleCheck, type RuleHit } from './types.js';
import type { Code } from 'ajv';

export interface StringLimitsParams {
  at: string | string[];
  maxLength?: number;
  minLength?: number;
  /** ECMAScript regular expression (unicode mode), e.g. '^[A-Za-z0-9_-]+$'. */
  pattern?: string;
}

/** Length (in Unicode code points, like JSON Schema) and format of a string, e.g. a description's limits:
 * client_reference_id "Max 36 characters", sessions: "alphanumeric with hyphens and underscores". */
export function createStringLimits(params: StringLimitsParams): RuleCheck {
  const patterns = toList(params.at).map(parsePointerPattern);
  const regex = params.pattern === undefined ? undefined : regExp(params.pattern, 'u');
  const { maxLength, minLength } = params;
  const ok: Test = (value, present) => !present || value === null || value === undefined || check(value) === undefined;
  return (data) => {
    let found: Found[] | null = null;
    for (let i = 0; i < patterns.length; i++) found = scan(data, patterns[i]!, ok, found);
    return found === null
      ? null
      : found.map((f): RuleHit => ({ pointer: f.pointer, message: `${f.pointer} ${check(f.value)}` }));
  };

  function check(value: unknown): string | undefined {
    if (typeof value !== 'string') return 'must be a string';
    const length = codePointLength(value);
    if (maxLength !== undefined && length > maxLength) return `must be at most ${maxLength} characters (got ${length})`;
    if (minLength !== undefined && length < minLength)
      return `must be at least ${minLength} characters (got ${length})`;
    if (regex !== undefined && !regex.test(value)) return `must match ${params.pattern}`;
    return undefined;
  }
}

export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    n++;
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) i++;
  }
  return n;
}

const FILLERS = ['A', 'a', '0', 'x', '_', '-'];
const BREAKERS = [' ', '!', '#', '/', '\u00e9', '.', '\u0000'];

/** `x-cbp-string-limits`. */
export const stringLimits = defineRuleKeyword<StringLimitsParams>({
  name: 'string-limits',
  factory: 'createStringLimits',
  create: createStringLimits,
  paramsSchema: {
    type: 'object',
    required: ['at'],
    properties: {
      at: POINTERS,
      maxLength: { type: 'integer', minimum: 0 },
      minLength: { type: 'integer', minimum: 0 },
      pattern: { type: 'string', format: 'regex' },
    },
    additionalProperties: false,
  },
  code(k) {
    const { _, gen, data, params } = k;
    const regex = params.pattern === undefined ? undefined : k.pattern(params.pattern);
    if (params.pattern !== undefined && regex === undefined) return undefined;
    const ok = gen.let('cbpOk', true);
    for (const p of toList(params.at)) {
      k.all(ok, data, p, (v) => {
        // UTF-16 length bounds the code-point length from above (and from below by half).
        const tests: Code[] = [_`typeof ${v} == "string"`];
        if (params.maxLength !== undefined) tests.push(_`${v}.length <= ${params.maxLength}`);
        if (params.minLength !== undefined) tests.push(_`${v}.length >= ${2 * params.minLength}`);
        if (regex !== undefined) tests.push(_`${regex}.test(${v})`);
        return _`${v} === undefined || ${v} === null || (${k.and(...tests)})`;
      });
    }
    return ok;
  },
  violate(valid, params) {
    const regex = params.pattern === undefined ? undefined : new RegExp(params.pattern, 'u');
    const fits = (s: string) => regex === undefined || regex.test(s);
    const out: Mutation[] = [];
    for (const l of locations(valid, params.at)) {
      if (!l.present || typeof l.value !== 'string') continue;
      const current = l.value;
      const at = (value: string, description: string) => {
        out.push({ value: withValue(valid, l.pointer, value), pointer: l.pointer, description });
      };
      const max = params.maxLength;
      if (max !== undefined) {
        const filler = [...current.slice(0, 1), ...FILLERS].find((f) => fits(f.repeat(max + 1)));
        if (filler !== undefined) at(filler.repeat(max + 1), `${l.pointer} one character too long`);
      }
      if (params.minLength !== undefined && params.minLength > 0) {
        const short = [...current].slice(0, params.minLength - 1).join('');
        if (fits(short)) at(short, `${l.pointer} one character too short`);
      }
      if (regex !== undefined) {
        const broken = BREAKERS.map((b) => b + current.slice(1)).find((s) => !fits(s) && lengthOk(s, params));
        if (broken !== undefined) at(broken, `${l.pointer} breaks ${params.pattern}`);
      }
    }
    return out;
  },
});

function lengthOk(s: string, p: StringLimitsParams): boolean {
  const n = codePointLength(s);
  return (p.maxLength === undefined || n <= p.maxLength) && (p.minLength === undefined || n >= p.minLength);
}
