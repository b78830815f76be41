/**
 * How a parameter's value is written on the wire (OpenAPI 3.1 §4.8.12, Parameter Object `style`
 * and `explode`), as far as the router and the client need it. Defaults (§4.8.12.1): path and
 * header `simple`, query and cookie `form`; `explode` is true for `form` only. The shape of the
 * value (primitive, array, object and the types of its items or properties) is read from the
 * parameter's schema, following local `$ref`s and `allOf` members.
 */
import type { JSONSchema } from './json-schema.js';
import type { ParameterModel } from './model.js';
import { getPointer, isObj, setKey, type Obj } from './refs.js';

/** The keywords read here (declared, so that strictest's noPropertyAccessFromIndexSignature holds). */
interface SchemaNode {
  type?: unknown;
  properties?: unknown;
  items?: unknown;
  $ref?: unknown;
  allOf?: unknown;
}

const node = (value: Obj): SchemaNode => value;

/** The schema type of a parameter's value, items and properties, as the router coerces them. */
export interface ParameterShape {
  type?: string;
  itemType?: string;
  properties?: Record<string, string>;
}

/** The parameter's JSON Schema type (the first non-null one of a type list). */
export function schemaType(schema: JSONSchema | undefined): string | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const s = node(schema);
  const t = s.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return t.find((x) => x !== 'null' && typeof x === 'string') as string | undefined;
  if (isObj(s.properties)) return 'object';
  if (s.items !== undefined) return 'array';
  return undefined;
}

/** Follows local `$ref`s (a bundled document has no others); a cycle or a dead end stops. */
function resolve(doc: unknown, schema: unknown, depth = 0): Obj | undefined {
  if (!isObj(schema)) return undefined;
  const ref = node(schema).$ref;
  if (typeof ref !== 'string' || depth > 16 || !ref.startsWith('#')) return schema;
  return resolve(doc, getPointer(doc, ref.slice(1)), depth + 1);
}

/** The schema and its `allOf` members, resolved; a schema met again (a cycle) adds nothing. */
function members(doc: unknown, schema: unknown, seen: Set<Obj> = new Set()): Obj[] {
  const own = resolve(doc, schema);
  if (own === undefined || seen.has(own)) return [];
  seen.add(own);
  const allOf = node(own).allOf;
  const parts = Array.isArray(allOf) ? allOf.flatMap((m) => members(doc, m, seen)) : [];
  return [own, ...parts];
}

export function parameterShape(doc: unknown, schema: unknown): ParameterShape {
  const all = members(doc, schema);
  const type = all.map((s) => schemaType(s as JSONSchema)).find((t) => t !== undefined);
  const shape: ParameterShape = type === undefined ? {} : { type };
  if (type === 'array') {
    const given = all.map((s) => node(s).items).find((i) => i !== undefined);
    const items = members(doc, given)
      .map((s) => schemaType(s as JSONSchema))
      .find((t) => t !== undefined);
    if (items !== undefined) shape.itemType = items;
  }
  if (type === 'object') {
    const properties: Record<string, string> = {};
    for (const s of all) {
      const props = resolve(doc, node(s).properties);
      if (props === undefined) continue;
      // setKey: a property named `__proto__` must become a key, not the object's prototype.
      for (const name of Object.keys(props))
        setKey(properties, name, schemaType(resolve(doc, props[name]) as JSONSchema) ?? 'string');
    }
    if (Object.keys(properties).length > 0) shape.properties = properties;
  }
  return shape;
}

export type ParameterLocation = ParameterModel['in'];

export function defaultStyle(location: ParameterLocation): string {
  return location === 'query' || location === 'cookie' ? 'form' : 'simple';
}

/** The document's style and explode, defaults applied. */
export function effectiveStyle(p: ParameterModel): { style: string; explode: boolean } {
  const style = p.style ?? defaultStyle(p.in);
  return { style, explode: p.explode ?? style === 'form' };
}

/** Style and explode only where they differ from the defaults (what the generated metadata carries). */
export function nonDefaultStyle(p: ParameterModel): { style?: string; explode?: boolean } {
  const { style, explode } = effectiveStyle(p);
  return { ...(style !== defaultStyle(p.in) ? { style } : {}), ...(explode !== (style === 'form') ? { explode } : {}) };
}

/** One parameter as the generated router reads it (packages/runtime/src/server/coerce.ts ParamMeta). */
export function routerParamView(p: ParameterModel) {
  const shape = p.shape ?? parameterShape({}, p.schema);
  return {
    name: p.name,
    in: p.in,
    required: p.required,
    ...shape,
    ...nonDefaultStyle(p),
    ...(p.contentType !== undefined ? { json: true } : {}),
  };
}

/** How the client writes one parameter, or undefined for the location's default. */
function clientParamStyle(
  p: ParameterModel,
): { style: string; explode: boolean; json?: true; allowReserved?: true } | undefined {
  const own = nonDefaultStyle(p);
  if (own.style === undefined && own.explode === undefined && p.contentType === undefined && p.allowReserved !== true)
    return undefined;
  return {
    ...effectiveStyle(p),
    ...(p.contentType !== undefined ? { json: true as const } : {}),
    ...(p.allowReserved === true ? { allowReserved: true as const } : {}),
  };
}

/** An operation's non-default styles by location and name, for the generated client
 * (packages/runtime/src/client/parameter-serializer.ts OperationStyles); undefined when none. */
export function clientParamStyles(
  parameters: readonly ParameterModel[],
): Record<string, Record<string, NonNullable<ReturnType<typeof clientParamStyle>>>> | undefined {
  let out: Record<string, Record<string, NonNullable<ReturnType<typeof clientParamStyle>>>> | undefined;
  for (const p of parameters) {
    const style = clientParamStyle(p);
    if (style === undefined) continue;
    out ??= {};
    const byName = out[p.in] ?? {};
    out[p.in] = byName;
    setKey(byName, p.name, style);
  }
  return out;
}
