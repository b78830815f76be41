/**
 * Checks each overlay rule against the implementation it names, at generate time: a stateless
 * rule needs a keyword of a selected plugin, a stateful one a rule of a selected plugin's stateful
 * vocabulary, and either's params must match the implementation's parameter schema (as ajv checks
 * a keyword's value against its metaSchema). A rule nobody implements would otherwise be silently
 * skipped.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { CbpError } from '../../lib/errors.js';
import { formats } from 'cross-border-payments-runtime/rules/formats.js';
import type { RuleDefinition } from '../ir/model.js';
import type { RuleKeyword } from 'cross-border-payments-runtime/rules/keyword.js';
import type { StatefulRule } from 'cross-border-payments-runtime/rules/stateful.js';
import type { Plugin } from '../plugins/plugin.js';

/** The rule keywords a generation knows: those of its selected plugins. */
export interface RuleVocabulary {
  stateless: ReadonlyMap<string, RuleKeyword>;
  stateful: ReadonlyMap<string, StatefulRule<unknown, never>>;
}

export function vocabularyOf(plugins: readonly Plugin[]): RuleVocabulary {
  return {
    stateless: new Map(plugins.flatMap((p) => p.keywords ?? []).map((k) => [k.name, k])),
    stateful: new Map(plugins.flatMap((p) => Object.entries(p.statefulRules?.rules ?? {}))),
  };
}

/** One compiled params checker per parameter schema (schemas are module constants). */
const paramCheckers = new WeakMap<object, ValidateFunction>();
let ajv: Ajv | undefined;

function checkerFor(paramsSchema: object): ValidateFunction {
  let check = paramCheckers.get(paramsSchema);
  if (check === undefined) {
    if (ajv === undefined) {
      ajv = new Ajv({ allErrors: true, strict: true });
      ajv.addFormat('regex', formats.regex as never);
    }
    check = ajv.compile(paramsSchema);
    paramCheckers.set(paramsSchema, check);
  }
  return check;
}

function checkParams(rule: RuleDefinition, paramsSchema: object): void {
  const check = checkerFor(paramsSchema);
  if (!check(rule.params)) {
    const e = check.errors?.[0];
    fail(rule, `params${e?.instancePath ?? ''} ${e?.message ?? 'invalid'}`);
  }
}

function fail(rule: RuleDefinition, message: string, hint?: string): never {
  throw new CbpError('E_RULE_INVALID', `rule ${rule.id} (on ${rule.target}): ${message}`, { rule: 'x-cbp-rules', ...(hint ? { hint } : {}) });
}

const known = (names: Iterable<string>) => {
  const list = [...names];
  return list.length > 0 ? `known: ${list.join(', ')} (select the plugin that defines it, e.g. payments)` : 'no selected plugin defines such rules (e.g. select payments)';
};

export function checkStatelessRule(rule: RuleDefinition, vocabulary: RuleVocabulary): void {
  const keyword = vocabulary.stateless.get(rule.keyword);
  if (keyword === undefined) fail(rule, `no stateless keyword ${JSON.stringify(rule.keyword)}`, known(vocabulary.stateless.keys()));
  checkParams(rule, keyword.paramsSchema);
}

export function checkStatefulRule(rule: RuleDefinition, vocabulary: RuleVocabulary): void {
  const implementation = vocabulary.stateful.get(rule.keyword);
  if (implementation === undefined) {
    fail(rule, `no stateful rule ${JSON.stringify(rule.keyword)}`, known(vocabulary.stateful.keys()));
  }
  checkParams(rule, implementation.paramsSchema);
}

export function unsupportedPart(rule: RuleDefinition, why: string): never {
  return fail(rule, why);
}
