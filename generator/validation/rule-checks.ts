/**
 * Checks each overlay rule against the implementation it names, at generate time: a stateless
 * rule needs a keyword of generator/keywords/ and params matching its meta-schema, a stateful one
 * a module of templates/runtime/stateful-rules/. A rule nobody implements would otherwise be
 * silently skipped.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { CbpError } from '../../lib/errors.js';
import { formats } from '../../templates/runtime/rules/formats.js';
import { statefulRules } from '../../templates/runtime/stateful-rules/index.js';
import type { RuleDefinition } from '../ir/model.js';
import { ruleKeywordsByName } from '../keywords/index.js';

let paramCheckers: Map<string, ValidateFunction> | undefined;

function checkerFor(keyword: string): ValidateFunction | undefined {
  if (paramCheckers === undefined) {
    const ajv = new Ajv({ allErrors: true, strict: true });
    ajv.addFormat('regex', formats.regex as never);
    paramCheckers = new Map([...ruleKeywordsByName].map(([name, k]) => [name, ajv.compile(k.paramsSchema)]));
  }
  return paramCheckers.get(keyword);
}

function fail(rule: RuleDefinition, message: string, hint?: string): never {
  throw new CbpError('E_RULE_INVALID', `rule ${rule.id} (on ${rule.target}): ${message}`, { rule: 'x-cbp-rules', ...(hint ? { hint } : {}) });
}

export function checkStatelessRule(rule: RuleDefinition): void {
  const check = checkerFor(rule.keyword);
  if (check === undefined) {
    fail(rule, `no stateless keyword ${JSON.stringify(rule.keyword)}`, `known: ${[...ruleKeywordsByName.keys()].join(', ')}`);
  }
  if (!check(rule.params)) {
    const e = check.errors?.[0];
    fail(rule, `params${e?.instancePath ?? ''} ${e?.message ?? 'invalid'}`);
  }
}

export function checkStatefulRule(rule: RuleDefinition): void {
  if (statefulRules[rule.keyword] === undefined) {
    fail(rule, `no stateful rule ${JSON.stringify(rule.keyword)}`, `known: ${Object.keys(statefulRules).join(', ')}`);
  }
}

export function unsupportedPart(rule: RuleDefinition, why: string): never {
  return fail(rule, why);
}
