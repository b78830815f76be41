/**
 * Every change rule of `cbp diff`, in ONE place: a rule is one module in this folder and one line
 * here. The walker (compare.ts) hands each rule the pairs it declares (`on`); reports list the
 * changes in severity order, so this order only decides ties.
 */
import type { DiffRule } from '../types.js';
import { conditionalChanged } from './schema-conditional-changed.js';
import { operationAdded } from './operation-added.js';
import { operationDeprecated } from './operation-deprecated.js';
import { operationIdChanged } from './operation-id-changed.js';
import { operationRemoved } from './operation-removed.js';
import { parameterAdded } from './parameter-added.js';
import { parameterRemoved } from './parameter-removed.js';
import { parameterRenamed } from './parameter-renamed.js';
import { parameterRequired } from './parameter-required.js';
import { requestBodyRequired } from './request-body-required.js';
import { requestMediaTypeRemoved } from './request-media-type-removed.js';
import { responseHeaderRemoved } from './response-header-removed.js';
import { responseMediaTypeRemoved } from './response-media-type-removed.js';
import { responseStatusAdded } from './response-status-added.js';
import { responseStatusRemoved } from './response-status-removed.js';
import { ruleAdded } from './rule-added.js';
import { ruleChanged } from './rule-changed.js';
import { ruleRemoved } from './rule-removed.js';
import { additionalProperties } from './schema-additional-properties.js';
import { defaultChanged } from './schema-default-changed.js';
import { discriminatorChanged } from './schema-discriminator-changed.js';
import { enumValueAdded } from './schema-enum-value-added.js';
import { enumValueRemoved } from './schema-enum-value-removed.js';
import { exclusiveMaximum } from './schema-exclusive-maximum.js';
import { exclusiveMinimum } from './schema-exclusive-minimum.js';
import { formatChanged } from './schema-format-changed.js';
import { maxItems } from './schema-max-items.js';
import { maxLength } from './schema-max-length.js';
import { maximum } from './schema-maximum.js';
import { minItems } from './schema-min-items.js';
import { minLength } from './schema-min-length.js';
import { minimum } from './schema-minimum.js';
import { multipleOf } from './schema-multiple-of.js';
import { nullable } from './schema-nullable.js';
import { patternChanged } from './schema-pattern-changed.js';
import { propertyAdded } from './schema-property-added.js';
import { propertyRemoved } from './schema-property-removed.js';
import { requiredAdded } from './schema-required-added.js';
import { requiredRemoved } from './schema-required-removed.js';
import { typeChanged } from './schema-type-changed.js';
import { variantsChanged } from './schema-variants-changed.js';
import { securityRequirementChanged } from './security-requirement-changed.js';
import { securitySchemeChanged } from './security-scheme-changed.js';
import { serverRemoved } from './server-removed.js';
import { initialChanged } from './states-initial-changed.js';
import { statusAdded } from './states-status-added.js';
import { statusRemoved } from './states-status-removed.js';
import { terminalChanged } from './states-terminal-changed.js';
import { transitionAdded } from './states-transition-added.js';
import { transitionChanged } from './states-transition-changed.js';
import { transitionRemoved } from './states-transition-removed.js';
import { webhookAdded } from './webhook-added.js';
import { webhookRemoved } from './webhook-removed.js';

export const diffRules: readonly DiffRule[] = [
  operationAdded,
  operationDeprecated,
  operationIdChanged,
  operationRemoved,
  webhookAdded,
  webhookRemoved,
  serverRemoved,
  securityRequirementChanged,
  securitySchemeChanged,
  parameterAdded,
  parameterRemoved,
  parameterRenamed,
  parameterRequired,
  requestBodyRequired,
  requestMediaTypeRemoved,
  responseHeaderRemoved,
  responseMediaTypeRemoved,
  responseStatusAdded,
  responseStatusRemoved,
  additionalProperties,
  defaultChanged,
  discriminatorChanged,
  enumValueAdded,
  enumValueRemoved,
  exclusiveMaximum,
  exclusiveMinimum,
  formatChanged,
  maxItems,
  maxLength,
  maximum,
  minItems,
  minLength,
  minimum,
  multipleOf,
  nullable,
  patternChanged,
  propertyAdded,
  propertyRemoved,
  requiredAdded,
  requiredRemoved,
  typeChanged,
  variantsChanged,
  conditionalChanged,
  ruleAdded,
  ruleChanged,
  ruleRemoved,
  initialChanged,
  statusAdded,
  statusRemoved,
  terminalChanged,
  transitionAdded,
  transitionChanged,
  transitionRemoved,
];
