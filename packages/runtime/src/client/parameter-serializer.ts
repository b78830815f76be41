/**
 * Writing a parameter the way its document says (OpenAPI 3.1 §4.8.12.4 "Style Examples": path
 * `simple`, `label`, `matrix`; query `form`, `spaceDelimited`, `pipeDelimited`, `deepObject`;
 * header `simple`; cookie `form`), for primitives, arrays and flat objects, exploded or not.
 *
 * The client core's default serializers (fetch-serializers.ts, openapi-fetch's behaviour) differ
 * from that table in a few cells (non-exploded `label` arrays and objects, delimited objects, an
 * empty `matrix` value), so the client plugs this module into the core's `pathSerializer` and
 * `querySerializer` options and writes headers and the Cookie header itself. The client loads
 * this module for a call that needs it (a non-default style, an array or object value);
 * primitives in the default styles are written by primitive-parameters.ts.
 */

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/** How one parameter is written: the document's `style` and `explode`, defaults applied. */
export interface ParameterStyle {
  style: string;
  explode: boolean;
  /** A `content` parameter with a JSON media type: the value is written as JSON text. */
  json?: true;
  /** Query only (`allowReserved`): RFC 3986 reserved characters are not percent-encoded. */
  allowReserved?: true;
}

/** OpenAPI 3.1 §4.8.12.1: `style` defaults per location; `explode` is true only for `form`. */
export function defaultStyle(location: ParameterLocation): ParameterStyle {
  return location === 'query' || location === 'cookie'
    ? { style: 'form', explode: true }
    : { style: 'simple', explode: false };
}

type Encode = (text: string) => string;
const identity: Encode = (text) => text;

/**
 * `allowReserved` (OpenAPI 3.1 §4.8.12.2): the reserved characters of RFC 3986 §2.2 and
 * percent-encoded triples pass unchanged (RFC 6570 §3.2.3 reserved expansion); everything else is
 * percent-encoded. `#` is encoded all the same: unencoded, it would end the query (RFC 3986 §3.5)
 * and the rest of the value would never reach the server.
 */
export const encodeReserved: Encode = (text) =>
  text.replace(/%[0-9A-Fa-f]{2}|[^%]+|%/g, (part) =>
    /^%[0-9A-Fa-f]{2}$/.test(part)
      ? part
      : encodeURIComponent(part).replace(/%(3A|2F|3F|5B|5D|40|21|24|26|27|28|29|2A|2B|2C|3B|3D)/gi, (_, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        ),
  );

function text(value: unknown): string {
  return value === null ? 'null' : String(value);
}

function entriesOf(value: object): Array<[string, unknown]> {
  return Object.entries(value).filter(([, v]) => v !== undefined);
}

/** RFC 6570 §3.2.7 (matrix): an empty value is the bare name. */
function named(name: string, value: string): string {
  return value === '' ? name : `${name}=${value}`;
}

/** The path segment text that replaces `{name}`. */
export function serializePathParam(name: string, value: unknown, { style, explode, json }: ParameterStyle): string {
  const e: Encode = encodeURIComponent;
  const n = e(name);
  if (json) return e(JSON.stringify(value));
  if (Array.isArray(value)) {
    const items = value.map((v) => e(text(v)));
    if (style === 'label') return `.${items.join('.')}`;
    if (style === 'matrix')
      return explode ? items.map((v) => `;${named(n, v)}`).join('') : `;${named(n, items.join(','))}`;
    return items.join(',');
  }
  if (value !== null && typeof value === 'object') {
    const pairs = entriesOf(value).map(([k, v]) => [e(k), e(text(v))] as const);
    if (style === 'label') return `.${pairs.map(([k, v]) => (explode ? `${k}=${v}` : `${k}.${v}`)).join('.')}`;
    if (style === 'matrix')
      return explode ? pairs.map(([k, v]) => `;${named(k, v)}`).join('') : `;${named(n, pairs.flat().join(','))}`;
    return explode ? pairs.map(([k, v]) => `${k}=${v}`).join(',') : pairs.flat().join(',');
  }
  const v = e(text(value));
  if (style === 'label') return `.${v}`;
  if (style === 'matrix') return `;${named(n, v)}`;
  return v;
}

const QUERY_DELIMITERS: Readonly<Record<string, string>> = { form: ',', spaceDelimited: '%20', pipeDelimited: '|' };

/** The `a=b&c=d` text of one query parameter (no leading `&`); '' writes nothing. */
export function serializeQueryParam(
  name: string,
  value: unknown,
  { style, explode, json, allowReserved }: ParameterStyle,
): string {
  const e: Encode = allowReserved ? encodeReserved : encodeURIComponent;
  const n = encodeURIComponent(name);
  if (value === undefined) return '';
  if (json) return `${n}=${e(JSON.stringify(value))}`;
  if (Array.isArray(value)) {
    if (value.length === 0) return '';
    const items = value.map((v) => e(text(v)));
    if (explode) return items.map((v) => `${n}=${v}`).join('&');
    return `${n}=${items.join(QUERY_DELIMITERS[style] ?? ',')}`;
  }
  if (value !== null && typeof value === 'object') {
    const pairs = entriesOf(value).map(([k, v]) => [e(k), e(text(v))] as const);
    // One level of nesting, written with literal brackets as the specification's example shows.
    if (style === 'deepObject') return pairs.map(([k, v]) => `${n}[${k}]=${v}`).join('&');
    if (explode) return pairs.map(([k, v]) => `${k}=${v}`).join('&');
    return `${n}=${pairs.flat().join(QUERY_DELIMITERS[style] ?? ',')}`;
  }
  return `${n}=${e(text(value))}`;
}

/** A header field value (`style: simple`); header values are not percent-encoded. */
export function serializeHeaderParam(value: unknown, { explode, json }: ParameterStyle): string {
  return json ? JSON.stringify(value) : simpleValue(value, explode, identity);
}

function simpleValue(value: unknown, explode: boolean, e: Encode): string {
  if (Array.isArray(value)) return value.map((v) => e(text(v))).join(',');
  if (value !== null && typeof value === 'object') {
    const pairs = entriesOf(value).map(([k, v]) => [e(k), e(text(v))] as const);
    return explode ? pairs.map(([k, v]) => `${k}=${v}`).join(',') : pairs.flat().join(',');
  }
  return e(text(value));
}

/** The cookie-pairs of one cookie parameter (`style: form`), joined by "; " (RFC 6265 §4.2.1).
 * Names and values are percent-encoded: a cookie-octet excludes `;`, `,`, space and quotes. */
export function serializeCookieParam(name: string, value: unknown, { explode, json }: ParameterStyle): string {
  const e: Encode = encodeURIComponent;
  const n = e(name);
  if (value === undefined) return '';
  if (json) return `${n}=${e(JSON.stringify(value))}`;
  if (Array.isArray(value)) {
    const items = value.map((v) => e(text(v)));
    return explode ? items.map((v) => `${n}=${v}`).join('; ') : `${n}=${items.join(',')}`;
  }
  if (value !== null && typeof value === 'object') {
    const pairs = entriesOf(value).map(([k, v]) => [e(k), e(text(v))] as const);
    return explode ? pairs.map(([k, v]) => `${k}=${v}`).join('; ') : `${n}=${pairs.flat().join(',')}`;
  }
  return `${n}=${e(text(value))}`;
}

/** Styles of an operation's parameters that differ from their location's default, by location
 * then wire name (what the generator emits). */
export type OperationStyles = Partial<Record<ParameterLocation, Readonly<Record<string, ParameterStyle>>>>;

function styleOf(styles: OperationStyles | undefined, location: ParameterLocation, name: string): ParameterStyle {
  const own = styles?.[location];
  return own !== undefined && Object.hasOwn(own, name) ? (own[name] ?? defaultStyle(location)) : defaultStyle(location);
}

/** The client core's `pathSerializer`: fills `{name}` from the operation's path parameters. */
export function createPathSerializer(
  styles: OperationStyles | undefined,
): (pathname: string, params: Record<string, unknown>) => string {
  return (pathname, params) =>
    pathname.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
      const value = Object.hasOwn(params, name) ? params[name] : undefined;
      return value === undefined || value === null
        ? whole
        : serializePathParam(name, value, styleOf(styles, 'path', name));
    });
}

/** The client core's `querySerializer`: every query parameter in its style. */
export function createQuerySerializer(styles: OperationStyles | undefined): (query: Record<string, unknown>) => string {
  return (query) => {
    const parts: string[] = [];
    for (const [name, value] of Object.entries(query ?? {})) {
      const part = serializeQueryParam(name, value, styleOf(styles, 'query', name));
      if (part !== '') parts.push(part);
    }
    return parts.join('&');
  };
}

/** Header parameters as header field values (undefined and null left out). */
export function serializeHeaders(
  values: Record<string, unknown> | undefined,
  styles: OperationStyles | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values ?? {})) {
    if (value === undefined || value === null) continue;
    Object.defineProperty(out, name, {
      value: serializeHeaderParam(value, styleOf(styles, 'header', name)),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** The Cookie header value for the cookie parameters; undefined when there are none. */
export function serializeCookies(
  values: Record<string, unknown> | undefined,
  styles: OperationStyles | undefined,
): string | undefined {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(values ?? {})) {
    if (value === undefined || value === null) continue;
    const part = serializeCookieParam(name, value, styleOf(styles, 'cookie', name));
    if (part !== '') parts.push(part);
  }
  return parts.length > 0 ? parts.join('; ') : undefined;
}

/** How one operation's parameters are written (the client core's serializer options, plus the
 * header values and the Cookie header the core does not write). */
export function parameterWriters(styles: OperationStyles | undefined) {
  return {
    querySerializer: createQuerySerializer(styles),
    pathSerializer: createPathSerializer(styles),
    headers: (values: Record<string, unknown> | undefined) => serializeHeaders(values, styles),
    cookies: (values: Record<string, unknown> | undefined) => serializeCookies(values, styles),
  };
}
