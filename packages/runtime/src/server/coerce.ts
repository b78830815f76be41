/**
 * Parameters arrive as text; they are read back per their `style` and `explode` (OpenAPI 3.1
 * §4.8.12.4 "Style Examples": path `simple`, `label`, `matrix`; query `form`, `spaceDelimited`,
 * `pipeDelimited`, `deepObject`; header `simple`; cookie `form`) and coerced per their schema
 * type, so that handlers and validators see numbers, booleans, arrays and objects. A value that
 * does not convert stays a string and request validation reports it; a value whose shape breaks
 * its style (a label without its `.`, an object with a key and no value) is named in
 * `malformed`, which the router answers with a 400. This module reads a whole request; the
 * readers per location are read-path.ts, read-query.ts and read-header-cookie.ts, over the
 * shared param-values.ts.
 */
import { parseCookieHeader as parseCookiePairs } from './request-parts.js';
import { explodeOf, own, styleOf, type ParamMeta, type ReadParams } from './param-values.js';
import { readCookieParams, readHeaderParams } from './read-header-cookie.js';
import { readPathParams } from './read-path.js';
import { readQueryParams } from './read-query.js';

export type { ParamMeta } from './param-values.js';

export interface RequestParamMetas {
  path: readonly ParamMeta[];
  query: readonly ParamMeta[];
  /** Lower-case names. */
  header: readonly ParamMeta[];
  cookie: readonly ParamMeta[];
}

export interface RequestParams {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** Undefined when the operation declares no header (cookie) parameters. */
  headers: Record<string, unknown> | undefined;
  cookies: Record<string, unknown> | undefined;
  /** One per parameter whose text breaks its style (a 400, like any other parameter error). */
  malformed: MalformedParam[] | undefined;
}

export interface MalformedParam {
  rule: 'request.malformed-parameter';
  pointer: string;
  message: string;
  source: string;
  in: 'params' | 'query' | 'headers' | 'cookies';
}

const PARTS = { path: 'params', query: 'query', header: 'headers', cookie: 'cookies' } as const;

/** Every declared parameter of a request, read per its style. `rawPath`: captured path text,
 * still percent-encoded; `cookieHeader`: the Cookie header field value. */
export function readRequestParams(
  metas: RequestParamMetas,
  rawPath: Readonly<Record<string, string>>,
  query: Readonly<Record<string, string | string[]>>,
  headers: Readonly<Record<string, string>>,
): RequestParams {
  const path = readPathParams(rawPath, metas.path);
  const q = readQueryParams(query, metas.query);
  const h = metas.header.length > 0 ? readHeaderParams(headers, metas.header) : undefined;
  const c =
    metas.cookie.length > 0 ? readCookieParams(parseCookiePairs(own(headers, 'cookie')), metas.cookie) : undefined;
  let malformed: MalformedParam[] | undefined;
  const note = (read: ReadParams | undefined, location: keyof typeof PARTS) => {
    for (const name of read?.malformed ?? []) {
      const m = metas[location].find((x) => x.name === name);
      const style = m === undefined ? '' : ` (style ${styleOf(m)}, explode ${explodeOf(m)})`;
      (malformed ??= []).push({
        rule: 'request.malformed-parameter',
        pointer: `/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        message: m?.json
          ? `The ${location} parameter ${JSON.stringify(name)} is not valid JSON, as its media type says`
          : `The ${location} parameter ${JSON.stringify(name)} is not written as its style says${style}`,
        source: m?.json ? 'OpenAPI 3.1 §4.8.12.2 Parameter Object content' : 'OpenAPI 3.1 §4.8.12.4 Style Examples',
        in: PARTS[location],
      });
    }
  };
  note(path, 'path');
  note(q, 'query');
  note(h, 'header');
  note(c, 'cookie');
  return { params: path.values, query: q.values, headers: h?.values, cookies: c?.values, malformed };
}
