/**
 * Checks each overlay rule against the implementation it names, at generate time: a stateless
 * rule needs a keyword of a selected plugin and params matching its meta-schema, a stateful one
 * a rule of a selected plugin's stateful vocabulary. A rule nobody implements would otherwise be
 * silently skipped.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { CbpError } from '../../lib/errors.js';
import { formats } from 'cross-border-payments-runtime/rules/formats.js';
import type { RuleDefinition } from '../ir/model.js';
import type { RuleKeyword } from '../keywords/rule-keyword.js';
import type { Plugin } from '../plugins/plugin.js';

/** The rule keywords a generation knows: those of its selected plugins. */
export interface RuleVocabulary {
  stateless: ReadonlyMap<string, RuleKeyword>;
  stateful: readonly string[];
  /** Keyword → the plugin of the registry defining it, for a hint when that plugin is not selected. */
  definedBy?: ReadonlyMap<string, string>;
}

/** `registry`: every plugin the selection could name, so that a hint names the one to select. */
export function vocabularyOf(plugins: readonly Plugin[], registry: readonly Plugin[] = plugins): RuleVocabulary {
  const definedBy = new Map<string, string>();
  for (const p of registry) {
    for (const keyword of [...(p.keywords ?? []).map((k) => k.name), ...(p.statefulRules?.keywords ?? [])]) {
      if (!definedBy.has(keyword)) definedBy.set(keyword, p.name);
    }
  }
  return {
    stateless: new Map(plugins.flatMap((p) => p.keywords ?? []).map((k) => [k.name, k])),
    stateful: plugins.flatMap((p) => p.statefulRules?.keywords ?? []),
    definedBy,
  };
}

const paramCheckers = new WeakMap<RuleKeyword, ValidateFunction>();
let ajv: Ajv | undefined;

function checkerFor(keyword: RuleKeyword): ValidateFunction {
  let check = paramCheckers.get(keyword);
  if (check === undefined) {
    if (ajv === undefined) {
      ajv = new Ajv({ allErrors: true, strict: true });
      ajv.addFormat('regex', formats.regex as never);
    }
    check = ajv.compile(keyword.paramsSchema);
    paramCheckers.set(keyword, check);
  }
  return check;
}

function fail(rule: RuleDefinition, message: string, hint?: string): never {
  throw new CbpError('E_RULE_INVALID', `rule ${rule.id} (on ${rule.target}): ${message}`, { rule: 'x-cbp-rules', ...(hint ? { hint } : {}) });
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
  const check = checkerFor(keyword);
  if (!check(rule.params)) {
    const e = check.errors?.[0];
    fail(rule, `params${e?.instancePath ?? ''} ${e?.message ?? 'invalid'}`);
  }
}

export function checkStatefulRule(rule: RuleDefinition, vocabulary: RuleVocabulary): void {
  if (vocabulary.stateful.includes(rule.keyword)) return;
  fail(rule, `no stateful rule ${JSON.stringify(rule.keyword)}`, known(rule.keyword, vocabulary.stateful, vocabulary));
}

export function unsupportedPart(rule: RuleDefinition, why: string): never {
  return fail(rule, why);
}
