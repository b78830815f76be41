/**
 * Header parameters (`simple`) from header field values, and cookie parameters (`form`) from the
 * cookie-pairs of the Cookie header (OpenAPI 3.1 §4.8.12.4).
 */
import {
  type ParamMeta,
  type ReadParams,
  percentDecode,
  trimmed,
  scalar,
  type Result,
  jsonOf,
  explodeOf,
  own,
  fromTokens,
  isComposite,
  split,
  scalarOf,
  isDeclared,
  collect,
} from './param-values.js';

/** A header field value (`simple`); repeated fields arrive joined with `, `. */
export function readHeaderParam(m: ParamMeta, value: string): Result {
  if (m.json) return jsonOf(value.trim());
  return isComposite(m) ? fromTokens(m, split(value, ','), trimmed) : scalar(value.trim(), m.type);
}

export function readHeaderParams(headers: Readonly<Record<string, string>>, metas: readonly ParamMeta[]): ReadParams {
  return collect(metas, (m) => own(headers, m.name), readHeaderParam);
}

/** Cookie parameters (`form`) from the cookie-pairs of the Cookie header, values still
 * percent-encoded (request-parts.ts parseCookieHeader). An exploded array is the repeated
 * cookie; an exploded object is one cookie per property. */
export function readCookieParams(
  cookies: ReadonlyMap<string, readonly string[]>,
  metas: readonly ParamMeta[],
): ReadParams {
  return collect(
    metas,
    (m) => {
      if (m.type !== 'object' || !explodeOf(m)) return cookies.get(m.name);
      const keys =
        m.properties !== undefined
          ? Object.keys(m.properties).filter((k) => cookies.has(k))
          : [...cookies.keys()].filter((k) => !isDeclared(metas, k));
      return keys.length === 0 ? undefined : keys.map((k) => `${k}=${cookies.get(k)?.[0] ?? ''}`);
    },
    (m, list: readonly string[]) => {
      if (m.json) return jsonOf(percentDecode(list[0] ?? ''));
      if (m.type === 'object' && explodeOf(m)) return fromTokens(m, list, percentDecode);
      if (m.type === 'array' && explodeOf(m)) return fromTokens(m, list, percentDecode);
      const first = list[0] ?? '';
      return isComposite(m) ? fromTokens(m, split(first, ','), percentDecode) : scalarOf(m, first, percentDecode);
    },
  );
}
