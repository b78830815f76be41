/**
 * The generic rule vocabulary: the stateless rule keywords any document may use, in one list
 * (ajv's own vocabularies are arrays of keyword definitions the same way). Each keyword is one
 * module of the runtime (packages/runtime/src/rules/<name>.ts: params schema, check, inline code,
 * negative-case mutation); the validators plugin's output imports its factory from there. Plugins
 * add their own keywords (Plugin.keywords); the validators compile with the selected plugins' union.
 */
import {
  caseSensitiveEnum,
  nonEmpty,
  requiredWhen,
  type RuleKeyword,
  stringLimits,
} from 'cross-border-payments-runtime/validators';

export const ruleKeywords: readonly RuleKeyword[] = [nonEmpty, caseSensitiveEnum, requiredWhen, stringLimits];

export type { RuleKeyword } from 'cross-border-payments-runtime/validators';
