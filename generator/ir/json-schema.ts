/** A JSON Schema node as found in an OpenAPI 3.0/3.1 document (open on purpose). */
export type JSONSchema = boolean | { [keyword: string]: unknown };
