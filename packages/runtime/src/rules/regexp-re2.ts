/**
 * The linear-time engine for the patterns a backtracking engine could run in super-linear time
 * (regexp.ts, form 2): re2js, a pure-JavaScript port of RE2 (linear time in the input, no native
 * code, no install step). Kept apart from regexp.ts so that only validators whose document needs
 * it load it (46 kB gzipped): they call `useLinearEngine(re2Engine)`.
 */
import { RE2JS } from 're2js';
import { isLinearForBacktracking, type LinearEngine, type PatternMatcher } from './regexp.js';

/** Which engine runs `pattern` once re2Engine is installed (for the generator's warning and the tests). */
export function patternEngine(pattern: string): 'js' | 're2' | 'js-backtracking' {
  if (isLinearForBacktracking(pattern)) return 'js';
  return re2Engine(pattern) !== undefined ? 're2' : 'js-backtracking';
}

// Plain fields, no parameter properties: the copied runtime also runs under type stripping.
class Re2Matcher implements PatternMatcher {
  private readonly re: RE2JS;
  private readonly source: string;
  constructor(re: RE2JS, source: string) {
    this.re = re;
    this.source = source;
  }
  test(value: string): boolean {
    return this.re.test(value);
  }
  toString(): string {
    return `re2:/${this.source}/`;
  }
}

const re2Cache = new Map<string, Re2Matcher | null>();

/** RE2 for `pattern`, or undefined for what RE2 cannot run (lookaround, back references, counts over 1000). */
export const re2Engine: LinearEngine = (pattern: string): Re2Matcher | undefined => {
  const cached = re2Cache.get(pattern);
  if (cached !== undefined) return cached ?? undefined;
  let out: Re2Matcher | null = null;
  const rewritten = ecmaMeaning(pattern);
  if (rewritten !== undefined) {
    try {
      out = new Re2Matcher(RE2JS.compile(RE2JS.translateRegExp(rewritten)), pattern);
    } catch {
      out = null;
    }
  }
  re2Cache.set(pattern, out);
  return out ?? undefined;
};

/** ECMAScript's white space and line terminators (ECMA-262 §12.2, §12.3): `\s` in a RegExp. */
const SPACE = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

/**
 * Rewrites what RE2 reads differently: `.` (ECMAScript excludes all four line terminators, RE2
 * only `\n`) and `\s` (ECMAScript includes Unicode spaces, RE2 only ASCII). `\S` inside a class
 * keeps RE2's meaning (ASCII): `[\s\S]` still means any character. undefined for what RE2 cannot
 * run: lookaround and back references (`translateRegExp` would turn `\k<a>` into a literal).
 */
function ecmaMeaning(pattern: string): string | undefined {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const n = pattern[i + 1] ?? '';
      if (/[1-9]/.test(n) || n === 'k') return undefined;
      if (n === 's') out += inClass ? SPACE : `[${SPACE}]`;
      else if (n === 'S' && !inClass) out += `[^${SPACE}]`;
      else out += c + n;
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      if (pattern[i + 1] === '^') out += pattern[++i];
      continue;
    }
    if (c === '(' && pattern[i + 1] === '?' && /^[=!]|^<[=!]/.test(pattern.slice(i + 2, i + 4))) return undefined;
    out += c === '.' ? '[^\\n\\r\\u2028\\u2029]' : c;
  }
  return out;
}
