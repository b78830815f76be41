import { codePointLength, createStringLimits, type StringLimitsParams } from 'cross-border-payments-runtime/rules/string-limits.js';
import { _, type Code } from 'ajv';
import { and } from 'ajv/dist/compile/codegen/index.js';
import { usePattern } from 'ajv/dist/vocabularies/code.js';
import { parsePointerPattern } from 'cross-border-payments-runtime/rules/pointer.js';
import { emitAll } from './fast-path.js';
import { locations, withValue } from './mutate.js';
import { POINTERS, defineRuleKeyword, type Mutation } from './rule-keyword.js';

const FILLERS = ['A', 'a', '0', 'x', '_', '-'];
const BREAKERS = [' ', '!', '#', '/', '\u00e9', '.', '\u0000'];

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
  fast(gen, data, params, cxt) {
    if (params.pattern !== undefined && cxt.it.opts.unicodeRegExp === false) return undefined;
    const ok = gen.let('cbpOk', true);
    const regex = params.pattern === undefined ? undefined : usePattern(cxt, params.pattern);
    for (const p of typeof params.at === 'string' ? [params.at] : params.at) {
      emitAll(gen, ok, data, parsePointerPattern(p), (v) => {
        // UTF-16 length bounds the code-point length from above (and from below by half).
        const tests: Code[] = [_`typeof ${v} == "string"`];
        if (params.maxLength !== undefined) tests.push(_`${v}.length <= ${params.maxLength}`);
        if (params.minLength !== undefined) tests.push(_`${v}.length >= ${2 * params.minLength}`);
        if (regex !== undefined) tests.push(_`${regex}.test(${v})`);
        return _`${v} === undefined || ${v} === null || (${and(...tests)})`;
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
      if (params.maxLength !== undefined) {
        const filler = [...current.slice(0, 1), ...FILLERS].find((f) => fits(f.repeat(params.maxLength! + 1)));
        if (filler !== undefined) {
          out.push({ value: withValue(valid, l.pointer, filler.repeat(params.maxLength + 1)), pointer: l.pointer, description: `${l.pointer} one character too long` });
        }
      }
      if (params.minLength !== undefined && params.minLength > 0) {
        const short = [...current].slice(0, params.minLength - 1).join('');
        if (fits(short)) out.push({ value: withValue(valid, l.pointer, short), pointer: l.pointer, description: `${l.pointer} one character too short` });
      }
      if (regex !== undefined) {
        const broken = BREAKERS.map((b) => b + current.slice(1)).find((s) => !fits(s) && lengthOk(s, params));
        if (broken !== undefined) out.push({ value: withValue(valid, l.pointer, broken), pointer: l.pointer, description: `${l.pointer} breaks ${params.pattern}` });
      }
    }
    return out;
  },
});

function lengthOk(s: string, p: StringLimitsParams): boolean {
  const n = codePointLength(s);
  return (p.maxLength === undefined || n <= p.maxLength) && (p.minLength === undefined || n >= p.minLength);
}
