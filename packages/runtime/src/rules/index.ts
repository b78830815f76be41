/** What the generated standalone validators import (as `__cbpRules`), and the validator set. */
export { createCaseSensitiveEnum } from './case-sensitive-enum.js';
export { createNonEmpty } from './non-empty.js';
export { createRequiredWhen } from './required-when.js';
export { createStringLimits } from './string-limits.js';
export { formats } from './formats.js';
export { regExp } from './regexp.js';
export { createValidatorSet, VALID } from './validator-set.js';
export type { AjvValidateFn, OperationValidators, RequestParts, RuleRef, ValidatorSet, ValidatorSetSpec } from './validator-set.js';
export type { RuleCheck, RuleHit } from './types.js';
export type { NotChecked, StatefulRequest, StatefulRule, StatefulRuleRegistry, StatefulViolation } from './stateful.js';
