/**
 * Inline success-path checks for the rule keywords. ajv's speed comes from straight-line code
 * with monomorphic property reads; a call into a generic pointer walker costs several times the
 * schema itself. So each keyword emits a conservative inline test: when it passes, the value
 * surely satisfies the rule; when it does not, the runtime check (packages/runtime/src/rules/) runs
 * and words the violations (or finds none). Property names reach the output only through
 * ajv's getProperty (identifier or JSON-quoted), literals only through ajv's `_` quoting.
 */
import { _, type Name, type Code, type CodeGen } from 'ajv';
import { getProperty } from 'ajv/dist/compile/codegen/code.js';

type Literal = string | number | boolean | null;

export function isLiteral(v: unknown): v is Literal {
  return v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
}

/** ajv-quoted literal. */
export function lit(v: Literal): Code {
  return v === null ? _`null` : _`${v}`;
}

/** Value at a plain pointer (tokens without `*`), or undefined. */
export function emitGet(gen: CodeGen, node: Code, tokens: readonly string[]): Name {
  const v = gen.let('cbpV', node);
  for (const t of tokens) {
    // A member Object.prototype also has (constructor, toString, __proto__...) must be own,
    // as in the runtime check; other names read directly.
    const read = t in Object.prototype ? _`Object.prototype.hasOwnProperty.call(${v}, ${t}) ? ${v}${getProperty(t)} : undefined` : _`${v}${getProperty(t)}`;
    gen.assign(v, _`${v} !== null && typeof ${v} == "object" ? ${read} : undefined`);
  }
  return v;
}

/** Calls `onValue` (inside emitted loops) for every value the pattern reaches; the last member
 * may be undefined (absent). */
export function emitVisit(gen: CodeGen, node: Code, tokens: readonly string[], onValue: (v: Name) => void): void {
  const star = tokens.indexOf('*');
  if (star < 0) {
    onValue(emitGet(gen, node, tokens));
    return;
  }
  const list = emitGet(gen, node, tokens.slice(0, star));
  gen.if(_`Array.isArray(${list})`, () => gen.forOf('cbpItem', list, (item) => emitVisit(gen, item, tokens.slice(star + 1), onValue)));
}

/** `ok = ok && <check>` for every value reached. */
export function emitAll(gen: CodeGen, ok: Name, node: Code, tokens: readonly string[], check: (v: Name) => Code): void {
  emitVisit(gen, node, tokens, (v) => gen.if(_`!(${check(v)})`, () => gen.assign(ok, false)));
}
