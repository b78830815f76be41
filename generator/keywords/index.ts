/**
 * The rule vocabulary: every stateless rule keyword, in one list (ajv's own vocabularies are
 * arrays of KeywordDefinitions the same way). Stateful rules live in
 * templates/runtime/stateful-rules/index.ts.
 */
import { caseSensitiveEnum } from './case-sensitive-enum.js';
import { decimalSum } from './decimal-sum.js';
import { nonEmpty } from './non-empty.js';
import { requiredWhen } from './required-when.js';
import type { RuleKeyword } from './rule-keyword.js';
import { stringLimits } from './string-limits.js';

export const ruleKeywords: readonly RuleKeyword[] = [nonEmpty, decimalSum, caseSensitiveEnum, requiredWhen, stringLimits];

export const ruleKeywordsByName: ReadonlyMap<string, RuleKeyword> = new Map(ruleKeywords.map((k) => [k.name, k]));

export type { Mutation, RuleKeyword } from './rule-keyword.js';
