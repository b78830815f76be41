/**
 * A stateless rule keyword as one unit, the way ajv defines its own keywords (a definition with
 * its argument schema, its check, its error, its code): the parameter schema the overlay's
 * `params` are checked against at generate time, the run-time check (`create`, whose hits carry
 * the error message), an optional inline success path for the compiled code, and the minimal
 * changes to a valid value that break it (the conformance run's negative cases). The ajv keyword
 * `x-cbp-<name>` is built from it by ajv-keyword.ts for both compile paths.
 *
 * Only types come from ajv here: this module ships with every keyword that the output's
 * validators-runtime.ts re-exports, including the standalone output, which must not load ajv.
 */
import type { _, Code, CodeGen, KeywordCxt, Name, SchemaObject } from 'ajv';
import type { RuleCheck } from './types.js';

export interface Mutation {
  /** The mutated value (a fresh copy). */
  value: unknown;
  /** Where the rule reports it. */
  pointer: string;
  description: string;
}

/** What a keyword's `code` may use to emit its inline success path: ajv's own code generation
 * (`_` quotes every interpolated value; property names go through `get`). */
export interface KeywordCodegen<P> {
  _: typeof _;
  gen: CodeGen;
  cxt: KeywordCxt;
  /** The value the keyword checks. */
  data: Name;
  params: P;
  or(...codes: Code[]): Code;
  and(...codes: Code[]): Code;
  /** A JSON literal as code. */
  lit(value: string | number | boolean | null): Code;
  /** The value at a plain pointer (no `*`) below `node`, or undefined. */
  get(node: Code, pointer: string): Name;
  /** `ok = ok && check(v)` for every value a pointer pattern (with `*`) reaches below `node`;
   * the last member may be undefined (absent). */
  all(ok: Name, node: Code, pointer: string, check: (v: Name) => Code): void;
  /** The document's pattern engine compiled once for `source` (unicode mode), or undefined when
   * the document's patterns do not all compile in unicode mode (the runtime check then decides). */
  pattern(source: string): Name | undefined;
}

export interface RuleKeywordSpec<P> {
  /** `non-empty`: the overlay's `keyword` field; the ajv keyword is `x-cbp-<name>`. */
  name: string;
  /** Schema of the overlay rule's `params` (ajv's `metaSchema`). */
  paramsSchema: SchemaObject;
  /** The name this check's factory is exported under by its module (what the standalone code and
   * validators compiled on first use call through validators-runtime.ts). */
  factory: string;
  /** The check: null when the value passes, else one hit (pointer, message) per violation. */
  create(params: P, ...extra: unknown[]): RuleCheck;
  /** Constant arguments after the params, embedded as JSON in the output (e.g. a table). */
  extraArgs?(): unknown[];
  /** Emits an inline test and returns the boolean variable that is true when the value surely
   * passes; the check then runs only when it is false. Without it the check always runs. */
  code?(k: KeywordCodegen<P>): Name | undefined;
  /** Minimal changes to a valid value that break exactly this rule. */
  violate(validValue: unknown, params: P): Mutation[];
}

// biome-ignore lint/suspicious/noExplicitAny: registries hold keywords of every parameter type
export interface RuleKeyword<P = any> extends Required<Omit<RuleKeywordSpec<P>, 'code'>> {
  /** `x-cbp-<name>`: the ajv keyword. */
  keyword: string;
  code?: RuleKeywordSpec<P>['code'];
}

export function defineRuleKeyword<P>(spec: RuleKeywordSpec<P>): RuleKeyword<P> {
  return { ...spec, keyword: `x-cbp-${spec.name}`, extraArgs: spec.extraArgs ?? (() => []) };
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

export function isLiteral(v: unknown): v is string | number | boolean | null {
  return v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
}
