/**
 * The types of the client core (fetch-client.ts), for the `paths` interface openapi-typescript
 * emits: `client.GET('/path', init)` with the path's parameters, body and answers typed, the
 * shape openapi-fetch's users know (`{ data, error, response }`), so that code written against
 * openapi-fetch type-checks unchanged. Written from that documented behaviour.
 *
 * What a `paths` entry looks like (openapi-typescript 7): `{ [path]: { get?: Operation, ... } }`,
 * an Operation being `{ parameters: { query?, header?, path?, cookie? }, requestBody?: { content:
 * { [media]: T } }, responses: { [status]: { content?: { [media]: T } } } }`; a method the path
 * does not have is `never` (or `undefined`).
 */

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
export type MediaType = `${string}/${string}`;

/** The values of `Obj` under the keys that match `Keys`. */
export type FilterKeys<Obj, Keys> = Obj[keyof Obj & Keys];

// biome-ignore lint/complexity/noBannedTypes: `{} extends Pick<T, K>` is the test for an optional key
type RequiredKeysOfHelper<T> = { [K in keyof T]: {} extends Pick<T, K> ? never : K }[keyof T];
/** The keys of T that are not optional. */
export type RequiredKeysOf<T> = RequiredKeysOfHelper<T> extends undefined ? never : RequiredKeysOfHelper<T>;

/** The paths of `Paths` that have an operation for `Method`. */
export type PathsWithMethod<Paths extends {}, Method extends HttpMethod> = {
  [P in keyof Paths]: Paths[P] extends { [K in Method]: unknown } ? P : never;
}[keyof Paths];

/** Statuses that count as success, and those that count as an error, in the order of preference
 * openapi-fetch users know (its `data` is the 2xx bodies, its `error` the others). */
export type OkStatus = 200 | 201 | 202 | 203 | 204 | 206 | 207 | '2XX';
// biome-ignore format: one status table
export type ErrorStatus = 500 | 501 | 502 | 503 | 504 | 505 | 506 | 507 | 508 | 510 | 511 | '5XX' | 400 | 401 | 402 | 403 | 404 | 405 | 406 | 407 | 408 | 409 | 410 | 411 | 412 | 413 | 414 | 415 | 416 | 417 | 418 | 420 | 421 | 422 | 423 | 424 | 425 | 426 | 427 | 428 | 429 | 430 | 431 | 444 | 450 | 451 | 497 | 498 | 499 | '4XX' | 'default';

type ResponsesOf<Op> = Op extends { responses: infer R } ? R : unknown;

/** The body types of the answers whose status is one of `Status`, in media types `Media`. */
export type ResponseContentOf<R, Media extends MediaType, Status> = Status extends keyof R
  ? {
      [S in Status & keyof R]: R[S] extends { content: infer C }
        ? C extends Record<string, unknown>
          ? FilterKeys<C, Media> extends never
            ? C
            : FilterKeys<C, Media>
          : C
        : R[S] extends { content?: infer C }
          ? C
          : never;
    }[Status & keyof R]
  : never;

export type SuccessResponse<R, Media extends MediaType = MediaType> = ResponseContentOf<R, Media, OkStatus>;
export type ErrorResponse<R, Media extends MediaType = MediaType> = ResponseContentOf<R, Media, ErrorStatus>;

type RequestBodyOf<Op> = 'requestBody' extends keyof Op ? Op['requestBody' & keyof Op] : never;
type IsBodyOptional<Op> = 'requestBody' extends keyof Op
  ? RequiredKeysOf<Pick<Op, 'requestBody' & keyof Op>> extends never
    ? true
    : false
  : true;
type BodyMediaContent<Op> =
  IsBodyOptional<Op> extends true
    ? ContentOf<NonNullable<RequestBodyOf<Op>>> | undefined
    : ContentOf<RequestBodyOf<Op>>;
type ContentOf<T> = T extends { content: infer C } ? C : unknown;
/** The request body type of an operation (any of its media types). */
export type OperationRequestBodyContent<Op> =
  FilterKeys<BodyMediaContent<Op>, MediaType> extends never
    ? FilterKeys<NonNullable<BodyMediaContent<Op>>, MediaType> | undefined
    : FilterKeys<BodyMediaContent<Op>, MediaType>;

export type HeadersOptions =
  | Required<RequestInit>['headers']
  | Record<string, string | number | boolean | (string | number | boolean)[] | null | undefined>;

export type QuerySerializer<Op> = (
  query: Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : Record<string, unknown>,
) => string;

/** How the default query serializer writes arrays and objects (OpenAPI 3.1 §4.8.12.4 styles). */
export interface QuerySerializerOptions {
  array?: { style: 'form' | 'spaceDelimited' | 'pipeDelimited'; explode: boolean };
  object?: { style: 'form' | 'deepObject'; explode: boolean };
  /** RFC 3986 reserved characters are written as they are. */
  allowReserved?: boolean;
}

/** Writes the body; `headers` are the request's (client, call and header parameters). */
export type BodySerializer<Op> = (body: OperationRequestBodyContent<Op>, headers?: Headers) => unknown;
export type PathSerializer = (pathname: string, pathParams: Record<string, unknown>) => string;

export interface BodyType<T = unknown> {
  json: T;
  text: string;
  blob: Blob;
  arrayBuffer: ArrayBuffer;
  stream: Response['body'];
}
export type ParseAs = keyof BodyType;
type ParseAsResponse<T, Options> = Options extends { parseAs: ParseAs } ? BodyType<T>[Options['parseAs']] : T;

/** Options of the whole client (and any RequestInit field, sent with every request). */
export interface FetchClientOptions extends Omit<RequestInit, 'headers'> {
  /** Prefix of every path (a trailing slash is dropped). */
  baseUrl?: string;
  fetch?: (input: Request) => Promise<Response>;
  Request?: typeof Request;
  querySerializer?: QuerySerializer<unknown> | QuerySerializerOptions;
  bodySerializer?: BodySerializer<unknown>;
  pathSerializer?: PathSerializer;
  headers?: HeadersOptions;
  /** Extra fetch() options of Node's fetch (undici), passed as its second argument. */
  requestInitExt?: Record<string, unknown>;
}

type ParamsOption<Op> = Op extends { parameters: infer P }
  ? RequiredKeysOf<P> extends never
    ? { params?: P }
    : { params: P }
  : { params?: { query?: Record<string, unknown> } };

type RequestBodyOption<Op> =
  OperationRequestBodyContent<Op> extends never
    ? { body?: never }
    : IsBodyOptional<Op> extends true
      ? { body?: OperationRequestBodyContent<Op> }
      : { body: OperationRequestBodyContent<Op> };

export type RequestOptions<Op> = ParamsOption<Op> &
  RequestBodyOption<Op> & {
    baseUrl?: string;
    querySerializer?: QuerySerializer<Op> | QuerySerializerOptions;
    bodySerializer?: BodySerializer<Op>;
    pathSerializer?: PathSerializer;
    parseAs?: ParseAs;
    fetch?: FetchClientOptions['fetch'];
    headers?: HeadersOptions;
    middleware?: Middleware[];
  };

export type FetchOptions<Op> = RequestOptions<Op> & Omit<RequestInit, 'body' | 'headers'>;

/** What a call resolves to: the 2xx body as `data`, or another status's body as `error`. */
export type FetchResponse<Op, Options, Media extends MediaType> =
  | {
      data: ParseAsResponse<SuccessResponse<ResponsesOf<Op>, Media>, Options>;
      error?: never;
      response: Response;
    }
  | { data?: never; error: ErrorResponse<ResponsesOf<Op>, Media>; response: Response };

/** The init argument of a call: optional when nothing in it is required. */
export type MaybeOptionalInit<PathItem, Method extends keyof PathItem> =
  RequiredKeysOf<FetchOptions<FilterKeys<PathItem, Method>>> extends never
    ? FetchOptions<FilterKeys<PathItem, Method>> | undefined
    : FetchOptions<FilterKeys<PathItem, Method>>;

/** Inference first, then the open `[key: string]` addition (a required init stays required). */
type InitParam<Init> =
  RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

export interface MergedOptions<T = unknown> {
  baseUrl: string;
  parseAs: ParseAs;
  querySerializer: QuerySerializer<T>;
  bodySerializer: BodySerializer<T>;
  pathSerializer: PathSerializer;
  fetch: (input: Request) => Promise<Response>;
}

export interface MiddlewareCallbackParams {
  request: Request;
  readonly schemaPath: string;
  readonly params: {
    query?: Record<string, unknown>;
    header?: Record<string, unknown>;
    path?: Record<string, unknown>;
    cookie?: Record<string, unknown>;
  };
  readonly id: string;
  readonly options: MergedOptions;
}

export type MiddlewareOnRequest = (
  options: MiddlewareCallbackParams,
  // biome-ignore lint/suspicious/noConfusingVoidType: a middleware may return nothing (a function without return)
) => void | Request | Response | undefined | Promise<Request | Response | undefined | void>;
export type MiddlewareOnResponse = (
  options: MiddlewareCallbackParams & { response: Response },
  // biome-ignore lint/suspicious/noConfusingVoidType: a middleware may return nothing (a function without return)
) => void | Response | undefined | Promise<Response | undefined | void>;
export type MiddlewareOnError = (
  options: MiddlewareCallbackParams & { error: unknown },
  // biome-ignore lint/suspicious/noConfusingVoidType: a middleware may return nothing (a function without return)
) => void | Response | Error | Promise<void | Response | Error>;

/** onRequest may return a Request (sent instead) or a Response (no request is sent); onResponse a
 * Response (returned instead); onError a Response (the call succeeds with it) or an Error. */
export type Middleware =
  | { onRequest: MiddlewareOnRequest; onResponse?: MiddlewareOnResponse; onError?: MiddlewareOnError }
  | { onRequest?: MiddlewareOnRequest; onResponse: MiddlewareOnResponse; onError?: MiddlewareOnError }
  | { onRequest?: MiddlewareOnRequest; onResponse?: MiddlewareOnResponse; onError: MiddlewareOnError };

export type ClientMethod<Paths extends {}, Method extends HttpMethod, Media extends MediaType> = <
  Path extends PathsWithMethod<Paths, Method>,
  Init extends MaybeOptionalInit<Paths[Path], Method & keyof Paths[Path]>,
>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<FetchResponse<Paths[Path][Method & keyof Paths[Path]], Init, Media>>;

export type ClientRequestMethod<Paths extends {}, Media extends MediaType> = <
  Method extends HttpMethod,
  Path extends PathsWithMethod<Paths, Method>,
  Init extends MaybeOptionalInit<Paths[Path], Method & keyof Paths[Path]>,
>(
  method: Method,
  url: Path,
  ...init: InitParam<Init>
) => Promise<FetchResponse<Paths[Path][Method & keyof Paths[Path]], Init, Media>>;

export interface Client<Paths extends {}, Media extends MediaType = MediaType> {
  request: ClientRequestMethod<Paths, Media>;
  GET: ClientMethod<Paths, 'get', Media>;
  PUT: ClientMethod<Paths, 'put', Media>;
  POST: ClientMethod<Paths, 'post', Media>;
  DELETE: ClientMethod<Paths, 'delete', Media>;
  OPTIONS: ClientMethod<Paths, 'options', Media>;
  HEAD: ClientMethod<Paths, 'head', Media>;
  PATCH: ClientMethod<Paths, 'patch', Media>;
  TRACE: ClientMethod<Paths, 'trace', Media>;
  /** Adds middleware run on every request of this client, in order (responses in reverse). */
  use(...middleware: Middleware[]): void;
  eject(...middleware: Middleware[]): void;
}
