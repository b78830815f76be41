/**
 * The parts of one operation: parameters (path-level merged with operation-level, the latter
 * winning on the same name + location, OpenAPI 3.x "Path Item Object"), request body per media
 * type, responses as written ('2XX', 'default' kept) and servers.
 */
import { toPointer } from '../../lib/errors.js';
import type { JSONSchema } from './json-schema.js';
import type { ParameterModel, RequestBodyModel, ResponseModel, ServerModel } from './model.js';
import { NameRegistry, toIdentifier } from './names.js';
import { parameterShape } from './parameter-style.js';
import { deref, isObj, setKey, str, type Obj } from './refs.js';

type Path = Array<string | number>;
const LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;

/** The fields read here, declared (strictest's noPropertyAccessFromIndexSignature). */
interface Fields {
  name?: unknown;
  in?: unknown;
  required?: unknown;
  description?: unknown;
  deprecated?: unknown;
  style?: unknown;
  explode?: unknown;
  allowReserved?: unknown;
  schema?: unknown;
  content?: unknown;
  parameters?: unknown;
  requestBody?: unknown;
  responses?: unknown;
  headers?: unknown;
  variables?: unknown;
  default?: unknown;
  enum?: unknown;
  url?: unknown;
}
const fields = (o: Obj): Fields => o;

export function mergeParameters(doc: Obj, pathItem: Obj, op: Obj, at: Path, file: string): ParameterModel[] {
  const byKey = new Map<string, Obj>();
  const collect = (list: unknown, base: Path) => {
    if (!Array.isArray(list)) return;
    list.forEach((p, i) => {
      const param = deref(doc, p, file, toPointer([...base, 'parameters', i]));
      if (!isObj(param)) return;
      const f = fields(param);
      if (typeof f.name === 'string' && LOCATIONS.includes(f.in as never))
        byKey.set(`${String(f.in)} ${f.name}`, param);
    });
  };
  collect(fields(pathItem).parameters, at.slice(0, -1));
  collect(fields(op).parameters, at);
  const registries = new Map<string, NameRegistry>();
  return [...byKey.values()].map((raw) => {
    const p = fields(raw);
    const location = p.in as ParameterModel['in'];
    const registry = registries.get(location) ?? new NameRegistry();
    registries.set(location, registry);
    const model: ParameterModel = {
      name: p.name as string,
      identifier: registry.claim(toIdentifier(p.name as string)),
      in: location,
      required: location === 'path' ? true : p.required === true,
      schema: parameterSchema(raw),
    };
    const description = str(p.description);
    if (description !== undefined) model.description = description;
    if (p.deprecated === true) model.deprecated = true;
    const style = str(p.style);
    if (style !== undefined) model.style = style;
    if (typeof p.explode === 'boolean') model.explode = p.explode;
    if (p.allowReserved === true && location === 'query') model.allowReserved = true;
    // A `content` parameter is serialized by its media type, not by a style: JSON ones are
    // written and read as JSON text, others as text.
    const contentType = p.schema === undefined ? jsonMediaType(p.content) : undefined;
    if (contentType !== undefined) model.contentType = contentType;
    model.shape = p.schema === undefined ? {} : parameterShape(doc, model.schema);
    return model;
  });
}

/** The media type of a `content` map when it is JSON (`application/json`, `*\/*+json`). */
function jsonMediaType(content: unknown): string | undefined {
  if (!isObj(content)) return undefined;
  const first = Object.keys(content)[0];
  return first !== undefined && /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(first) ? first : undefined;
}

function parameterSchema(raw: Obj): JSONSchema {
  const p = fields(raw);
  if (p.schema !== undefined) return p.schema as JSONSchema;
  // `content` form: exactly one media type carries the schema.
  if (isObj(p.content)) {
    const first = Object.values(p.content)[0];
    const schema = isObj(first) ? fields(first).schema : undefined;
    if (schema !== undefined) return schema as JSONSchema;
  }
  return {};
}

export function requestBody(doc: Obj, op: Obj, at: Path, file: string): RequestBodyModel | undefined {
  const given = fields(op).requestBody;
  if (given === undefined) return undefined;
  const raw = deref(doc, given, file, toPointer([...at, 'requestBody']));
  if (!isObj(raw)) return undefined;
  const body = fields(raw);
  const content = isObj(body.content) ? body.content : {};
  const schemas: Record<string, JSONSchema> = {};
  for (const type of Object.keys(content)) setKey(schemas, type, mediaSchema(content[type]) ?? {});
  const model: RequestBodyModel = { required: body.required === true, contentTypes: Object.keys(content), schemas };
  const description = str(body.description);
  if (description !== undefined) model.description = description;
  return model;
}

function mediaSchema(media: unknown): JSONSchema | undefined {
  const schema = isObj(media) ? fields(media).schema : undefined;
  return schema === undefined ? undefined : (schema as JSONSchema);
}

export function responses(doc: Obj, op: Obj, at: Path, file: string): ResponseModel[] {
  const given = fields(op).responses;
  const all = isObj(given) ? given : {};
  return Object.keys(all).map((status) => {
    const r = deref(doc, all[status], file, toPointer([...at, 'responses', status]));
    const res = fields(isObj(r) ? r : {});
    const content: Record<string, JSONSchema | undefined> = {};
    if (isObj(res.content))
      for (const type of Object.keys(res.content)) setKey(content, type, mediaSchema(res.content[type]));
    const headers: Record<string, JSONSchema> = {};
    if (isObj(res.headers)) {
      for (const name of Object.keys(res.headers)) {
        const h = deref(doc, res.headers[name], file, toPointer([...at, 'responses', status, 'headers', name]));
        if (isObj(h)) setKey(headers, name, parameterSchema(h));
      }
    }
    return { status, description: str(res.description) ?? '', content, headers };
  });
}

export function servers(value: unknown): ServerModel[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(isObj).map((raw) => {
    const s = fields(raw);
    const variables: ServerModel['variables'] = {};
    const vars = isObj(s.variables) ? s.variables : {};
    for (const name of Object.keys(vars)) {
      const given = vars[name];
      if (!isObj(given)) continue;
      const v = fields(given);
      const variable: ServerModel['variables'][string] = { default: String(v.default ?? '') };
      const description = str(v.description);
      if (description !== undefined) variable.description = description;
      if (Array.isArray(v.enum)) variable.enum = v.enum.map(String);
      setKey(variables, name, variable);
    }
    const model: ServerModel = { url: str(s.url) ?? '/', variables };
    const description = str(s.description);
    if (description !== undefined) model.description = description;
    return model;
  });
}
