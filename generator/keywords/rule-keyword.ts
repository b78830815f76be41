/**
 * How a stateless rule becomes an ajv keyword (ajv's user-defined `code` keywords, so
 * standalone validation code can be emitted): a `code`
 * keyword `x-cbp-<name>` whose value is `{ id, source, params }` (one overlay rule). The emitted
 * code builds the rule check once, from the runtime module the standalone file imports as
 * `__cbpRules` (packages/runtime/src/rules/), and reports each hit at the offending value's pointer
 * with the rule id and seed source. Spec strings only ever reach the output through ajv's
 * `stringify` (JSON with U+2028/9 escaped), never as code.
 */
import { _, Name, stringify, str, type CodeGen, type CodeKeywordDefinition, type KeywordCxt, type SchemaObject } from 'ajv';
import type { RuleCheck } from 'cross-border-payments-runtime/rules/types.js';

/** The identifier the emitted standalone module binds the rules runtime to. */
export const RULES_RUNTIME = new Name('__cbpRules');

export interface Mutation {
  /** The mutated value (a fresh copy). */
  value: unknown;
  /** Where the rule reports it. */
  pointer: string;
  description: string;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds keywords of every parameter type
export interface RuleKeyword<P = any> {
  /** `non-empty`: the overlay's `keyword` field. */
  name: string;
  /** `x-cbp-non-empty`: the ajv keyword. */
  keyword: string;
  paramsSchema: SchemaObject;
  definition: CodeKeywordDefinition;
  /** The runtime factory checking it, and its constant extra arguments: what validators
   * compiled at run time (packages/runtime/src/rules/lazy-validators.ts) call. */
  factory: string;
  extraArgs(): unknown[];
  /** Minimal changes to a valid value that break exactly this rule. */
  violate(validValue: unknown, params: P): Mutation[];
}

export interface RuleKeywordSpec<P> {
  name: string;
  paramsSchema: SchemaObject;
  /** Name of the factory exported by packages/runtime/src/rules/index.ts. */
  factory: string;
  create(params: P, ...extra: unknown[]): RuleCheck;
  /** Extra constant arguments for the factory, embedded as JSON (e.g. the minor-unit table). */
  extraArgs?(): unknown[];
  violate(validValue: unknown, params: P): Mutation[];
  /** Emits an inline success-path test and returns the boolean variable that is true when the
   * value surely passes (see fast-path.ts). Without it the runtime check always runs. */
  fast?(gen: CodeGen, data: Name, params: P, cxt: KeywordCxt): Name | undefined;
}

export function defineRuleKeyword<P>(spec: RuleKeywordSpec<P>): RuleKeyword<P> {
  const keyword = `x-cbp-${spec.name}`;
  const metaSchema: SchemaObject = {
    type: 'object',
    required: ['id', 'source', 'params'],
    properties: { id: { type: 'string', minLength: 1 }, source: { type: 'string' }, params: spec.paramsSchema },
    additionalProperties: false,
  };
  const definition: CodeKeywordDefinition = {
    keyword,
    schemaType: 'object',
    metaSchema,
    $data: false,
    code(cxt: KeywordCxt) {
      const { gen, data, schema, it } = cxt;
      const value = schema as { id: string; source: string; params: P };
      const extra = spec.extraArgs?.() ?? [];
      const args = [value.params, ...extra].map((a) => stringify(a));
      const argCode = args.reduce((acc, a, i) => (i === 0 ? _`${a}` : _`${acc}, ${a}`), _``);
      const check = gen.scopeValue('keyword', {
        ref: spec.create(value.params, ...extra),
        code: _`${RULES_RUNTIME}.${new Name(spec.factory)}(${argCode})`,
      });
      const sure = spec.fast?.(gen, data, value.params, cxt);
      if (sure !== undefined) gen.if(_`!${sure}`);
      const hits = gen.const('cbpHits', _`${check}(${data})`);
      const vErrors = new Name('vErrors');
      const errors = new Name('errors');
      const instancePath = new Name('instancePath');
      gen.if(_`${hits} !== null`, () => {
        gen.forOf('cbpHit', hits, (hit) => {
          const err = gen.const(
            'err',
            _`{instancePath: ${instancePath} + ${hit}.pointer, schemaPath: ${str`${it.errSchemaPath}/${keyword}`}, keyword: ${keyword}, params: {rule: ${value.id}, source: ${value.source}, pointer: ${hit}.pointer}, message: ${hit}.message}`,
          );
          gen.if(
            _`${vErrors} === null`,
            () => gen.assign(vErrors, _`[${err}]`),
            () => gen.code(_`${vErrors}.push(${err})`),
          );
          gen.code(_`${errors}++`);
        });
        if (!it.allErrors && !it.compositeRule) {
          gen.assign(_`${it.validateName}.errors`, vErrors);
          gen.return(false);
        }
      });
      if (sure !== undefined) gen.endIf();
    },
  };
  return {
    name: spec.name,
    keyword,
    paramsSchema: spec.paramsSchema,
    definition,
    factory: spec.factory,
    extraArgs: () => spec.extraArgs?.() ?? [],
    violate: spec.violate,
  };
}

/** JSON-safe deep copy for mutations. */
export function clone<T>(value: T): T {
  return structuredClone(value);
}

/** Pointer schema: RFC 6901 with `*` tokens. */
export const POINTER = { type: 'string', pattern: '^(/[^/]*)*$' } as const;
export const POINTERS = { anyOf: [POINTER, { type: 'array', items: POINTER, minItems: 1 }] } as const;
export const WHEN = {
  type: 'object',
  required: ['pointer'],
  properties: { pointer: POINTER, equals: {}, in: { type: 'array' } },
  additionalProperties: false,
} as const;
