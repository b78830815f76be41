import { parsePointerPattern, scan, type Found, type Test } from './pointer.js';
import { regExp } from './regexp.js';
import { toList, type RuleCheck, type RuleHit } from './types.js';

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
    return found === null ? null : found.map((f): RuleHit => ({ pointer: f.pointer, message: `${f.pointer} ${check(f.value)}` }));
  };

  function check(value: unknown): string | undefined {
    if (typeof value !== 'string') return 'must be a string';
    const length = codePointLength(value);
    if (maxLength !== undefined && length > maxLength) return `must be at most ${maxLength} characters (got ${length})`;
    if (minLength !== undefined && length < minLength) return `must be at least ${minLength} characters (got ${length})`;
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
