/**
 * Checks each overlay rule against the implementation it names, at generate time: a stateless
 * rule needs a keyword of a selected plugin, a stateful one a rule of a selected plugin's stateful
 * vocabulary, and either's params must match the implementation's parameter schema (as ajv checks
 * a keyword's value against its metaSchema). A rule nobody implements would otherwise be silently
 * skipped.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { CbpError } from '../../lib/errors.js';
import { formats, type RuleKeyword, type StatefulRule } from 'cross-border-payments-runtime/validators';
import type { RuleDefinition } from '../ir/model.js';
import type { Plugin } from '../plugins/plugin.js';

/** The rule keywords a generation knows: those of its selected plugins. */
export interface RuleVocabulary {
  stateless: ReadonlyMap<string, RuleKeyword>;
  stateful: ReadonlyMap<string, StatefulRule<unknown, never>>;
  /** Keyword → the plugin of the registry defining it, for a hint when that plugin is not selected. */
  definedBy?: ReadonlyMap<string, string>;
}

/** `registry`: every plugin the selection could name, so that a hint names the one to select. */
export function vocabularyOf(plugins: readonly Plugin[], registry: readonly Plugin[] = plugins): RuleVocabulary {
  const definedBy = new Map<string, string>();
  for (const p of registry) {
    for (const keyword of [...(p.keywords ?? []).map((k) => k.name), ...Object.keys(p.statefulRules?.rules ?? {})]) {
      if (!definedBy.has(keyword)) definedBy.set(keyword, p.name);
    }
  }
  return {
    stateless: new Map(plugins.flatMap((p) => p.keywords ?? []).map((k) => [k.name, k])),
    stateful: new Map(plugins.flatMap((p) => Object.entries(p.statefulRules?.rules ?? {}))),
    definedBy,
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
  throw new CbpError('E_RULE_INVALID', `rule ${rule.id} (on ${rule.target}): ${message}`, {
    rule: 'x-cbp-rules',
    ...(hint ? { hint } : {}),
  });
}

/** The hint for a keyword the selected plugins lack: the plugin that defines it, and the known ones. */
function known(keyword: string, names: Iterable<string>, vocabulary: RuleVocabulary): string {
  const list = [...names];
  const owner = vocabulary.definedBy?.get(keyword);
  const select = owner === undefined ? 'select the plugin that defines it' : `plugin ${owner} defines it: select it`;
  if (list.length === 0) return `no selected plugin defines such rules (${select})`;
  return `known: ${list.join(', ')} (${select})`;
}

export function checkStatelessRule(rule: RuleDefinition, vocabulary: RuleVocabulary): void {
  const keyword = vocabulary.stateless.get(rule.keyword);
  if (keyword === undefined) {
    const hint = known(rule.keyword, vocabulary.stateless.keys(), vocabulary);
    fail(rule, `no stateless keyword ${JSON.stringify(rule.keyword)}`, hint);
  }
  checkParams(rule, keyword.paramsSchema);
}

export function checkStatefulRule(rule: RuleDefinition, vocabulary: RuleVocabulary): void {
  const implementation = vocabulary.stateful.get(rule.keyword);
  if (implementation === undefined) {
    const hint = known(rule.keyword, vocabulary.stateful.keys(), vocabulary);
    fail(rule, `no stateful rule ${JSON.stringify(rule.keyword)}`, hint);
  }
  checkParams(rule, implementation.paramsSchema);
}

export function unsupportedPart(rule: RuleDefinition, why: string): never {
  return fail(rule, why);
}
