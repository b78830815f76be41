/**
 * Types of the framework-neutral router and of typed handlers. `Op` is one operation object of
 * openapi-typescript's `paths` (e.g. `paths['/pets/{id}']['get']`);
 * `Auth` is the principal type of the authenticator, handed to handlers as `request.auth`.
 *
 * Handler results are checked per documented status: `{ status: 201, body: Pet }` where the
 * document has `2XX` (any of 200..299) with a Pet body. TypeScript keeps `status` a literal
 * only where the return value is contextually typed (a handler declared as `Handlers['x']`, inside
 * `createRouter({ handlers: {...} })`, or with `satisfies Partial<Handlers>`). A result built
 * elsewhere has `status: number`, which no documented status accepts: build it with `reply(201,
 * body)` (keeps the literal), `as const` on the status, or annotate the function.
 */
import type { RuleViolation } from '../rule-types.js';

export interface RouterRequest {
  method: string;
  /** Path + query (`/v1/x?y=1`) or an absolute URL. */
  url: string;
  headers: Record<string, string | string[] | undefined> | Headers;
  body: Uint8Array | string | undefined;
}

export interface RouterResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

export interface Router {
  handle(request: RouterRequest): Promise<RouterResponse>;
  /** The same answer, returned directly when the authenticator and the handler answered
   * synchronously (a promise otherwise). Optional, so a hand-written Router still fits; the
   * node:http adapter uses it to save a promise and a microtask per request. */
  handleEager?(request: RouterRequest): RouterResponse | Promise<RouterResponse>;
}

export type EagerHandle = NonNullable<Router['handleEager']>;

/** The body of every error the router itself produces (a document's own error schema is not known here). */
export interface ErrorBody {
  errors: RuleViolation[];
}

/** The parameters of one location; none (absent, or openapi-typescript's `query?: never`) is an empty record,
 * which is what the router hands over, so a handler can be called directly in a test. */
type Part<Op, K extends string> = Op extends { parameters: infer P } ? Located<P, K> : Record<string, never>;
type Located<P, K extends string> = K extends keyof P ? NoneIsEmpty<NonNullable<P[K]>> : Record<string, never>;
type NoneIsEmpty<T> = [T] extends [never] ? Record<string, never> : T;
type Content<RB> = [RB] extends [never] ? undefined : RB extends { content: infer C } ? C[keyof C] : undefined;

export type RequestBodyOf<Op> = Op extends { requestBody: infer RB }
  ? Content<RB>
  : Op extends { requestBody?: infer RB }
    ? Content<NonNullable<RB>> | undefined
    : undefined;

export interface HandlerRequest<Op, Auth = unknown> {
  operationId: string;
  params: Part<Op, 'path'>;
  query: Part<Op, 'query'>;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** Declared cookie parameters, read from the Cookie header. */
  cookies: Part<Op, 'cookie'>;
  body: RequestBodyOf<Op>;
  /** What the authenticator returned for this request. */
  auth: Auth;
}

type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
type ToNumber<S> = S extends `${infer N extends number}` ? N : never;
/** `200` → 200, `'2XX'` → 200 | 201 | ... | 299 (OpenAPI range), `default` → any status. */
type StatusOf<K> = K extends number
  ? K
  : K extends `${infer D extends '1' | '2' | '3' | '4' | '5'}XX`
    ? ToNumber<`${D}${Digit}${Digit}`>
    : K extends `${infer N extends number}`
      ? N
      : number;

type Variant<K, R> = R extends { content: infer C }
  ? {
      [M in keyof C]: { status: StatusOf<K>; body: C[M]; contentType?: M & string; headers?: Record<string, string> };
    }[keyof C]
  : { status: StatusOf<K>; body?: undefined; headers?: Record<string, string> };

/** One `{ status, body, headers? }` per documented response and media type. */
export type HandlerResponse<Op> = Op extends { responses: infer R }
  ? { [K in keyof R]: Variant<K, R[K]> }[keyof R]
  : never;

declare const notImplementedBrand: unique symbol;
/** What `notImplemented()` returns; allowed from every handler (501, whatever the document's responses). */
export interface NotImplementedResponse {
  status: 501;
  body: ErrorBody;
  readonly [notImplementedBrand]?: true;
}

/** Operations without security get `auth: undefined` (the router calls no authenticator). */
export type HandlerFn<Op, Auth = unknown> = (
  request: HandlerRequest<Op, Auth>,
) => HandlerResponse<Op> | NotImplementedResponse | Promise<HandlerResponse<Op> | NotImplementedResponse>;

/** What the authenticator is told about the request and the operation's security. */
export interface AuthenticateInput {
  operationId: string;
  /** Alternatives of scheme names, as in the document. */
  security: string[][];
  schemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }>;
  headers: Record<string, string>;
  query: Record<string, string | string[]>;
}

/**
 * `principal` reaches handlers as `request.auth`. Leaving it out (allowed, for compatibility) hands
 * them undefined: declare `P` as `X | undefined` if your authenticator does that. TypeScript infers
 * `P` for `createRouter` from an authenticator declared beforehand (or a typed function); written
 * inline as `createAuthenticator(...)` next to untyped handlers it stays unknown: declare it first
 * or write `createRouter<P>(...)`.
 */
export type AuthenticateResult<P = unknown> =
  | { ok: true; principal: P }
  | { ok: true; principal?: undefined }
  | { ok: false; status?: 401 | 403 | undefined; message?: string | undefined; challenge?: string | undefined };

export type Authenticator<P = unknown> = (
  input: AuthenticateInput,
) => AuthenticateResult<P> | Promise<AuthenticateResult<P>>;
