/**
 * Where a JSON Schema holds subschemas, in one list for every walker of the generator (slip
 * repairs, validator preparation, component renames). JSON Schema 2020-12 (OpenAPI 3.1) and
 * draft-07 / the OpenAPI 3.0 schema object alike. Not json-schema-traverse's lists: its 1.0 lists
 * draft-07 only (no prefixItems, dependentSchemas, unevaluated*, contentSchema) and counts
 * `dependencies`, whose values may be arrays of names, as a map of schemas.
 */

/** Objects whose every member is a schema. */
const MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
export const SUBSCHEMA_MAPS: ReadonlySet<string> = new Set(MAPS);

/** Arrays of schemas. */
export const SUBSCHEMA_LISTS: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);

/** One schema (`items` is an array of schemas only in draft-07's tuple form, which OpenAPI 3.0 forbids). */
export const SUBSCHEMA_ONE: ReadonlySet<string> = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
]);
