/**
 * How the document's `pattern`s (and `patternProperties` names, and the patterns of rule
 * keywords) are evaluated: never in super-linear time on what a client sends. JavaScript's
 * RegExp backtracks: `^(a+)+$` takes seconds on 31 characters and ×4 per 2 more. So a pattern is
 * run by
 *
 * 1. JavaScript's RegExp when it is anchored at the start (`^`) and has at most one quantifier
 *    that is not an exact count, on a single character or class, with no quantified group, no
 *    lookaround and no back reference (alternation only with no such quantifier): a backtracking
 *    engine then tries at most one start position and at most (input length + 1) ways, so it is
 *    linear. Most schema patterns are of this form (`^[A-Z]{3}$`, `^[A-Za-z0-9_-]+$`), and keep
 *    V8's speed;
 * 2. otherwise re2js, a pure-JavaScript port of RE2 (linear time in the input, no native code,
 *    no install step), after translating ECMAScript syntax to RE2's and keeping ECMAScript's
 *    meaning of `.` and `\s`;
 * 3. JavaScript's RegExp for what RE2 cannot run (lookaround, back references, counts over
 *    1000): `cbp generate` warns about each such pattern, naming its JSON pointer.
 *
 * Length limits (`maxLength`, `minLength`) are checked before the pattern: validation stops at the
 * first failed keyword (validation-options.ts), and ajv evaluates length keywords first.
 */
import { RE2JS } from 're2js';

/** What ajv calls: `test`, and a `toString` ajv uses as the compiled pattern's cache key. */
export interface PatternMatcher {
  test(value: string): boolean;
  toString(): string;
}

/** ajv's `code.regExp` engine. `code` is how standalone validators reach it: the export of the
 * validators' runtime module (validators-runtime.ts, imported as `__cbpRules`). */
export const regExp: ((pattern: string, flags: string) => PatternMatcher) & { code: string } = Object.assign(
  (pattern: string, flags: string): PatternMatcher => {
    if (isLinearForBacktracking(pattern)) return new RegExp(pattern, flags);
    return toRe2(pattern) ?? new RegExp(pattern, flags);
  },
  { code: '__cbpRules.regExp' },
);

/** Which engine runs `pattern` (for the generator's warning and the tests). */
export function patternEngine(pattern: string): 'js' | 're2' | 'js-backtracking' {
  if (isLinearForBacktracking(pattern)) return 'js';
  return toRe2(pattern) !== undefined ? 're2' : 'js-backtracking';
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

function toRe2(pattern: string): Re2Matcher | undefined {
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
}

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

/**
 * True when a backtracking engine runs `pattern` in linear time (see the module comment, 1).
 * Deliberately narrow: anything it is unsure of goes to RE2.
 */
export function isLinearForBacktracking(pattern: string): boolean {
  if (!pattern.startsWith('^')) return false;
  let variable = 0;
  let alternation = false;
  let inClass = false;
  let atomEnd = ''; // what the last atom was: 'char' (a character, escape or class), 'group', ''
  for (let i = 1; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (inClass) {
      if (c === '\\') i++;
      else if (c === ']') {
        inClass = false;
        atomEnd = 'char';
      }
      continue;
    }
    if (c === '\\') {
      const n = pattern[i + 1] ?? '';
      if (/[1-9kbB]/.test(n)) return false;
      // \uXXXX, \xXX, \cX and \u{...} are one character; skip what follows the escape letter.
      i += n === 'u' && pattern[i + 2] === '{' ? pattern.indexOf('}', i) - i : n === 'u' ? 5 : n === 'x' ? 3 : n === 'c' ? 2 : 1;
      atomEnd = 'char';
      continue;
    }
    if (c === '[') {
      inClass = true;
      if (pattern[i + 1] === '^') i++;
      if (pattern[i + 1] === ']') i++;
      continue;
    }
    if (c === '(') {
      if (pattern[i + 1] === '?' && pattern[i + 2] !== ':' && pattern[i + 2] !== '<') return false;
      if (pattern[i + 1] === '?' && pattern[i + 2] === '<' && (pattern[i + 3] === '=' || pattern[i + 3] === '!')) return false;
      atomEnd = '';
      continue;
    }
    if (c === ')') {
      atomEnd = 'group';
      continue;
    }
    if (c === '|') {
      alternation = true;
      atomEnd = '';
      continue;
    }
    if (c === '*' || c === '+' || c === '?' || c === '{') {
      let exact = false;
      if (c === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
        if (m === null) {
          // A literal `{` (ECMAScript without the u flag).
          atomEnd = 'char';
          continue;
        }
        exact = m[2] === undefined;
        i += m[0].length - 1;
      }
      if (atomEnd !== 'char') return false;
      if (pattern[i + 1] === '?' || pattern[i + 1] === '+') i++;
      if (!exact) variable++;
      atomEnd = '';
      continue;
    }
    atomEnd = 'char';
  }
  if (inClass) return false;
  return variable === 0 || (variable === 1 && !alternation);
}
