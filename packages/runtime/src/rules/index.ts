/** The formats, the pattern engine and the validator set. The rule keywords are one module each
 * (<name>.ts); the output's validators-runtime.ts exports the factories of those it uses. */
export { formats } from './formats.js';
export { regExp } from './regexp.js';
export { createValidatorSet, VALID } from './validator-set.js';
export type {
  AjvValidateFn,
  OperationValidators,
  RequestParts,
  RuleRef,
  ValidatorSet,
  ValidatorSetSpec,
} from './validator-set.js';
export type { RuleCheck, RuleHit } from './types.js';
export type { NotChecked, StatefulRequest, StatefulRule, StatefulRuleRegistry, StatefulViolation } from './stateful.js';
