/**
 * The toolkit a rule keyword's `code` emits its inline success path with (keyword.ts
 * KeywordCodegen), over ajv's public code generation. Used at generate time only: the standalone
 * code carries what it emitted, and validators compiled on first use run the check alone.
 */
import type { Code, CodeGen, KeywordCxt } from 'ajv';
import { _, Name } from './ajv-exports.js';
import { RULES_RUNTIME } from './ajv-keyword.js';
import type { KeywordCodegen } from './keyword.js';
import { parsePointerPattern } from './pointer.js';

const IDENTIFIER = /^[a-z$_][a-z$_0-9]*$/i;

/** `.name` for an identifier, else `["quoted"]` (ajv quotes the string). */
function property(token: string): Code {
  return IDENTIFIER.test(token) ? _`.${new Name(token)}` : _`[${token}]`;
}

function join(codes: readonly Code[], op: '||' | '&&'): Code {
  return codes.map((c) => _`(${c})`).reduce((acc, c) => (op === '||' ? _`${acc} || ${c}` : _`${acc} && ${c}`));
}

function emitGet(gen: CodeGen, node: Code, tokens: readonly string[]): Name {
  const v = gen.let('cbpV', node);
  for (const t of tokens) {
    // A member Object.prototype also has (constructor, toString, __proto__...) must be own,
    // as in the runtime check; other names read directly.
    const member = _`${v}${property(t)}`;
    const own = _`Object.prototype.hasOwnProperty.call(${v}, ${t})`;
    const read = t in Object.prototype ? _`${own} ? ${member} : undefined` : member;
    gen.assign(v, _`${v} !== null && typeof ${v} == "object" ? ${read} : undefined`);
  }
  return v;
}

function emitVisit(gen: CodeGen, node: Code, tokens: readonly string[], onValue: (v: Name) => void): void {
  const star = tokens.indexOf('*');
  if (star < 0) {
    onValue(emitGet(gen, node, tokens));
    return;
  }
  const list = emitGet(gen, node, tokens.slice(0, star));
  const rest = tokens.slice(star + 1);
  gen.if(_`Array.isArray(${list})`, () => {
    gen.forOf('cbpItem', list, (item) => emitVisit(gen, item, rest, onValue));
  });
}

/** The inline success-path toolkit. ajv's speed comes from straight-line code with monomorphic
 * property reads; a call into a generic pointer walker costs several times the schema itself. */
export function codegen<P>(cxt: KeywordCxt, params: P): KeywordCodegen<P> {
  const { gen } = cxt;
  return {
    _,
    gen,
    cxt,
    data: cxt.data,
    params,
    or: (...codes) => join(codes, '||'),
    and: (...codes) => join(codes, '&&'),
    lit: (value) => (value === null ? _`null` : _`${value}`),
    get: (node, pointer) => emitGet(gen, node, parsePointerPattern(pointer)),
    all(ok, node, pointer, check) {
      emitVisit(gen, node, parsePointerPattern(pointer), (v) => {
        gen.if(_`!(${check(v)})`, () => gen.assign(ok, false));
      });
    },
    pattern(source) {
      // The runtime check compiles its pattern in unicode mode; only share ajv's when it does too.
      if (cxt.it.opts.unicodeRegExp === false) return undefined;
      const rx = cxt.it.opts.code.regExp(source, 'u');
      const code = _`${RULES_RUNTIME}.regExp(${source}, "u")`;
      return gen.scopeValue('pattern', { key: rx.toString(), ref: rx, code });
    },
  };
}
