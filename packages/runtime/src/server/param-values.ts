/**
 * What every parameter reader shares: the parameter's metadata, scalar coercion per schema type,
 * the arrays and objects of a style's tokens, JSON text (`content` parameters) and a
 * prototype-safe result object. The readers per location: read-path.ts, read-query.ts,
 * read-header-cookie.ts; coerce.ts reads a whole request.
 */
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

export type Decode = (text: string) => string | undefined;

/** Percent-decoding (RFC 3986 §2.1); undefined when the encoding is invalid. */
export const percentDecode: Decode = (raw) => {
  if (raw.indexOf('%') === -1) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
};
export const asIs: Decode = (text) => text;
export const trimmed: Decode = (text) => text.trim();

export function scalar(value: string, type: string | undefined): unknown {
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(value)) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  if (type === 'null' && value === 'null') return null;
  return value;
}

export const MALFORMED = Symbol('malformed');
export type Result = unknown | typeof MALFORMED;

/** JSON text of a `content` parameter; prototype-poisoning keys and excessive nesting refused as
 * in bodies (safe-json.ts). */
export function jsonOf(text: string | undefined): Result {
  if (text === undefined) return MALFORMED;
  const parsed = safeJsonParse(text);
  return parsed.ok ? parsed.value : MALFORMED;
}

export const styleOf = (m: ParamMeta) => m.style ?? (m.in === 'query' || m.in === 'cookie' ? 'form' : 'simple');
export const explodeOf = (m: ParamMeta) => m.explode ?? styleOf(m) === 'form';

export function define(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

/** An own value only: a parameter named `constructor` must not find Object.prototype's. */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function propertyType(m: ParamMeta, key: string): string | undefined {
  return m.properties === undefined ? undefined : own(m.properties, key);
}

/** An array or object from its tokens: items, `k,v,k,v` (not exploded) or `k=v` (exploded). */
export function fromTokens(m: ParamMeta, tokens: readonly string[], decode: Decode): Result {
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

export const isComposite = (m: ParamMeta) => m.type === 'array' || m.type === 'object';
export const split = (text: string, on: string) => (text === '' ? [] : text.split(on));

export function scalarOf(m: ParamMeta, text: string, decode: Decode): Result {
  const v = decode(text);
  return v === undefined ? MALFORMED : scalar(v, m.type);
}

export const isDeclared = (metas: readonly ParamMeta[], name: string) => metas.some((m) => m.name === name);

/** Reads each declared parameter `get` finds; the ones whose text breaks their style are named in `malformed`. */
export function collect<T>(
  metas: readonly ParamMeta[],
  get: (m: ParamMeta) => T | undefined,
  read: (m: ParamMeta, value: T) => Result,
): ReadParams {
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
