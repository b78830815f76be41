/**
 * How a parameter's value is written on the wire (OpenAPI 3.x, Parameter Object `style` and
 * `explode`), as far as the router and the client need it: whether an array arrives as one
 * delimited string, and which query arrays are not exploded. Defaults: path and header `simple`
 * (`a,b`), query `form` with `explode: true` (`x=a&x=b`).
 */
import type { JSONSchema } from './json-schema.js';
import type { ParameterModel } from './model.js';

/** The parameter's JSON Schema type (the first non-null one of a type list). */
export function schemaType(schema: JSONSchema | undefined): string | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return t.find((x) => x !== 'null' && typeof x === 'string') as string | undefined;
  return undefined;
}

const QUERY_DELIMITERS: Record<string, string> = { form: ',', spaceDelimited: ' ', pipeDelimited: '|' };

/** Query array styles whose values come as one delimited string (`explode: false`). */
export type DelimitedQueryStyle = 'form' | 'spaceDelimited' | 'pipeDelimited';

/** For a non-exploded query array: its style; undefined for every other parameter. */
export function delimitedQueryStyle(p: ParameterModel): DelimitedQueryStyle | undefined {
  if (p.in !== 'query' || schemaType(p.schema) !== 'array') return undefined;
  const style = p.style ?? 'form';
  const explode = p.explode ?? style === 'form';
  return !explode && style in QUERY_DELIMITERS ? (style as DelimitedQueryStyle) : undefined;
}

/** The character an array parameter's single value is split on; undefined when the array comes
 * as repeated values (exploded query) or in a style the router does not read (label, matrix,
 * deepObject, cookies). */
export function arrayDelimiter(p: ParameterModel): string | undefined {
  if (schemaType(p.schema) !== 'array') return undefined;
  if (p.in === 'path' || p.in === 'header') return (p.style ?? 'simple') === 'simple' ? ',' : undefined;
  const style = delimitedQueryStyle(p);
  return style === undefined ? undefined : QUERY_DELIMITERS[style];
}
