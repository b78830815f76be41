/** `cross-border-payments-runtime/validators/ajv`: Validators compiled by ajv at run time (on first use) and the ajv side of keyword authoring: loads `ajv`, so only output with lazy validators and keyword authors import this entry. */
export * from '../../../rules/ajv-instance.js';
export * from '../../../rules/ajv-keyword.js';
export * from '../../../rules/keyword-codegen.js';
export * from '../../../rules/lazy-validators.js';
export * from '../../../rules/ajv-exports.js';
