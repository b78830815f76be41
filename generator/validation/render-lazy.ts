/**
 * Text of validators-data.ts and of validators.ts when validators compile at run time
 * (packages/runtime/src/rules/lazy-validators.ts). The data is one JSON string handed to
 * JSON.parse: document strings cannot become code, the type checker sees one string literal
 * whatever the document's size, and engines parse JSON faster than the same object literal.
 * validators.ts is the same few lines for every document.
 */
import type { JSONSchema } from '../ir/json-schema.js';
import type { RuleKeyword } from 'cross-border-payments-runtime/validators';
import type { StatefulRuleSource } from '../plugins/plugin.js';
import type { ValidatorData } from 'cross-border-payments-runtime/validators/ajv';
import type { ValidatorPlan } from './plan.js';
import { publicApi, ruleContextType, statefulImports, statefulRegistries } from './render-api.js';
import { setKey } from '../ir/refs.js';

export interface DataChoice {
  openapi31: boolean;
  unicodeRegExp: boolean;
  unknownFormats: string[];
  features: string[];
  inlineRefs: boolean;
  keywords: readonly RuleKeyword[];
}

export function renderValidatorData(
  header: string,
  plan: ValidatorPlan,
  components: JSONSchema,
  choice: DataChoice,
): string {
  const schemas = shared(plan.schemas);
  const paramSchemas = shared(plan.paramSchemas);
  const operations: ValidatorData['operations'] = {};
  for (const op of plan.operations) {
    const { id, bodyRequired, stateful, responses, ...parts } = op;
    const entry: ValidatorData['operations'][string] = { responses: [] };
    for (const part of ['params', 'query', 'headers', 'cookies'] as const)
      if (parts[part] !== undefined) entry[part] = paramSchemas.nameOf(parts[part]);
    if (parts.body !== undefined) entry.body = schemas.nameOf(parts.body);
    if (bodyRequired) entry.bodyRequired = true;
    entry.responses = responses.map((r) => {
      const content: Record<string, string | null> = {};
      for (const [type, name] of Object.entries(r.content))
        setKey(content, type, name === null ? null : schemas.nameOf(name));
      return { status: r.status, content };
    });
    if (stateful.length > 0) entry.stateful = stateful;
    setKey(operations, id, entry);
  }
  const webhooks: ValidatorData['webhooks'] = {};
  for (const w of plan.webhooks) setKey(webhooks, w.name, w.validator === null ? null : schemas.nameOf(w.validator));
  const data: ValidatorData = {
    openapi31: choice.openapi31,
    unicodeRegExp: choice.unicodeRegExp,
    unknownFormats: choice.unknownFormats,
    features: choice.features,
    inlineRefs: choice.inlineRefs,
    keywords: choice.keywords.map((k) => ({ keyword: k.keyword, factory: k.factory, extra: k.extraArgs() })),
    components: components as ValidatorData['components'],
    schemas: schemas.table as ValidatorData['schemas'],
    paramSchemas: paramSchemas.table as ValidatorData['paramSchemas'],
    operations,
    webhooks,
  };
  return [
    header.replace(/\n+$/, '\n'),
    '/** The JSON Schemas the validators compile on first use (validators.ts), as data. */',
    "import type { ValidatorData } from './runtime/rules/lazy-validators.js';",
    '',
    `export const validatorData: ValidatorData = JSON.parse(${singleQuoted(JSON.stringify(data))});`,
    '',
  ].join('\n');
}

/** Identical schemas once, under the first name they appear with: real documents answer the same
 * error schema on every operation and the same schema under JSON and XML media types. */
function shared(list: ValidatorPlan['schemas']): {
  table: Record<string, JSONSchema>;
  nameOf: (name: string) => string;
} {
  const table: Record<string, JSONSchema> = {};
  const byText = new Map<string, string>();
  const canonical = new Map<string, string>();
  for (const s of list) {
    const text = JSON.stringify(s.schema);
    const first = byText.get(text);
    if (first !== undefined) {
      canonical.set(s.name, first);
      continue;
    }
    byText.set(text, s.name);
    canonical.set(s.name, s.name);
    setKey(table, s.name, s.schema);
  }
  return {
    table,
    nameOf: (name) => {
      const found = canonical.get(name);
      if (found === undefined) throw new Error(`validator plan names no schema ${JSON.stringify(name)}`);
      return found;
    },
  };
}

const SINGLE_QUOTE_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  "'": "\\'",
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON text as a single-quoted string literal: JSON's double quotes need no escape there, which
 * is about a sixth of the data's size. JSON.stringify leaves no raw control character in its
 * output, so the backslash, the quote and the two line separators are all that need escaping. */
export function singleQuoted(json: string): string {
  return `'${json.replace(/[\\'\u2028\u2029]/g, (c) => SINGLE_QUOTE_ESCAPES[c] as string)}'`;
}

/** `factories`: the rule check factories the keywords of validators-data.ts name (KeywordData.factory). */
export function renderLazyValidatorsTs(
  header: string,
  stateful: readonly StatefulRuleSource[],
  documentHash: string,
  factories: readonly string[] = [],
): string {
  const names = [...new Set(factories)].sort();
  return [
    header.replace(/\n+$/, '\n'),
    '/**',
    ' * Typed entry points over the schemas of validators-data.ts, with the rules of the document',
    ' * (x-cbp-rules) as keywords. Each validator is compiled by ajv the first time it runs, then',
    ' * cached (ajv compiles with `new Function`: where a Content-Security-Policy forbids it, generate',
    ' * with the validators plugin option `standalone`). Error model: runtime/rule-types (RuleViolation). Path,',
    ' * query and header parameters are coerced in place from strings to their schema types (numbers,',
    ' * booleans, arrays) before they are checked; header names are lower case.',
    ' */',
    "import type { RuleContext as BaseRuleContext, ValidationOutcome } from './runtime/rule-types.js';",
    "import { createValidatorSet, type AjvValidateFn, type RequestParts } from './runtime/rules/validator-set.js';",
    "import { createLazyValidators } from './runtime/rules/lazy-validators.js';",
    ...statefulImports(stateful),
    "import { validatorData } from './validators-data.js';",
    // The factories by name, as an object of named imports: the module's namespace object would
    // need a bundler helper (esbuild's `__export`) that its linker puts in a chunk every chunk of
    // the page imports up front. The import runs validators-runtime.ts's set-up either way.
    names.length === 0
      ? "import './validators-runtime.js';"
      : `import { ${names.map((n) => `${n} as __rule_${n}`).join(', ')} } from './validators-runtime.js';`,
    '',
    `const lazy = createLazyValidators(validatorData, {${names.map((n) => ` ${n}: __rule_${n}`).join(',')}${names.length > 0 ? ' ' : ''}});`,
    '',
    '/** Every validator by name (request parts, responses, webhooks), for benchmarks. */',
    'export const rawValidators: Readonly<Record<string, AjvValidateFn>> = lazy.raw;',
    '',
    ...ruleContextType(stateful),
    '',
    `const set = createValidatorSet({ statefulRules: ${statefulRegistries(stateful)}, ...lazy.spec });`,
    '',
    ...publicApi(documentHash),
  ].join('\n');
}
