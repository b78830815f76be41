/**
 * The parameters of most calls: every value a string, number, boolean or null, every parameter
 * in its location's default style (OpenAPI 3.1 §4.8.12.1: path and header `simple`, query and
 * cookie `form`). For a primitive those styles write `value` in a path, `name=value` in a query or
 * cookie and the text itself in a header, with no delimiter to choose, so this small module
 * covers them and the full style table (parameter-serializer.ts: arrays, objects, `label`,
 * `matrix`, `deepObject`, JSON `content`, `allowReserved`, ...) loads only for a call that needs
 * it. Both write the same text for these values (test/runtime/parameter-styles.test.ts checks it).
 */

/** The text of a primitive value (`null` is written as the word, as in the full table). */
function text(value: unknown): string {
  return value === null ? 'null' : String(value);
}

type ParamsByLocation = { path?: unknown; query?: unknown; header?: unknown; cookie?: unknown } | undefined;

/** True when every parameter value given for the call is a primitive (or null, or undefined). */
export function primitiveParams(params: ParamsByLocation): boolean {
  if (params === undefined) return true;
  for (const location of [params.path, params.query, params.header, params.cookie]) {
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

/** Header parameters as field values, not percent-encoded (undefined and null left out). */
export function primitiveHeaders(values: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values ?? {})) {
    if (value === undefined || value === null) continue;
    // defineProperty: a parameter named `__proto__` is a header, not the object's prototype.
    Object.defineProperty(out, name, { value: text(value), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The Cookie header value (RFC 6265 §4.2.1 cookie-pairs joined by "; ", names and values
 * percent-encoded); undefined when there are none. */
export function primitiveCookies(values: Record<string, unknown> | undefined): string | undefined {
  return pairs(values, false).join('; ') || undefined;
}
