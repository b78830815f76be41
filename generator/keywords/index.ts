/**
 * The generic rule vocabulary: the stateless rule keywords any document may use, in one list
 * (ajv's own vocabularies are arrays of KeywordDefinitions the same way). Plugins add their own
 * keywords (Plugin.keywords); the validators plugin compiles with the selected plugins' union.
 */
import { caseSensitiveEnum } from './case-sensitive-enum.js';
import { nonEmpty } from './non-empty.js';
import { requiredWhen } from './required-when.js';
import type { RuleKeyword } from './rule-keyword.js';
import { stringLimits } from './string-limits.js';

export const ruleKeywords: readonly RuleKeyword[] = [nonEmpty, caseSensitiveEnum, requiredWhen, stringLimits];

export const ruleKeywordsByName: ReadonlyMap<string, RuleKeyword> = new Map(ruleKeywords.map((k) => [k.name, k]));

export type { Mutation, RuleKeyword } from './rule-keyword.js';
