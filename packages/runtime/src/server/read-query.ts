/**
 * Query parameters (OpenAPI 3.1 §4.8.12.4: `form`, `spaceDelimited`, `pipeDelimited`,
 * `deepObject`), from the query as URLSearchParams decoded it.
 */
import {
  type ParamMeta,
  type ReadParams,
  asIs,
  scalar,
  MALFORMED,
  type Result,
  jsonOf,
  styleOf,
  explodeOf,
  define,
  own,
  fromTokens,
  isComposite,
  split,
  isDeclared,
} from './param-values.js';

const QUERY_DELIMITERS: Readonly<Record<string, string>> = { form: ',', spaceDelimited: ' ', pipeDelimited: '|' };

/** Query values are already percent-decoded (URLSearchParams); repeated names are arrays. The
 * result keeps undeclared keys, except those an exploded object or a deepObject took. */
export function readQueryParams(
  query: Readonly<Record<string, string | string[]>>,
  metas: readonly ParamMeta[],
): ReadParams {
  const values: Record<string, unknown> = { ...query };
  let malformed: string[] | undefined;
  for (const m of metas) {
    const style = styleOf(m);
    let result: Result;
    if (m.json) {
      const value = own(query, m.name);
      if (value === undefined) continue;
      result = jsonOf(Array.isArray(value) ? value[value.length - 1] : value);
    }
    // An exploded object's properties are keys of their own, whatever the style (as `form`).
    else if (m.type === 'object' && (style === 'deepObject' || explodeOf(m))) {
      const taken = style === 'deepObject' ? deepObjectEntries(query, m.name) : formObjectEntries(query, m, metas);
      if (taken.length === 0) continue;
      const tokens: string[] = [];
      for (const [key, k] of taken) {
        delete values[key];
        const v = query[key];
        tokens.push(`${k}=${Array.isArray(v) ? v[v.length - 1] : v}`);
      }
      result = fromTokens({ ...m, explode: true }, tokens, asIs);
    } else {
      const value = own(query, m.name);
      if (value === undefined) continue;
      const last = Array.isArray(value) ? (value[value.length - 1] ?? '') : value;
      if (m.type === 'array' && explodeOf(m)) result = fromTokens(m, Array.isArray(value) ? value : [value], asIs);
      else if (isComposite(m)) result = fromTokens(m, split(last, QUERY_DELIMITERS[style] ?? ','), asIs);
      else result = scalar(last, m.type);
    }
    if (result === MALFORMED) (malformed ??= []).push(m.name);
    else define(values, m.name, result);
  }
  return malformed === undefined ? { values } : { values, malformed };
}

/** `name[key]` query keys (one level, as the specification defines deepObject): [query key, key]. */
function deepObjectEntries(query: Readonly<Record<string, unknown>>, name: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const prefix = `${name}[`;
  for (const key of Object.keys(query)) {
    if (key.startsWith(prefix) && key.endsWith(']') && !key.slice(prefix.length, -1).includes('['))
      out.push([key, key.slice(prefix.length, -1)]);
  }
  return out;
}

/** An exploded form object's properties are top-level keys: its declared properties, or, when
 * the schema names none, every key no other parameter declares. */
function formObjectEntries(
  query: Readonly<Record<string, unknown>>,
  m: ParamMeta,
  metas: readonly ParamMeta[],
): Array<[string, string]> {
  const keys =
    m.properties !== undefined
      ? Object.keys(m.properties).filter((k) => Object.hasOwn(query, k))
      : Object.keys(query).filter((k) => !isDeclared(metas, k));
  return keys.map((k) => [k, k]);
}
