/** `cross-border-payments-runtime/validators`: The rules runtime the generated validators run on, and keyword authoring: the validator set, rule checks, keyword definitions, JSON Pointers, formats, the pattern engine. Loads no third-party package at run time (ajv is behind validators/ajv, re2js behind validators/re2). */
export * from '../../rules/case-sensitive-enum.js';
export * from '../../rules/condition.js';
export * from '../../rules/formats.js';
export * from '../../rules/json-pointer.js';
export * from '../../rules/keyword.js';
export * from '../../rules/mutate.js';
export * from '../../rules/non-empty.js';
// The wildcard-pattern walker: its getAt (patterns) is exported as getAtPattern beside json-pointer's getAt.
export {
  escapeToken,
  type Found,
  getAt as getAtPattern,
  hasAt,
  member,
  type PointerPattern,
  parsePointerPattern,
  scan,
  type Test,
  toPointer,
  type Visit,
  walk,
} from '../../rules/pointer.js';
export * from '../../rules/regexp.js';
export * from '../../rules/required-when.js';
export * from '../../rules/response-match.js';
export * from '../../rules/schema-errors.js';
export * from '../../rules/stateful.js';
export * from '../../rules/string-limits.js';
export * from '../../rules/types.js';
export * from '../../rules/ucs2length.js';
export * from '../../rules/validation-options.js';
export * from '../../rules/validator-set.js';
export * from '../../rule-types.js';
export * from '../../maybe-promise.js';
