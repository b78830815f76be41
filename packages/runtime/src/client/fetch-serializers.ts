/**
 * The client core's default serializers for what fetch-client.ts does not write itself: arrays
 * and objects, path templates `{.name}` (label), `{;name}` (matrix) and `{name*}` (explode), and
 * the query serializer's style options, and the defaults for primitives. Loaded by the first call
 * that gives no serializer function of its own.
 *
 * They write what openapi-fetch's defaults write, cell by cell, since code written for openapi-fetch
 * (client.raw) relies on them: query arrays `form` exploded, objects `deepObject` exploded, names
 * as given, values percent-encoded unless `allowReserved`. The generated per-operation methods
 * do not use these: they write each parameter in its document's style (parameter-serializer.ts).
 */
import type { QuerySerializerOptions } from './fetch-types.js';

interface Style {
  style: string;
  explode: boolean;
  allowReserved?: boolean;
}

const encode = (value: unknown, style: { allowReserved?: boolean | undefined } | undefined): string =>
  style?.allowReserved === true ? (value as string) : encodeURIComponent(value as string);

/** `name=value`; '' for null and undefined. Nested values have no defined text. */
function primitive(name: string, value: unknown, style?: { allowReserved?: boolean | undefined }): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object')
    throw new Error(
      'Deeply-nested arrays/objects aren’t supported. Provide your own `querySerializer()` to handle these.',
    );
  return `${name}=${encode(value, style)}`;
}

/** The separator between exploded members, and the prefix of a label or matrix value. */
const MEMBER_SEPARATOR: Readonly<Record<string, string>> = { simple: ',', label: '.', matrix: ';' };
const LIST_SEPARATOR: Readonly<Record<string, string>> = { form: ',', spaceDelimited: '%20', pipeDelimited: '|' };

function prefixed(style: string, separator: string, text: string): string {
  return style === 'label' || style === 'matrix' ? `${separator}${text}` : text;
}

export function serializeObjectParam(name: string, value: unknown, options: Style): string {
  if (!value || typeof value !== 'object') return '';
  const record = value as Record<string, unknown>;
  const parts: string[] = [];
  if (options.style !== 'deepObject' && options.explode === false) {
    for (const key in record) parts.push(key, encode(record[key], options));
    const list = parts.join(',');
    if (options.style === 'form') return `${name}=${list}`;
    if (options.style === 'label') return `.${list}`;
    if (options.style === 'matrix') return `;${name}=${list}`;
    return list;
  }
  const separator = MEMBER_SEPARATOR[options.style] ?? '&';
  for (const key in record)
    parts.push(primitive(options.style === 'deepObject' ? `${name}[${key}]` : key, record[key], options));
  return prefixed(options.style, separator, parts.join(separator));
}

export function serializeArrayParam(name: string, value: unknown, options: Style): string {
  if (!Array.isArray(value)) return '';
  if (options.explode === false) {
    const list = value.map((v) => encode(v, options)).join(LIST_SEPARATOR[options.style] ?? ',');
    if (options.style === 'simple') return list;
    if (options.style === 'label') return `.${list}`;
    if (options.style === 'matrix') return `;${name}=${list}`;
    return `${name}=${list}`;
  }
  const separator = MEMBER_SEPARATOR[options.style] ?? '&';
  const parts = value.map((v) =>
    options.style === 'simple' || options.style === 'label' ? encode(v, options) : primitive(name, v, options),
  );
  return prefixed(options.style, separator, parts.join(separator));
}

/** The query text: arrays `form` exploded and objects `deepObject` unless `options` say otherwise. */
export function createQuerySerializer(
  options: QuerySerializerOptions | undefined,
): (query: Record<string, unknown>) => string {
  return (query) => {
    const parts: string[] = [];
    if (query && typeof query === 'object')
      for (const name in query) {
        const value = query[name];
        if (value === undefined || value === null) continue;
        const allowReserved = options?.allowReserved || false;
        if (Array.isArray(value)) {
          if (value.length > 0)
            parts.push(
              serializeArrayParam(name, value, { style: 'form', explode: true, ...options?.array, allowReserved }),
            );
        } else if (typeof value === 'object')
          parts.push(
            serializeObjectParam(name, value, {
              style: 'deepObject',
              explode: true,
              ...options?.object,
              allowReserved,
            }),
          );
        else parts.push(primitive(name, value, options));
      }
    return parts.join('&');
  };
}

/** Fills `{name}`, `{name*}`, `{.name}` and `{;name}` (RFC 6570 simple, explode, label, matrix). */
export function defaultPathSerializer(url: string, values: Record<string, unknown>): string {
  let out = url;
  for (const template of url.match(/\{[^{}]+\}/g) ?? []) {
    let name = template.slice(1, -1);
    const explode = name.endsWith('*');
    if (explode) name = name.slice(0, -1);
    const style = name.startsWith('.') ? 'label' : name.startsWith(';') ? 'matrix' : 'simple';
    if (style !== 'simple') name = name.slice(1);
    const value = values?.[name];
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value)
      ? serializeArrayParam(name, value, { style, explode })
      : typeof value === 'object'
        ? serializeObjectParam(name, value, { style, explode })
        : style === 'matrix'
          ? `;${primitive(name, value)}`
          : `${style === 'label' ? '.' : ''}${encodeURIComponent(value as string)}`;
    // The first occurrence, as a string pattern: each template of the URL in turn.
    out = out.replace(template, text);
  }
  return out;
}

type Query = (query: Record<string, unknown>) => string;

/** The query serializer of a call that gives no function: the call's style options merged over
 * the client's; without any, primitives are written by the small `primitiveQuery`. */
export function querySerializerOf(
  clientQuery: Query | QuerySerializerOptions | undefined,
  callQuery: QuerySerializerOptions | undefined,
  query: Record<string, unknown> | undefined,
): Query {
  const spec =
    callQuery === undefined ? clientQuery : { ...(typeof clientQuery === 'object' ? clientQuery : {}), ...callQuery };
  if (spec === undefined && primitiveValues(query)) return primitiveQuery;
  return createQuerySerializer(spec as QuerySerializerOptions | undefined);
}

/** The path serializer of a call that gives none: `primitivePath` unless a value is an array or
 * an object or the template has `{.name}`, `{;name}` or `{name*}`. */
export function pathSerializerOf(
  url: string,
  values: Record<string, unknown>,
): (url: string, values: Record<string, unknown>) => string {
  return primitiveValues(values) && !/\{[.;][^{}]*\}|\{[^{}]*\*\}/.test(url) ? primitivePath : defaultPathSerializer;
}

function primitiveValues(values: Record<string, unknown> | undefined): boolean {
  if (values) for (const name in values) if (typeof values[name] === 'object' && values[name] !== null) return false;
  return true;
}

/** `name=value` pairs, values percent-encoded (names as given), null and undefined left out. */
function primitiveQuery(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const name in query) {
    const value = query[name];
    if (value !== undefined && value !== null) parts.push(`${name}=${encodeURIComponent(value as string)}`);
  }
  return parts.join('&');
}

/** `{name}` replaced by the percent-encoded value; an absent or null value leaves it as it is. */
export function primitivePath(url: string, values: Record<string, unknown>): string {
  return url.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? whole : encodeURIComponent(value as string);
  });
}
