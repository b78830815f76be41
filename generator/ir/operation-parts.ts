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

export function mergeParameters(doc: Obj, pathItem: Obj, op: Obj, at: Path, file: string): ParameterModel[] {
  const byKey = new Map<string, Obj>();
  const collect = (list: unknown, base: Path) => {
    if (!Array.isArray(list)) return;
    list.forEach((p, i) => {
      const param = deref(doc, p, file, toPointer([...base, 'parameters', i]));
      if (isObj(param) && typeof param.name === 'string' && LOCATIONS.includes(param.in as never)) {
        byKey.set(`${param.in} ${param.name}`, param);
      }
    });
  };
  collect(pathItem.parameters, at.slice(0, -1));
  collect(op.parameters, at);
  const registries = new Map<string, NameRegistry>();
  return [...byKey.values()].map((p) => {
    const location = p.in as ParameterModel['in'];
    const registry = registries.get(location) ?? new NameRegistry();
    registries.set(location, registry);
    const model: ParameterModel = {
      name: p.name as string,
      identifier: registry.claim(toIdentifier(p.name as string)),
      in: location,
      required: location === 'path' ? true : p.required === true,
      schema: parameterSchema(p),
    };
    if (str(p.description) !== undefined) model.description = str(p.description);
    if (p.deprecated === true) model.deprecated = true;
    if (str(p.style) !== undefined) model.style = str(p.style);
    if (typeof p.explode === 'boolean') model.explode = p.explode;
    model.shape = parameterShape(doc, model.schema);
    return model;
  });
}

function parameterSchema(p: Obj): JSONSchema {
  if (p.schema !== undefined) return p.schema as JSONSchema;
  // `content` form: exactly one media type carries the schema.
  if (isObj(p.content)) {
    const first = Object.values(p.content)[0];
    if (isObj(first) && first.schema !== undefined) return first.schema as JSONSchema;
  }
  return {};
}

export function requestBody(doc: Obj, op: Obj, at: Path, file: string): RequestBodyModel | undefined {
  if (op.requestBody === undefined) return undefined;
  const body = deref(doc, op.requestBody, file, toPointer([...at, 'requestBody']));
  if (!isObj(body)) return undefined;
  const content = isObj(body.content) ? body.content : {};
  const schemas: Record<string, JSONSchema> = {};
  for (const type of Object.keys(content)) {
    const media = content[type];
    setKey(schemas, type, isObj(media) && media.schema !== undefined ? (media.schema as JSONSchema) : {});
  }
  const model: RequestBodyModel = { required: body.required === true, contentTypes: Object.keys(content), schemas };
  if (str(body.description) !== undefined) model.description = str(body.description);
  return model;
}

export function responses(doc: Obj, op: Obj, at: Path, file: string): ResponseModel[] {
  const all = isObj(op.responses) ? op.responses : {};
  return Object.keys(all).map((status) => {
    const r = deref(doc, all[status], file, toPointer([...at, 'responses', status]));
    const res = isObj(r) ? r : {};
    const content: Record<string, JSONSchema | undefined> = {};
    if (isObj(res.content)) {
      for (const type of Object.keys(res.content)) {
        const media = res.content[type];
        setKey(content, type, isObj(media) && media.schema !== undefined ? (media.schema as JSONSchema) : undefined);
      }
    }
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
  return value.filter(isObj).map((s) => {
    const variables: ServerModel['variables'] = {};
    const vars = isObj(s.variables) ? s.variables : {};
    for (const name of Object.keys(vars)) {
      const v = vars[name];
      if (!isObj(v)) continue;
      const variable: ServerModel['variables'][string] = { default: String(v.default ?? '') };
      if (str(v.description) !== undefined) variable.description = str(v.description);
      if (Array.isArray(v.enum)) variable.enum = v.enum.map(String);
      setKey(variables, name, variable);
    }
    const model: ServerModel = { url: str(s.url) ?? '/', variables };
    if (str(s.description) !== undefined) model.description = str(s.description);
    return model;
  });
}
