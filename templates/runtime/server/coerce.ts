/**
 * Parameters arrive as text; they are read back per their `style` and `explode` (OpenAPI 3.1
 * §4.8.12.4 "Style Examples": path `simple`, `label`, `matrix`; query `form`, `spaceDelimited`,
 * `pipeDelimited`, `deepObject`; header `simple`; cookie `form`) and coerced per their schema
 * type, so that handlers and validators see numbers, booleans, arrays and objects. A value that
 * does not convert stays a string and request validation reports it; a value whose shape breaks
 * its style (a label without its `.`, an object with a key and no value) is named in
 * `malformed`, which the router answers with a 400.
 */
import { parseCookieHeader as parseCookiePairs } from './request-parts.js';
import { safeJsonParse } from './safe-json.js';

export interface ParamMeta {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  /** JSON Schema type of the parameter (`integer`, `number`, `boolean`, `array`, `object`, ...). */
  type?: string;
  /** For arrays: the items' type. */
  itemType?: string;
  /** For objects: the type of each declared property. */
  properties?: Readonly<Record<string, string>>;
  /** Only when not the location's default (path and header `simple`, query and cookie `form`). */
  style?: string;
  /** Only when not the style's default (true for `form`, false otherwise). */
  explode?: boolean;
  /** A `content` parameter with a JSON media type: its text is JSON, not a style. */
  json?: boolean;
}

export interface ReadParams {
  values: Record<string, unknown>;
  /** Names of parameters whose text breaks their style. */
  malformed?: string[];
}

type Decode = (text: string) => string | undefined;

/** Percent-decoding (RFC 3986 §2.1); undefined when the encoding is invalid. */
export const percentDecode: Decode = (raw) => {
  if (raw.indexOf('%') === -1) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
};
const asIs: Decode = (text) => text;
const trimmed: Decode = (text) => text.trim();

function scalar(value: string, type: string | undefined): unknown {
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(value)) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  if (type === 'null' && value === 'null') return null;
  return value;
}

const MALFORMED = Symbol('malformed');
type Result = unknown | typeof MALFORMED;

/** JSON text of a `content` parameter; prototype-poisoning keys and excessive nesting refused as
 * in bodies (safe-json.ts). */
function jsonOf(text: string | undefined): Result {
  if (text === undefined) return MALFORMED;
  const parsed = safeJsonParse(text);
  return parsed.ok ? parsed.value : MALFORMED;
}

const styleOf = (m: ParamMeta) => m.style ?? (m.in === 'query' || m.in === 'cookie' ? 'form' : 'simple');
const explodeOf = (m: ParamMeta) => m.explode ?? styleOf(m) === 'form';

function define(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

/** An own value only: a parameter named `constructor` must not find Object.prototype's. */
function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function propertyType(m: ParamMeta, key: string): string | undefined {
  return m.properties === undefined ? undefined : own(m.properties, key);
}

/** An array or object from its tokens: items, `k,v,k,v` (not exploded) or `k=v` (exploded). */
function fromTokens(m: ParamMeta, tokens: readonly string[], decode: Decode): Result {
  if (m.type === 'array') {
    const out: unknown[] = [];
    for (const t of tokens) {
      const v = decode(t);
      if (v === undefined) return MALFORMED;
      out.push(scalar(v, m.itemType));
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  const exploded = explodeOf(m);
  if (!exploded && tokens.length % 2 !== 0) return MALFORMED;
  for (let i = 0; i < tokens.length; i += exploded ? 1 : 2) {
    const t = tokens[i] ?? '';
    const eq = exploded ? t.indexOf('=') : -1;
    const k = decode(exploded ? (eq === -1 ? t : t.slice(0, eq)) : t);
    const v = decode(exploded ? (eq === -1 ? '' : t.slice(eq + 1)) : (tokens[i + 1] ?? ''));
    if (k === undefined || v === undefined || k === '') return MALFORMED;
    define(out, k, scalar(v, propertyType(m, k)));
  }
  return out;
}

const isComposite = (m: ParamMeta) => m.type === 'array' || m.type === 'object';
const split = (text: string, on: string) => (text === '' ? [] : text.split(on));

/** One path segment's captured text, still percent-encoded (delimiters are found before decoding). */
export function readPathParam(m: ParamMeta, raw: string): Result {
  if (m.json) return jsonOf(percentDecode(raw));
  const style = styleOf(m);
  if (style === 'label') {
    if (!raw.startsWith('.')) return MALFORMED;
    const body = raw.slice(1);
    if (!isComposite(m)) return scalarOf(m, body, percentDecode);
    // The specification's table separates non-exploded items with `.`; RFC 6570 writes `,`.
    return fromTokens(m, split(body, !explodeOf(m) && body.includes(',') ? ',' : '.'), percentDecode);
  }
  if (style === 'matrix') {
    if (!raw.startsWith(';')) return MALFORMED;
    const parts = raw.slice(1).split(';');
    const name = encodeURIComponent(m.name);
    if (m.type === 'object' && explodeOf(m))
      return fromTokens(
        m,
        parts.filter((p) => p !== ''),
        percentDecode,
      );
    const values: string[] = [];
    for (const p of parts) {
      const eq = p.indexOf('=');
      if ((eq === -1 ? p : p.slice(0, eq)) !== name) return MALFORMED;
      values.push(eq === -1 ? '' : p.slice(eq + 1));
    }
    if (!isComposite(m)) return values.length === 1 ? scalarOf(m, values[0] ?? '', percentDecode) : MALFORMED;
    if (m.type === 'array' && explodeOf(m)) return fromTokens(m, values, percentDecode);
    return values.length === 1 ? fromTokens(m, split(values[0] ?? '', ','), percentDecode) : MALFORMED;
  }
  return isComposite(m) ? fromTokens(m, split(raw, ','), percentDecode) : scalarOf(m, raw, percentDecode);
}

function scalarOf(m: ParamMeta, text: string, decode: Decode): Result {
  const v = decode(text);
  return v === undefined ? MALFORMED : scalar(v, m.type);
}

export function readPathParams(raw: Readonly<Record<string, string>>, metas: readonly ParamMeta[]): ReadParams {
  return collect(
    metas,
    (m) => own(raw, m.name),
    (m, text: string) => readPathParam(m, text),
  );
}

/** A header field value (`simple`); repeated fields arrive joined with `, `. */
export function readHeaderParam(m: ParamMeta, value: string): Result {
  if (m.json) return jsonOf(value.trim());
  return isComposite(m) ? fromTokens(m, split(value, ','), trimmed) : scalar(value.trim(), m.type);
}

export function readHeaderParams(headers: Readonly<Record<string, string>>, metas: readonly ParamMeta[]): ReadParams {
  return collect(metas, (m) => own(headers, m.name), readHeaderParam);
}

const QUERY_DELIMITERS: Readonly<Record<string, string>> = { form: ',', spaceDelimited: ' ', pipeDelimited: '|' };

/** Query values are already percent-decoded (URLSearchParams); repeated names are arrays. The
 * result keeps undeclared keys, except those an exploded object or a deepObject took. */
export function readQueryParams(query: Readonly<Record<string, string | string[]>>, metas: readonly ParamMeta[]): ReadParams {
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

/** Cookie parameters (`form`) from the cookie-pairs of the Cookie header, values still
 * percent-encoded (request-parts.ts parseCookieHeader). An exploded array is the repeated
 * cookie; an exploded object is one cookie per property. */
export function readCookieParams(cookies: ReadonlyMap<string, readonly string[]>, metas: readonly ParamMeta[]): ReadParams {
  return collect(
    metas,
    (m) => {
      if (m.type !== 'object' || !explodeOf(m)) return cookies.get(m.name);
      const keys = m.properties !== undefined ? Object.keys(m.properties).filter((k) => cookies.has(k)) : [...cookies.keys()].filter((k) => !isDeclared(metas, k));
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

/** `name[key]` query keys (one level, as the specification defines deepObject): [query key, key]. */
function deepObjectEntries(query: Readonly<Record<string, unknown>>, name: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const prefix = `${name}[`;
  for (const key of Object.keys(query)) {
    if (key.startsWith(prefix) && key.endsWith(']') && !key.slice(prefix.length, -1).includes('[')) out.push([key, key.slice(prefix.length, -1)]);
  }
  return out;
}

const isDeclared = (metas: readonly ParamMeta[], name: string) => metas.some((m) => m.name === name);

/** An exploded form object's properties are top-level keys: its declared properties, or, when
 * the schema names none, every key no other parameter declares. */
function formObjectEntries(query: Readonly<Record<string, unknown>>, m: ParamMeta, metas: readonly ParamMeta[]): Array<[string, string]> {
  const keys = m.properties !== undefined ? Object.keys(m.properties).filter((k) => Object.hasOwn(query, k)) : Object.keys(query).filter((k) => !isDeclared(metas, k));
  return keys.map((k) => [k, k]);
}

function collect<T>(metas: readonly ParamMeta[], get: (m: ParamMeta) => T | undefined, read: (m: ParamMeta, value: T) => Result): ReadParams {
  const values: Record<string, unknown> = {};
  let malformed: string[] | undefined;
  for (const m of metas) {
    const value = get(m);
    if (value === undefined) continue;
    const result = read(m, value);
    if (result === MALFORMED) (malformed ??= []).push(m.name);
    else define(values, m.name, result);
  }
  return malformed === undefined ? { values } : { values, malformed };
}

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
  const c = metas.cookie.length > 0 ? readCookieParams(parseCookiePairs(own(headers, 'cookie')), metas.cookie) : undefined;
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
