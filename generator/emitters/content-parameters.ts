/**
 * openapi-typescript types a parameter written with `content` (OpenAPI 3.1 §4.8.12.2) as
 * `string`; the client writes, and the router reads, a JSON media type's value as JSON, so the
 * types must be those of its schema. In the copy given to openapi-typescript, such a parameter
 * carries that schema as `schema` instead of `content`.
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

function retype(param: unknown): void {
  if (!isObj(param) || param['schema'] !== undefined || !isObj(param['content'])) return;
  const first = Object.keys(param['content'])[0];
  const media = first === undefined ? undefined : param['content'][first];
  if (first === undefined || !JSON_MEDIA.test(first) || !isObj(media) || media['schema'] === undefined) return;
  param['schema'] = media['schema'];
  delete param['content'];
}

const eachParameter = (holder: unknown) => {
  if (isObj(holder) && Array.isArray(holder['parameters'])) holder['parameters'].forEach(retype);
};

/** Rewrites `copy` in place: path items, their operations and `components.parameters`. */
export function typeContentParametersBySchema(copy: Obj): void {
  const paths = isObj(copy['paths']) ? copy['paths'] : {};
  for (const item of Object.values(paths)) {
    eachParameter(item);
    if (isObj(item)) for (const op of Object.values(item)) eachParameter(op);
  }
  const components = isObj(copy['components']) ? copy['components'] : {};
  if (isObj(components['parameters'])) Object.values(components['parameters']).forEach(retype);
}
