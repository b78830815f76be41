/**
 * Path and query values arrive as strings; they are coerced per the parameter's schema type so
 * that handlers and validators see numbers, booleans and arrays. An array written as one
 * delimited value (path and header `a,b`, query `explode: false`) is split on its delimiter. A
 * value that does not convert stays a string, and request validation then reports it.
 */
export interface ParamMeta {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  /** JSON Schema type of the parameter (`integer`, `number`, `boolean`, `array`, ...). */
  type?: string;
  /** For arrays: the items' type. */
  itemType?: string;
  /** For arrays sent as one value: the delimiter (`,`, ` `, `|`). */
  split?: string;
}

function scalar(value: string, type: string | undefined): unknown {
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(value)) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

export function coerceParams(values: Record<string, string | string[]>, metas: ReadonlyArray<ParamMeta>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const meta of metas) {
    const value = values[meta.name];
    if (value === undefined) continue;
    if (meta.type === 'array') {
      const list = Array.isArray(value) ? value : meta.split !== undefined ? value.split(meta.split) : [value];
      out[meta.name] = list.map((v) => scalar(v, meta.itemType));
    } else {
      out[meta.name] = scalar(Array.isArray(value) ? value[value.length - 1] : value, meta.type);
    }
  }
  return out;
}
