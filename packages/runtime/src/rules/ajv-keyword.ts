/**
 * The ajv keyword of a stateless rule, for both compile paths: at generate time into standalone
 * code (generator/validation/create-ajv.ts) and on first use (lazy-validators.ts). A `code`
 * keyword (ajv's user-defined keywords): the rule check is built once per schema and reached in
 * standalone code through the `__cbpRules` import (validators-runtime.ts); each hit is reported
 * through `cxt.error` with one error definition, at the offending value's pointer, with the rule
 * id and its source. Only ajv's public exports are used.
 */
import type { Code, CodeKeywordDefinition, KeywordCxt } from 'ajv';
import { _, Name, stringify } from './ajv-exports.js';
import type { KeywordErrorDefinition, SchemaObject } from 'ajv';
import type { RuleKeywordSpec } from './keyword.js';
import type { RuleCheck } from './types.js';

/** The identifier the emitted standalone module binds the rules runtime (validators-runtime.ts) to. */
export const RULES_RUNTIME = new Name('__cbpRules');

/** What the ajv keyword needs of a rule keyword (validators compiled on first use have only the
 * factory and its constant arguments, from validators-data.ts). */
export interface RuleKeywordSource<P = unknown> extends Pick<RuleKeywordSpec<P>, 'factory' | 'create'> {
  keyword: string;
  extra: readonly unknown[];
  /** Checked as the keyword's metaSchema when given (at generate time). */
  paramsSchema?: SchemaObject;
  /** Emits the inline success path (keyword-codegen.ts adapts a keyword's `code`) and returns the
   * variable that is true when the value surely passes. */
  inline?(cxt: KeywordCxt, params: P): Name | undefined;
}

/** The overlay rule a keyword's value carries. */
interface RuleValue<P> {
  id: string;
  source: string;
  params: P;
}

/** One error object for every rule keyword: the message is the hit's, the params name the rule. */
export const ruleError: KeywordErrorDefinition = {
  message: ({ params }) => _`${params['hit']}.message`,
  params: ({ schema, params }) => _`{rule: ${schema.id}, source: ${schema.source}, pointer: ${params['hit']}.pointer}`,
};

export function ruleKeywordDefinition<P>(k: RuleKeywordSource<P>): CodeKeywordDefinition {
  return {
    keyword: k.keyword,
    schemaType: 'object',
    $data: false,
    error: ruleError,
    ...(k.paramsSchema === undefined ? {} : { metaSchema: ruleMetaSchema(k.paramsSchema) }),
    code(cxt: KeywordCxt) {
      const { gen, data } = cxt;
      const rule = cxt.schema as RuleValue<P>;
      const args = [rule.params, ...k.extra].map((a) => stringify(a));
      const argCode = args.reduce((acc, a, i) => (i === 0 ? _`${a}` : _`${acc}, ${a}`), _``);
      const check = gen.scopeValue('keyword', {
        ref: k.create(rule.params, ...k.extra) satisfies RuleCheck,
        code: _`${RULES_RUNTIME}.${new Name(k.factory)}(${argCode})`,
      });
      const sure = k.inline?.(cxt, rule.params);
      if (sure !== undefined) gen.if(_`!${sure}`);
      const hits = gen.const('cbpHits', _`${check}(${data})`);
      gen.if(_`${hits} !== null && ${hits}.length > 0`, () => {
        // Every hit is reported; ajv returns after the last one unless it collects all errors.
        const last = gen.const('cbpLast', _`${hits}.length - 1`);
        gen.forRange('cbpI', 0, last, (i) => reportHit(cxt, _`${hits}[${i}]`, true));
        reportHit(cxt, _`${hits}[${last}]`, false);
      });
      if (sure !== undefined) gen.endIf();
    },
  };
}

/** The keyword's value: one overlay rule, its params checked against the keyword's schema. */
function ruleMetaSchema(paramsSchema: SchemaObject): SchemaObject {
  return {
    type: 'object',
    required: ['id', 'source', 'params'],
    properties: { id: { type: 'string', minLength: 1 }, source: { type: 'string' }, params: paramsSchema },
    additionalProperties: false,
  };
}

/** Reports one hit through `cxt.error` at the hit's own pointer below the checked value: the
 * error path is extended in a copy of the schema context, as ajv's own subschema contexts do
 * (`{...it, errorPath}`); `more` adds the error without returning, whatever `allErrors` says. */
function reportHit(cxt: KeywordCxt, hitCode: Code, more: boolean): void {
  const hit = cxt.gen.const('cbpHit', hitCode);
  const it = { ...cxt.it, errorPath: _`${cxt.it.errorPath} + ${hit}.pointer`, ...(more ? { allErrors: true } : {}) };
  const at = Object.create(cxt, { it: { value: it } }) as KeywordCxt;
  at.error(true, { hit });
}
