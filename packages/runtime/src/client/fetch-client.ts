/**
 * The client core: `client.GET('/path', { params, body, headers, signal })` resolving to
 * `{ data, error, response }`, with middleware, the call shape of openapi-fetch (which went into
 * maintenance mode), written here from that documented behaviour so that an app's production
 * dependencies are this package alone. test/runtime/fetch-client-differential.test.ts sends the
 * same calls through both and compares every request byte and every result.
 *
 * The URL is `baseUrl + path` with `{name}` filled by the path serializer and the query
 * serializer's text after `?`; the body is JSON unless the Content-Type header says
 * `application/x-www-form-urlencoded` or it is FormData (multipart, written by fetch); headers
 * merge client, call and header parameters in that order (`null` removes one, an array repeats
 * it). The answer: 204, HEAD and `Content-Length: 0` have no body; a 2xx body is parsed as
 * `parseAs` says (JSON by default, an empty body is `undefined`); another status's body is JSON
 * when it parses, else its text.
 *
 * Only what the generated methods' calls use is in this module: they give their own query and path
 * serializers. The default serializers (`client.raw` calls that give none) and the query
 * serializer's style options load with fetch-serializers.ts on the first such call, and middleware
 * runs in fetch-middleware.ts, loaded once one is registered.
 */
import type {
  Client,
  FetchClientOptions,
  HeadersOptions,
  MediaType,
  Middleware,
  ParseAs,
  PathSerializer,
  QuerySerializerOptions,
} from './fetch-types.js';

export type * from './fetch-types.js';

type Query = (query: Record<string, unknown>) => string;
type BodyWriter = (body: unknown, headers?: Headers) => unknown;
type Fetch = (input: Request, ext?: Record<string, unknown>) => Promise<Response>;
type Serializers = typeof import('./fetch-serializers.js');

interface CallOptions {
  baseUrl?: string;
  fetch?: Fetch;
  Request?: typeof Request;
  headers?: HeadersOptions;
  params?: {
    path?: Record<string, unknown>;
    query?: Record<string, unknown>;
    header?: Record<string, unknown>;
    cookie?: Record<string, unknown>;
  };
  parseAs?: ParseAs;
  querySerializer?: Query | QuerySerializerOptions;
  bodySerializer?: BodyWriter;
  pathSerializer?: PathSerializer;
  body?: unknown;
  middleware?: Middleware[];
  [init: string]: unknown;
}

const METHODS = 'GET PUT POST DELETE OPTIONS HEAD PATCH TRACE'.split(' ');

let serializers: Promise<Serializers> | undefined;
const loadSerializers = (): Promise<Serializers> => (serializers ??= import('./fetch-serializers.js'));

export function createFetchClient<Paths extends {}, Media extends MediaType = MediaType>(
  clientOptions?: FetchClientOptions,
): Client<Paths, Media> {
  const {
    baseUrl: clientBaseUrl = '',
    Request: ClientRequest = globalThis.Request,
    fetch: clientFetch = (input: Request, ext?: Record<string, unknown>) => (globalThis.fetch as Fetch)(input, ext),
    querySerializer: clientQuery,
    bodySerializer: clientBody,
    pathSerializer: clientPath,
    headers: clientHeaders,
    requestInitExt,
    ...clientInit
  } = { ...clientOptions } as FetchClientOptions & { fetch?: Fetch };
  const baseUrl = withoutTrailingSlash(clientBaseUrl);
  // Node's fetch (undici) takes extra options as a second argument; other fetches get none.
  const ext = (globalThis as { process?: { versions?: { undici?: string } } }).process?.versions?.undici
    ? requestInitExt
    : undefined;
  const middlewares: Middleware[] = [];

  async function call(schemaPath: string, options: CallOptions): Promise<unknown> {
    const {
      baseUrl: callBaseUrl,
      fetch = clientFetch as Fetch,
      Request: RequestClass = ClientRequest,
      headers,
      params = {},
      parseAs = 'json',
      querySerializer: callQuery,
      bodySerializer = (clientBody as BodyWriter | undefined) ?? writeBody,
      pathSerializer: callPath,
      body,
      middleware = [],
      ...init
    } = options;
    const base = callBaseUrl ? withoutTrailingSlash(callBaseUrl) : baseUrl;
    // A function given for the call or the client is used as it is (the generated methods give
    // one); style options and the defaults load with fetch-serializers.ts.
    const querySpec = callQuery ?? clientQuery;
    const query: Query =
      typeof querySpec === 'function'
        ? (querySpec as Query)
        : (await loadSerializers()).querySerializerOf(clientQuery, callQuery as QuerySerializerOptions, params.query);
    let pathSerializer = callPath ?? clientPath;
    let url = `${base}${schemaPath}`;
    if (params.path) {
      pathSerializer ??= (await loadSerializers()).pathSerializerOf(url, params.path);
      url = pathSerializer(url, params.path);
    }
    let search = query(params.query ?? {});
    if (search.startsWith('?')) search = search.slice(1);
    if (search) url += `?${search}`;

    const headerParams = params.header as HeadersOptions | undefined;
    const serialized =
      body === undefined ? undefined : bodySerializer(body, mergeHeaders(clientHeaders, headers, headerParams));
    const finalHeaders = mergeHeaders(
      // No body, no Content-Type; a FormData body gets its multipart type (and boundary) from fetch.
      serialized === undefined || serialized instanceof FormData ? undefined : { 'Content-Type': 'application/json' },
      clientHeaders,
      headers,
      headerParams,
    );
    const requestInit = { redirect: 'follow', ...clientInit, ...init, body: serialized, headers: finalHeaders };
    let request = new RequestClass(url, requestInit as RequestInit);
    // Fields Request does not know (a framework's own options) stay readable on it.
    for (const key in init) if (!(key in request)) (request as unknown as Record<string, unknown>)[key] = init[key];

    let response: Response;
    const all = middlewares.length > 0 || middleware.length > 0 ? [...middlewares, ...middleware] : undefined;
    if (all === undefined) response = await fetch(request, ext);
    else {
      const run = (await import('./fetch-middleware.js')).runMiddleware;
      ({ request, response } = await run(all, request, (r) => fetch(r, ext), schemaPath, params, {
        baseUrl: base,
        fetch,
        parseAs,
        querySerializer: query,
        bodySerializer,
        pathSerializer,
      }));
    }
    return readAnswer(response, request.method, parseAs);
  }

  const client: Record<string, unknown> = {
    request: (method: string, url: string, init?: CallOptions) => call(url, { ...init, method: method.toUpperCase() }),
    use(...list: Middleware[]) {
      for (const m of list) {
        if (!m) continue;
        if (typeof m !== 'object' || !('onRequest' in m || 'onResponse' in m || 'onError' in m))
          throw new Error('Middleware must be an object with onRequest(), onResponse() or onError()');
        middlewares.push(m);
      }
    },
    eject(...list: Middleware[]) {
      for (const m of list) {
        const at = middlewares.indexOf(m);
        if (at !== -1) middlewares.splice(at, 1);
      }
    },
  };
  for (const method of METHODS) client[method] = (url: string, init?: CallOptions) => call(url, { ...init, method });
  return client as unknown as Client<Paths, Media>;
}

/** The answer as `{ data, response }` (2xx) or `{ error, response }`. */
async function readAnswer(response: Response, method: string, parseAs: ParseAs): Promise<unknown> {
  const length = response.headers.get('Content-Length');
  if (
    response.status === 204 ||
    method === 'HEAD' ||
    (length === '0' && !response.headers.get('Transfer-Encoding')?.includes('chunked'))
  )
    return response.ok ? { data: undefined, response } : { error: undefined, response };
  if (response.ok) {
    let data: unknown;
    if (parseAs === 'stream') data = response.body;
    else if (parseAs === 'json' && !length) {
      const text = await response.text();
      data = text ? JSON.parse(text) : undefined;
    } else data = await response[parseAs]();
    return { data, response };
  }
  let error: unknown = await response.text();
  try {
    error = JSON.parse(error as string);
  } catch {
    // Not JSON: the text itself.
  }
  return { error, response };
}

/** The default body writer: FormData as it is, a form-urlencoded body as `a=1&b=2`, else JSON. */
function writeBody(body: unknown, headers?: Headers): unknown {
  if (body instanceof FormData) return body;
  if (headers?.get('Content-Type') === 'application/x-www-form-urlencoded')
    return new URLSearchParams(body as Record<string, string>).toString();
  return JSON.stringify(body);
}

/** Headers of every source in order: a later one wins, `null` removes, an array repeats. */
export function mergeHeaders(...sources: Array<HeadersOptions | undefined>): Headers {
  const out = new Headers();
  for (const source of sources) {
    if (!source || typeof source !== 'object') continue;
    let entries: Array<[string, unknown]>;
    if (source instanceof Headers) {
      entries = [];
      source.forEach((value, name) => {
        entries.push([name, value]);
      });
    } else entries = Object.entries(source);
    for (const [name, value] of entries) {
      if (value === null) out.delete(name);
      else if (Array.isArray(value)) for (const v of value) out.append(name, v);
      else if (value !== undefined) out.set(name, value as string);
    }
  }
  return out;
}

function withoutTrailingSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}
