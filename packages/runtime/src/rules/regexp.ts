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
 *    meaning of `.` and `\s` (regexp-re2.ts). re2js is 46 kB gzipped, so it is not imported here:
 *    `cbp generate` installs it (useLinearEngine) in the validators of a document that has such
 *    a pattern, and a document whose patterns are all of form 1 never loads it;
 * 3. JavaScript's RegExp for what RE2 cannot run (lookaround, back references, counts over
 *    1000): `cbp generate` warns about each such pattern, naming its JSON pointer.
 *
 * Length limits (`maxLength`, `minLength`) are checked before the pattern: validation stops at the
 * first failed keyword (validation-options.ts), and ajv evaluates length keywords first.
 */
/** What ajv calls: `test`, and a `toString` ajv uses as the compiled pattern's cache key. */
export interface PatternMatcher {
  test(value: string): boolean;
  toString(): string;
}

/** A linear-time engine for the patterns of form 2; undefined when it cannot run `pattern`. */
export type LinearEngine = (pattern: string) => PatternMatcher | undefined;

let linearEngine: LinearEngine | undefined;

/** Installs the linear-time engine (regexp-re2.ts: `useLinearEngine(re2Engine)`). */
export function useLinearEngine(engine: LinearEngine): void {
  linearEngine = engine;
}

/** ajv's `code.regExp` engine. `code` is how standalone validators reach it: the export of the
 * validators' runtime module (validators-runtime.ts, imported as `__cbpRules`). A pattern that
 * needs the linear-time engine when none is installed is refused rather than run by a
 * backtracking engine: the validators of such a document install it. */
export const regExp: ((pattern: string, flags: string) => PatternMatcher) & { code: string } = Object.assign(
  (pattern: string, flags: string): PatternMatcher => {
    if (isLinearForBacktracking(pattern)) return new RegExp(pattern, flags);
    if (linearEngine === undefined) {
      throw new Error(
        `pattern ${JSON.stringify(pattern)} needs the linear-time engine: call ` +
          `useLinearEngine(re2Engine), re2Engine being the export of the runtime's ` +
          `rules/regexp-re2.js (the validators cbp generate writes do so for a document with such patterns)`,
      );
    }
    return linearEngine(pattern) ?? new RegExp(pattern, flags);
  },
  { code: '__cbpRules.regExp' },
);

/** Most ways the bounded quantifiers of a pattern may combine and still count as a constant. */
const MAX_BOUNDED_CHOICES = 1000;

/**
 * True when a backtracking engine runs `pattern` in linear time (see the module comment, 1).
 * Anchored at the start, a backtracking engine tries one start position; at most one unbounded
 * quantifier (`*`, `+`, `{m,}`), on a single character or class, gives it at most (input length
 * + 1) ways; bounded quantifiers (`?`, `{m,n}`) multiply that by a constant (their ranges'
 * product, at most MAX_BOUNDED_CHOICES), and so does an optional group (`(...)?`) holding no
 * unbounded quantifier. Alternation only without an unbounded quantifier. Deliberately narrow:
 * anything it is unsure of goes to RE2.
 */
export function isLinearForBacktracking(pattern: string): boolean {
  if (!pattern.startsWith('^')) return false;
  let unbounded = 0;
  let choices = 1;
  let alternation = false;
  let inClass = false;
  let atomEnd = ''; // what the last atom was: 'char' (a character, escape or class), 'group', ''
  const groups: Array<{ unbounded: number; choices: number }> = [];
  let closed: { unbounded: number; choices: number } | undefined; // the group that just ended
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
      i +=
        n === 'u' && pattern[i + 2] === '{'
          ? pattern.indexOf('}', i) - i
          : n === 'u'
            ? 5
            : n === 'x'
              ? 3
              : n === 'c'
                ? 2
                : 1;
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
      if (pattern[i + 1] === '?' && pattern[i + 2] === '<' && (pattern[i + 3] === '=' || pattern[i + 3] === '!'))
        return false;
      groups.push({ unbounded, choices });
      atomEnd = '';
      continue;
    }
    if (c === ')') {
      const open = groups.pop();
      if (open === undefined) return false;
      closed = { unbounded: unbounded - open.unbounded, choices: choices / open.choices };
      atomEnd = 'group';
      continue;
    }
    if (c === '|') {
      alternation = true;
      atomEnd = '';
      continue;
    }
    if (c === '*' || c === '+' || c === '?' || c === '{') {
      let min = c === '+' ? 1 : 0;
      let max = c === '?' ? 1 : Number.POSITIVE_INFINITY;
      if (c === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
        if (m === null) {
          // A literal `{` (ECMAScript without the u flag).
          atomEnd = 'char';
          continue;
        }
        min = Number(m[1]);
        max = m[2] === undefined ? min : m[3] === '' ? Number.POSITIVE_INFINITY : Number(m[3]);
        i += m[0].length - 1;
      }
      if (pattern[i + 1] === '?' || pattern[i + 1] === '+') i++;
      if (atomEnd === 'group') {
        // Only an optional group of constant work: present or not.
        if (min !== 0 || max !== 1 || closed === undefined || closed.unbounded > 0) return false;
        choices += choices / closed.choices;
      } else if (atomEnd !== 'char') return false;
      // A range too wide to count as a constant works like an unbounded quantifier.
      else if (max - min + 1 > MAX_BOUNDED_CHOICES) unbounded++;
      else choices *= max - min + 1;
      if (choices > MAX_BOUNDED_CHOICES) return false;
      atomEnd = '';
      continue;
    }
    atomEnd = 'char';
  }
  if (inClass || groups.length > 0) return false;
  return unbounded === 0 || (unbounded === 1 && !alternation);
}
