/**
 * openapi-typescript types a parameter written with `content` (OpenAPI 3.1 §4.8.12.2) as
 * `string`; the client writes, and the router reads, a JSON media type's value as JSON, so the
 * types must be those of its schema. In the copy given to openapi-typescript, such a parameter
 * carries that schema as `schema` instead of `content`.
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** The parameter with its JSON media type's schema as `schema`, or the same object. */
function retyped(param: unknown): unknown {
  if (!isObj(param) || param['schema'] !== undefined || !isObj(param['content'])) return param;
  const first = Object.keys(param['content'])[0];
  const media = first === undefined ? undefined : param['content'][first];
  if (first === undefined || !JSON_MEDIA.test(first) || !isObj(media) || media['schema'] === undefined) return param;
  const { content: _content, ...rest } = param;
  return { ...rest, schema: media['schema'] };
}

/** `holder` with its `parameters` retyped: a copy if any changed, else the same object. */
function withRetypedParameters(holder: unknown): unknown {
  if (!isObj(holder) || !Array.isArray(holder['parameters'])) return holder;
  const before = holder['parameters'] as unknown[];
  const after = before.map(retyped);
  return after.some((p, i) => p !== before[i]) ? { ...holder, parameters: after } : holder;
}

/** Copy on write: the objects on the way to a changed parameter are new, the rest is shared, so
 * the caller's document (shared with the other emitters) is never changed. */
function mapValues(map: Obj, change: (value: unknown) => unknown): Obj {
  let out: Obj | undefined;
  for (const [key, value] of Object.entries(map)) {
    const next = change(value);
    if (next !== value) {
      out ??= { ...map };
      Object.defineProperty(out, key, { value: next, enumerable: true, writable: true, configurable: true });
    }
  }
  return out ?? map;
}

/** `doc` with every JSON `content` parameter (path items, operations, `components.parameters`)
 * carrying its schema as `schema`. */
export function typeContentParametersBySchema(doc: Obj): Obj {
  let out = doc;
  if (isObj(doc['paths'])) {
    const paths = mapValues(doc['paths'], (item) => {
      const own = withRetypedParameters(item);
      return isObj(own) ? mapValues(own, (op) => (isObj(op) ? withRetypedParameters(op) : op)) : own;
    });
    if (paths !== doc['paths']) out = { ...out, paths };
  }
  const components = doc['components'];
  if (isObj(components) && isObj(components['parameters'])) {
    const parameters = mapValues(components['parameters'], retyped);
    if (parameters !== components['parameters']) out = { ...out, components: { ...components, parameters } };
  }
  return out;
}
