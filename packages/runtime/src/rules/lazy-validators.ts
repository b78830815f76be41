/**
 * Validators compiled at run time, on first use: the generator emits the JSON Schemas as data
 * (validators-data.ts: the components once, each request part, response and webhook payload as a
 * small schema that references them), and each is compiled by ajv the first time it validates,
 * then cached. Generation then costs no more than writing JSON, and a process compiles only the
 * operations it uses. ajv compiles to code with `new Function`: where that is forbidden (CSP
 * without 'unsafe-eval'), generate with the validators plugin's `standalone` option instead.
 */
import type { AnySchemaObject, ValidateFunction } from 'ajv';
import { createValidatorAjv, type AnyAjv } from './ajv-instance.js';
import { ruleKeywordDefinition } from './ajv-keyword.js';
import type { ResponseEntry } from './response-match.js';
import type { RuleCheck } from './types.js';
import type { AjvValidateFn, RuleRef, ValidatorSetSpec } from './validator-set.js';

/** A stateless rule keyword: `x-cbp-<name>`, checked by the runtime factory `factory`. */
export interface KeywordData {
  keyword: string;
  factory: string;
  /** Constant arguments after the rule's params (e.g. the minor-unit table). */
  extra: unknown[];
}

/** Names of schemas in `paramSchemas` (params, query, headers, cookies) and `schemas` (body,
 * responses). Absent `bodyRequired` is false, absent `stateful` is none. */
export interface OperationData {
  params?: string;
  query?: string;
  headers?: string;
  cookies?: string;
  body?: string;
  bodyRequired?: boolean;
  responses: ResponseEntry<string | null>[];
  stateful?: RuleRef[];
}

/** What validators-data.ts holds (JSON). */
export interface ValidatorData {
  openapi31: boolean;
  unicodeRegExp: boolean;
  /** Formats the document uses that ajv-formats does not know: accepted without checks. */
  unknownFormats: string[];
  /** 2020-12 keywords the document uses that need ajv's costlier bookkeeping, and `ownProperties`
   * when a property is named like an Object.prototype member. */
  features: string[];
  inlineRefs: boolean;
  keywords: KeywordData[];
  /** `{ $id, $defs }`: every component schema, referenced by the others. */
  components: AnySchemaObject;
  /** Bodies, responses and webhook payloads. A schema is held once: identical ones (the same
   * error response on every operation, one schema under two media types) share the name of the
   * first, and so share one compiled validator. */
  schemas: Record<string, AnySchemaObject | boolean>;
  /** Path, query, header and cookie parameters: coerced from strings in place. */
  paramSchemas: Record<string, AnySchemaObject | boolean>;
  operations: Record<string, OperationData>;
  webhooks: Record<string, string | null>;
}

export interface LazyValidators {
  /** The validator set's input, every validator compiling itself on first call. */
  spec: Pick<ValidatorSetSpec, 'operations' | 'webhooks'>;
  /** Every validator by name (request parts, responses, webhooks). */
  raw: Readonly<Record<string, AjvValidateFn>>;
}

/** `runtime` is the module exporting the rule factories the keywords name (validators-runtime.ts). */
export function createLazyValidators(data: ValidatorData, runtime: Readonly<Record<string, unknown>>): LazyValidators {
  const instances: { plain?: AnyAjv; coerce?: AnyAjv } = {};
  const ajvFor = (coerce: boolean): AnyAjv => {
    const key = coerce ? 'coerce' : 'plain';
    return (instances[key] ??= createRuntimeAjv(data, runtime, coerce));
  };
  const raw: Record<string, AjvValidateFn> = Object.create(null) as Record<string, AjvValidateFn>;
  const byName = (name: string | null | undefined, coerce: boolean): AjvValidateFn | undefined => {
    if (name == null) return undefined;
    const table = coerce ? data.paramSchemas : data.schemas;
    if (!Object.hasOwn(table, name)) throw new Error(`validators-data has no schema ${JSON.stringify(name)}`);
    return (raw[name] ??= lazy(() => ajvFor(coerce).compile(table[name] as AnySchemaObject)));
  };
  for (const name of Object.keys(data.paramSchemas)) byName(name, true);
  for (const name of Object.keys(data.schemas)) byName(name, false);

  const operations: ValidatorSetSpec['operations'] = {};
  for (const [id, op] of Object.entries(data.operations)) {
    const params = byName(op.params, true);
    const query = byName(op.query, true);
    const headers = byName(op.headers, true);
    const cookies = byName(op.cookies, true);
    const body = byName(op.body, false);
    operations[id] = {
      ...(params ? { params } : {}),
      ...(query ? { query } : {}),
      ...(headers ? { headers } : {}),
      ...(cookies ? { cookies } : {}),
      ...(body ? { body } : {}),
      bodyRequired: op.bodyRequired === true,
      responses: op.responses.map((r) => ({
        status: r.status,
        content: Object.fromEntries(
          Object.entries(r.content).map(([type, name]) => [type, byName(name, false) ?? null]),
        ),
      })),
      stateful: op.stateful ?? [],
    };
  }
  const webhooks: ValidatorSetSpec['webhooks'] = {};
  for (const [name, schema] of Object.entries(data.webhooks)) webhooks[name] = byName(schema, false) ?? null;
  return { spec: { operations, webhooks }, raw };
}

/** A validate function that compiles on its first call; `errors` mirrors the compiled one's. */
function lazy(compile: () => ValidateFunction): AjvValidateFn {
  let compiled: ValidateFunction | undefined;
  const validate: AjvValidateFn = (value: unknown): boolean => {
    compiled ??= compile();
    const ok = compiled(value) as boolean;
    validate.errors = compiled.errors ?? null;
    return ok;
  };
  validate.errors = null;
  return validate;
}

function createRuntimeAjv(data: ValidatorData, runtime: Readonly<Record<string, unknown>>, coerce: boolean): AnyAjv {
  const keywords = data.keywords.map((k) => ruleKeywordDefinition({ ...k, create: factoryOf(k, runtime) }));
  // The schemas were checked when they were generated.
  const ajv = createValidatorAjv({ ...data, coerce, keywords }, { validateSchema: false });
  ajv.addSchema(data.components);
  return ajv;
}

/** The rule check factory a keyword names, from the rules runtime (validators-runtime.ts). */
function factoryOf(k: KeywordData, runtime: Readonly<Record<string, unknown>>): (...args: unknown[]) => RuleCheck {
  const factory = runtime[k.factory];
  if (typeof factory !== 'function')
    throw new Error(`the rules runtime exports no ${k.factory} (keyword ${k.keyword})`);
  return factory as (...args: unknown[]) => RuleCheck;
}
