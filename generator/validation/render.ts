/**
 * Text of the typed files around the standalone code. Every document-derived value is written
 * with JSON.stringify (as a string key or literal), never as an identifier or code.
 */
import type { RuleDefinition } from '../ir/model.js';
import type { StatefulRuleSource } from '../plugins/plugin.js';
import type { ValidatorPlan } from './plan.js';
import { publicApi, ruleContextType, statefulImports, statefulRegistries } from './render-api.js';

const q = (v: unknown) => JSON.stringify(v);
// A member of the standalone module's namespace, never the namespace as a value: a bundler then
// builds no namespace object (its helper would be shared with every chunk of a page). Export
// names are identifiers the generator made (NamedSchema), checked again here.
const ref = (ns: string, name: string | null | undefined) => {
  if (name == null) return 'null';
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`not a validator export name: ${q(name)}`);
  return `(${ns}.${name} as AjvValidateFn)`;
};

export function renderValidatorsTs(
  header: string,
  plan: ValidatorPlan,
  stateful: readonly StatefulRuleSource[],
  documentHash: string,
): string {
  const lines: string[] = [
    header.replace(/\n+$/, '\n'),
    '/**',
    ' * Typed entry points over the ajv standalone validators (validators-standalone.ts,',
    ' * validators-params-standalone.ts), with the rules of the document (x-cbp-rules) compiled in.',
    ' * Error model: runtime/rule-types (RuleViolation). Path, query and header parameters are coerced in place',
    ' * from strings to their schema types (numbers, booleans, arrays) before they are checked; header',
    ' * names are lower case.',
    ' */',
    "import type { RuleContext as BaseRuleContext, ValidationOutcome } from './runtime/rule-types.js';",
    "import { createValidatorSet, type AjvValidateFn, type RequestParts } from './runtime/rules/validator-set.js';",
    ...statefulImports(stateful),
    "import * as standalone from './validators-standalone.js';",
    // No parameter schema (a webhooks-only document): no unused import (noUnusedLocals).
    ...(plan.paramSchemas.length > 0 ? ["import * as standaloneParams from './validators-params-standalone.js';"] : []),
    '',
    '/** Every compiled validator by name (request parts, responses, webhooks), for benchmarks. */',
    'export const rawValidators: Readonly<Record<string, AjvValidateFn>> = {',
    ...plan.paramSchemas.map((s) => `  ${q(s.name)}: ${ref('standaloneParams', s.name)},`),
    ...plan.schemas.map((s) => `  ${q(s.name)}: ${ref('standalone', s.name)},`),
    '};',
    '',
    ...ruleContextType(stateful),
    '',
    'const set = createValidatorSet({',
    `  statefulRules: ${statefulRegistries(stateful)},`,
    '  operations: {',
  ];
  for (const op of plan.operations) {
    lines.push(`    ${q(op.id)}: {`);
    if (op.params) lines.push(`      params: ${ref('standaloneParams', op.params)},`);
    if (op.query) lines.push(`      query: ${ref('standaloneParams', op.query)},`);
    if (op.headers) lines.push(`      headers: ${ref('standaloneParams', op.headers)},`);
    if (op.cookies) lines.push(`      cookies: ${ref('standaloneParams', op.cookies)},`);
    if (op.body) lines.push(`      body: ${ref('standalone', op.body)},`);
    lines.push(`      bodyRequired: ${op.bodyRequired},`);
    lines.push('      responses: [');
    for (const r of op.responses) {
      const content = Object.entries(r.content).map(([type, name]) => `${q(type)}: ${ref('standalone', name)}`);
      lines.push(`        { status: ${q(r.status)}, content: { ${content.join(', ')} } },`);
    }
    lines.push('      ],');
    lines.push(`      stateful: ${q(op.stateful)},`);
    lines.push('    },');
  }
  lines.push('  },', '  webhooks: {');
  for (const w of plan.webhooks) lines.push(`    ${q(w.name)}: ${ref('standalone', w.validator)},`);
  lines.push('  },', '});', '', ...publicApi(documentHash));
  return lines.join('\n');
}

export function renderRulesTs(header: string, rules: RuleDefinition[]): string {
  return [
    header.replace(/\n+$/, '\n'),
    '/** Every business rule of the document (x-cbp-rules), as data. */',
    '',
    "import type { RuleInfo } from './runtime/rule-types.js';",
    '',
    'export type { RuleInfo };',
    '',
    `export const rules = ${JSON.stringify(rules, null, 2)} as const satisfies readonly RuleInfo[];`,
    '',
    "export type RuleId = (typeof rules)[number]['id'];",
    '',
    'export const rulesById: Readonly<Record<string, RuleInfo>> = ' +
      'Object.fromEntries((rules as readonly RuleInfo[]).map((r) => [r.id, r]));',
    '',
  ].join('\n');
}

/** validators-runtime.ts: the formats and the keyword factories the validators call, imported by
 * the standalone validators as `__cbpRules` (by the lazy ones as the factories' table). Each
 * entry exports `names` from `module`, or the whole module. */
export function renderValidatorsRuntime(
  exports: ReadonlyArray<{ module: string; names?: readonly string[] }>,
  options: { linearEngine?: boolean } = {},
): string {
  return [
    '/** The runtime the validators call: formats, the rule checks the document uses. */',
    "export { formats } from './runtime/rules/formats.js';",
    // The standalone validators' pattern engine (ajv `code.regExp`: linear time, regexp.ts).
    "export { regExp } from './runtime/rules/regexp.js';",
    // RE2 only for a document with a pattern a backtracking engine could run in super-linear time.
    ...(options.linearEngine
      ? [
          "import { useLinearEngine } from './runtime/rules/regexp.js';",
          "import { re2Engine } from './runtime/rules/regexp-re2.js';",
          '// Some of the patterns could take a backtracking engine super-linear time: RE2 runs them.',
          'useLinearEngine(re2Engine);',
        ]
      : []),
    ...exports.map((e) =>
      e.names === undefined ? `export * from ${q(e.module)};` : `export { ${e.names.join(', ')} } from ${q(e.module)};`,
    ),
    '',
  ].join('\n');
}
