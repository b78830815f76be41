/**
 * What validators.ts looks like whichever way its validators were compiled (standalone at generate
 * time, render.ts; on first use, render-lazy.ts): the stateful registries it imports, its
 * RuleContext, and the public entry points over the validator set `set`.
 */
import type { StatefulRuleSource } from '../plugins/plugin.js';

const q = (v: unknown) => JSON.stringify(v);

/** The stateful registries are imported under these names (`__statefulRules0`, ...): identifiers
 * of ours, never document text. */
const registryName = (i: number) => `__statefulRules${i}`;

export function statefulImports(stateful: readonly StatefulRuleSource[]): string[] {
  return stateful.map((s, i) => {
    const names = `${s.exportName} as ${registryName(i)}, type ${s.contextType}`;
    return `import { ${names} } from ${q(s.module)};`;
  });
}

/** The registries as the validator set's `statefulRules` array. */
export function statefulRegistries(stateful: readonly StatefulRuleSource[]): string {
  return `[${stateful.map((_, i) => registryName(i)).join(', ')}]`;
}

export function ruleContextType(stateful: readonly StatefulRuleSource[]): string[] {
  return [
    '/** What the stateful rules of the selected plugins may ask of the service state. */',
    `export type RuleContext = ${['BaseRuleContext', ...stateful.map((s) => s.contextType)].join(' & ')};`,
  ];
}

/** The public entry points, over `const set = createValidatorSet(...)`. */
export function publicApi(documentHash: string): string[] {
  return [
    '/** sha256 of the document these validators were compiled from: the provider-contract version',
    ' * a judgement names (ContractViolation.documentHash). */',
    `export const documentHash = ${JSON.stringify(documentHash)};`,
    '',
    "/** Schema and stateless rules of one operation's request (sync). `notChecked` lists the",
    " * operation's stateful rules: run checkStatefulRules for those. */",
    'export const validateRequest: (operationId: string, req: ' +
      'RequestParts) => ValidationOutcome = set.validateRequest;',
    '',
    "/** The operation's stateful rules against a RuleContext; without one (or without the method a",
    ' * rule needs) the rule is listed in `notChecked`, never passed. */',
    'export const checkStatefulRules: (operationId: string, req: ' +
      'RequestParts, ctx?: RuleContext) => Promise<ValidationOutcome> =',
    '  set.checkStatefulRules;',
    '',
    '/** checkStatefulRules, answered synchronously when every RuleContext answer is (not a Promise):',
    ' * a promise is returned only when the context returned one. */',
    'export const checkStatefulRulesEager: (operationId: string, req: RequestParts, ' +
      'ctx?: RuleContext) => ValidationOutcome | Promise<ValidationOutcome> =',
    '  set.checkStatefulRulesEager;',
    '',
    '/** A response body against the declared response (status, then NXX range, then default). */',
    'export const validateResponse: (operationId: string, status: number, ' +
      'contentType: string | undefined, body: unknown) => ValidationOutcome =',
    '  set.validateResponse;',
    '',
    "/** A webhook payload, with the webhook's rules. */",
    'export const validateWebhook: (webhookName: string, payload: unknown) => ValidationOutcome = set.validateWebhook;',
    '',
    'export type { RequestParts };',
    '',
  ];
}
