/**
 * The parameters of most calls: path and query parameters only, every value a string, number,
 * boolean or null, each in its location's default style (OpenAPI 3.1 §4.8.12.1: path `simple`,
 * query `form`). For a primitive those styles write `value` in a path and `name=value` in a
 * query, with no delimiter to choose, so this small module covers them and the full style table (parameter-serializer.ts: arrays, objects, `label`,
 * `matrix`, `deepObject`, JSON `content`, `allowReserved`, ...) loads only for a call that needs
 * it. Both write the same text for these values (test/runtime/parameter-styles.test.ts checks it).
 */

/** The text of a primitive value (`null` is written as the word, as in the full table). */
function text(value: unknown): string {
  return value === null ? 'null' : String(value);
}

type ParamsByLocation = { path?: unknown; query?: unknown; header?: unknown; cookie?: unknown } | undefined;

/** True when the call gives path and query parameters only, every value a primitive (or null, or
 * undefined). Header and cookie parameters, which few calls have, are written by the full table:
 * their writers stay out of the page's first chunk. */
export function primitiveParams(params: ParamsByLocation): boolean {
  if (params === undefined) return true;
  if (given(params.header) || given(params.cookie)) return false;
  for (const location of [params.path, params.query]) {
    if (location === undefined || location === null) continue;
    for (const value of Object.values(location)) if (value !== null && typeof value === 'object') return false;
  }
  return true;
}

/** The client core's `pathSerializer` for primitives in `simple` style: `{name}` becomes the
 * percent-encoded value; an absent or null value leaves the template as it is. */
export function primitivePath(pathname: string, params: Record<string, unknown>): string {
  return pathname.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    return value === undefined || value === null ? whole : encodeURIComponent(text(value));
  });
}

/** `name=value` pairs, both percent-encoded; undefined left out, and null too unless `withNull`. */
function pairs(values: Record<string, unknown> | undefined, withNull: boolean): string[] {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(values ?? {}))
    if (value !== undefined && (withNull || value !== null))
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(text(value))}`);
  return parts;
}

/** The client core's `querySerializer` for primitives in `form` style: `name=value` pairs. */
export function primitiveQuery(query: Record<string, unknown>): string {
  return pairs(query, true).join('&');
}

function given(location: unknown): boolean {
  return location !== undefined && location !== null && Object.keys(location).length > 0;
}
