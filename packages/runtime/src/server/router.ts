/**
 * The framework-neutral router behind the generated `createRouter()`. Order of checks, each
 * answering with `{ errors: RuleViolation[] }`: route (414 past the path limit, 404, 405 + Allow) → body size (413) →
 * security (401/403, before anything about the body is revealed) → media type (415) → parse
 * (400; nesting depth, malformed JSON, poisoning keys) → request validation (400) → handler (501
 * when missing, 500 on exceptions, no stack). Everything per operation is compiled once, in
 * createRouterCore; `handle` is on the mock's hot path and allocates only what it hands on.
 * Each phase is one function below, in the order a request meets them: route, authenticate,
 * authorize, read the body, read the parameters, validate, call the handler, answer.
 */
import type { RuleViolation } from '../rule-types.js';
import { isPromiseLike } from '../maybe-promise.js';
import { acceptsMediaType, DEFAULT_BODY_LIMIT, mediaTypeOf, parseBody, type ParsedBody } from './body.js';
import { readRequestParams, type RequestParamMetas, type RequestParams } from './coerce.js';
import { notImplemented } from './not-implemented.js';
import { exceedsLimit, IGNORED_HEADER_PARAMS, isEmptyBody, lowerHeaders, parseQuery } from './request-parts.js';
import { compileRoutes, type RouteTable } from './route-table.js';
import { serialize, errorResponse } from './respond.js';
import { splitTarget } from './target.js';
import type { RouterOptions, RouterPhase, ServerMeta, ServerOperationMeta, Validators } from './router-options.js';
import { DEFAULT_MAX_JSON_DEPTH } from './safe-json.js';
import type { AuthenticateResult, EagerHandle, Router, RouterRequest, RouterResponse } from './types.js';

export type { RouterOptions, RouterPhase, ServerMeta, ServerOperationMeta, Validators } from './router-options.js';

type AnyHandler = (request: unknown) => unknown;
type HandlerResult = { status: number; body?: unknown; contentType?: string; headers?: Record<string, string> };

const violation = (
  rule: string,
  message: string,
  source: string,
  pointer = '',
  part?: RuleViolation['in'],
): RuleViolation => ({
  rule,
  pointer,
  message,
  source,
  ...(part ? { in: part } : {}),
});

/** An operation with everything `handle` needs precomputed. */
interface CompiledOperation {
  meta: ServerOperationMeta;
  /** Declared parameters by location; header names lower-case (Accept, Content-Type and
   * Authorization excluded, as OpenAPI says). */
  params: RequestParamMetas;
  /** False when the document requires no security or allows an anonymous alternative (`{}`). */
  needsAuth: boolean;
  unsupportedMediaMessage: string;
  /** The document declares a query parameter named `__proto__`: that key is read, not refused. */
  protoQuery: boolean;
}

/** What the steps after routing share about one request. */
interface Parts {
  op: CompiledOperation;
  request: RouterRequest;
  headers: Record<string, string>;
  rawQuery: Record<string, string | string[]>;
  /** Captured path text, still percent-encoded. */
  pathParams: Record<string, string>;
}

function compileOperation(meta: ServerOperationMeta): CompiledOperation {
  return {
    meta,
    params: {
      path: meta.params.filter((p) => p.in === 'path'),
      query: meta.params.filter((p) => p.in === 'query'),
      header: meta.params
        .filter((p) => p.in === 'header' && !IGNORED_HEADER_PARAMS.has(p.name.toLowerCase()))
        .map((p) => ({ ...p, name: p.name.toLowerCase() })),
      cookie: meta.params.filter((p) => p.in === 'cookie'),
    },
    needsAuth: meta.security.length > 0 && !meta.security.some((alt) => alt.length === 0),
    unsupportedMediaMessage: `Send the body as ${(meta.requestBody?.contentTypes ?? []).join(' or ')}`,
    protoQuery: meta.params.some((p) => p.in === 'query' && p.name === '__proto__'),
  };
}

const internalError = () => errorResponse(500, [violation('server.internal', 'Internal server error', 'server')]);

/** What createRouterCore compiles once from the document and the options; every phase reads it. */
interface RouterState<Auth> {
  schemes: ServerMeta['schemes'];
  routes: RouteTable<CompiledOperation>;
  bodyLimit: number;
  maxJsonDepth: number;
  exactNumbers: boolean;
  validators: Validators;
  validateRequests: boolean;
  basePath: string;
  handlers: Record<string, AnyHandler | undefined>;
  /** Read on each request, as before the phases were split: the authenticator, the error hook, response checks. */
  options: Pick<Options<Auth>, 'authenticate' | 'onError' | 'validateResponses'>;
}

type Answer = RouterResponse | Promise<RouterResponse>;

const NO_BODY: { ok: true; value: undefined } = Object.freeze({ ok: true, value: undefined });

const documented = (op: CompiledOperation) => ({ method: op.meta.method, path: op.meta.path, value: op });
const aliased = (op: CompiledOperation) => (op.meta.aliases ?? []).map((path) => ({ ...documented(op), path }));

type Options<Auth> = RouterOptions<unknown, Auth>;

function compileState<Auth>(meta: ServerMeta, options: Options<Auth>, generated: Validators): RouterState<Auth> {
  const operations = meta.operations.map(compileOperation);
  // Aliases after every documented path: where both could match, the documented route wins.
  const limits = { maxPathLength: options.maxPathLength };
  const routes = compileRoutes([...operations.map(documented), ...operations.flatMap(aliased)], limits);
  return {
    schemes: meta.schemes,
    routes,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    maxJsonDepth: options.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH,
    exactNumbers: options.exactNumbers ?? true,
    validators: options.validators ?? generated,
    validateRequests: options.validateRequests ?? true,
    basePath: (options.basePath ?? '').replace(/\/+$/, ''),
    handlers: options.handlers as Record<string, AnyHandler | undefined>,
    options,
  };
}

type ErrorContext = { operationId?: string; phase: RouterPhase };

function report<Auth>(s: RouterState<Auth>, error: unknown, context: ErrorContext): void {
  try {
    s.options.onError?.(error, context);
  } catch {
    // A failing error hook must not turn into a second failure.
  }
}

function stripBase(basePath: string, pathname: string): string {
  if (!basePath || !pathname.startsWith(basePath)) return pathname;
  const rest = pathname.slice(basePath.length);
  return rest === '' ? '/' : rest.startsWith('/') ? rest : pathname;
}

/** Route: the operation and the request's parts, or 400 (target, query key), 414, 404, 405, 413. */
function route<Auth>(s: RouterState<Auth>, request: RouterRequest): Parts | RouterResponse {
  const target = splitTarget(request.url);
  if (target === undefined) {
    const message = 'The request target is not a valid URL';
    return errorResponse(400, [violation('request.invalid-url', message, 'RFC 9112 §3.2')]);
  }
  const pathname = stripBase(s.basePath, target.pathname);
  const match = s.routes.match(request.method, pathname);
  if (match.kind === 'too-long') {
    const message = `The path exceeds ${match.limit} characters`;
    const source = 'RFC 9110 §15.5.15 414 URI Too Long';
    return errorResponse(414, [violation('request.path-too-long', message, source, '', 'params')]);
  }
  if (match.kind === 'not-found') {
    return errorResponse(404, [violation('request.unknown-path', `No operation at ${pathname}`, 'OpenAPI paths')]);
  }
  if (match.kind === 'method-not-allowed') {
    const allow = match.allow.join(', ');
    const message = `${request.method.toUpperCase()} is not allowed here; use ${allow}`;
    return errorResponse(405, [violation('request.method-not-allowed', message, 'OpenAPI paths')], { allow });
  }
  const op = match.value;
  if (exceedsLimit(request.body, s.bodyLimit)) {
    const message = `The body exceeds ${s.bodyLimit} bytes`;
    return errorResponse(413, [violation('request.body-too-large', message, 'server limit')]);
  }
  const headers = lowerHeaders(request.headers);
  const rawQuery = target.search === '' ? {} : parseQuery(new URLSearchParams(target.search), op.protoQuery);
  if (!rawQuery) {
    const message = 'The query contains a key that could poison prototypes';
    return errorResponse(400, [violation('request.forbidden-key', message, 'server', '/__proto__', 'query')]);
  }
  return { op, request, headers, rawQuery, pathParams: match.rawParams };
}

/** Authenticate: the authenticator's outcome (a promise only when it returned one), or a 500 when it threw. */
function authenticate<Auth>(s: RouterState<Auth>, parts: Parts): Answer {
  const { op } = parts;
  let answer: AuthenticateResult<Auth> | Promise<AuthenticateResult<Auth>> = { ok: false, status: 401 };
  try {
    const authenticator = s.options.authenticate;
    if (authenticator) {
      const { headers, rawQuery: query } = parts;
      const { id: operationId, security } = op.meta;
      answer = authenticator({ operationId, security, schemes: s.schemes, headers, query });
    }
  } catch (error) {
    report(s, error, { operationId: op.meta.id, phase: 'authenticate' });
    return internalError();
  }
  if (!isPromiseLike(answer)) return afterAuth(s, parts, answer);
  return Promise.resolve(answer).then(
    (outcome) => afterAuth(s, parts, outcome),
    (error: unknown) => {
      report(s, error, { operationId: op.meta.id, phase: 'authenticate' });
      return internalError();
    },
  );
}

/** Authorize: the 401 or 403 of a refused authentication. */
function refusal(outcome: AuthenticateResult<unknown> & { ok: false }): RouterResponse {
  const status = outcome.status ?? 401;
  const challenge = outcome.challenge || status === 401 ? (outcome.challenge ?? 'Bearer') : undefined;
  const extra: Record<string, string> = challenge === undefined ? {} : { 'www-authenticate': challenge };
  const text = status === 403 ? 'Not allowed' : 'Authentication required';
  const rule = status === 403 ? 'security.forbidden' : 'security.unauthenticated';
  const source = 'OpenAPI 3.1 §4.8.30 Security Requirement';
  return errorResponse(status, [violation(rule, outcome.message ?? text, source)], extra);
}

/** Read the body: the parsed value, or 415 (media type) / 400 (unreadable, missing when required). */
type BodyRead = { ok: true; value: unknown } | { ok: false; response: RouterResponse };

function readBody<Auth>(s: RouterState<Auth>, parts: Parts): BodyRead {
  const { op, request } = parts;
  if (!op.meta.requestBody || isEmptyBody(request.body)) {
    if (!op.meta.requestBody?.required) return NO_BODY;
    const message = 'This operation needs a request body';
    const missing = violation('request.body-required', message, 'OpenAPI requestBody', '', 'body');
    return { ok: false, response: errorResponse(400, [missing]) };
  }
  const mediaType = mediaTypeOf(parts.headers['content-type']);
  if (!mediaType || !acceptsMediaType(op.meta.requestBody.contentTypes, mediaType)) {
    const message = op.unsupportedMediaMessage;
    const unsupported = violation('request.unsupported-media-type', message, 'OpenAPI requestBody', '', 'headers');
    return { ok: false, response: errorResponse(415, [unsupported]) };
  }
  let parsed: ParsedBody;
  try {
    parsed = parseBody(request.body as Uint8Array | string, mediaType, s.maxJsonDepth, s.exactNumbers);
  } catch (error) {
    // Whatever the parse stage throws is about the body the client sent: a 400, never a 500.
    const detail = error instanceof RangeError ? 'it is too large or too deeply nested' : 'it could not be read';
    const message = `The body was not parsed: ${detail}`;
    parsed = { ok: false, status: 400, rule: 'request.unparseable-body', message, pointer: '' };
  }
  if (parsed.ok) return parsed;
  const unreadable = violation(parsed.rule, parsed.message, 'server', parsed.pointer, 'body');
  return { ok: false, response: errorResponse(400, [unreadable]) };
}

/** Read the parameters and validate the request: what the handler gets, or 400 (or 500 when a validator threw). */
function readRequest<Auth>(s: RouterState<Auth>, parts: Parts, body: unknown): RequestParams | RouterResponse {
  const id = parts.op.meta.id;
  const read = readRequestParams(parts.op.params, parts.pathParams, parts.rawQuery, parts.headers);
  if (read.malformed !== undefined) return errorResponse(400, read.malformed);
  const { params, query, cookies } = read;
  if (s.validateRequests && s.validators.validateRequest) {
    let checked: ReturnType<NonNullable<Validators['validateRequest']>>;
    try {
      checked = s.validators.validateRequest(id, { params, query, headers: read.headers, cookies, body });
    } catch (error) {
      report(s, error, { operationId: id, phase: 'request-validation' });
      return internalError();
    }
    if (!checked.valid) return errorResponse(400, checked.violations);
  }
  return read;
}

/** After authentication (`outcome` undefined: the operation needs none): authorize, read, validate, call. */
function afterAuth<Auth>(s: RouterState<Auth>, parts: Parts, outcome: AuthenticateResult<Auth> | undefined): Answer {
  if (outcome !== undefined && !outcome.ok) return refusal(outcome);
  const body = readBody(s, parts);
  if (!body.ok) return body.response;
  const read = readRequest(s, parts, body.value);
  if (isResponse(read)) return read;
  return callHandler(s, parts, read, body.value, outcome?.ok ? outcome.principal : undefined);
}

function isResponse(v: RequestParams | RouterResponse): v is RouterResponse {
  return 'status' in v;
}

/** Call the handler: its answer (a promise only when it returned one), 501 without one, 500 when it threw. */
function callHandler<Auth>(s: RouterState<Auth>, parts: Parts, read: RequestParams, body: unknown, auth?: Auth) {
  const { op, headers } = parts;
  const id = op.meta.id;
  // An operation named `toString` or `valueOf` without a handler must not run Object.prototype's.
  const found = s.handlers[id];
  const handler = found === (Object.prototype as Record<string, unknown>)[id] ? undefined : found;
  let result: unknown;
  try {
    if (!handler) result = notImplemented(id);
    else {
      const { params, query, cookies } = read;
      result = handler({ operationId: id, params, query, headers, cookies: cookies ?? {}, body, auth });
    }
  } catch (error) {
    report(s, error, { operationId: id, phase: 'handler' });
    return internalError();
  }
  if (!isPromiseLike(result)) return answer(s, op, result as HandlerResult);
  return Promise.resolve(result).then(
    (r) => answer(s, op, r as HandlerResult),
    (error: unknown) => {
      report(s, error, { operationId: id, phase: 'handler' });
      return internalError();
    },
  );
}

/** Answer: the handler's result on the wire, checked against the document when asked to. */
function answer<Auth>(s: RouterState<Auth>, op: CompiledOperation, result: HandlerResult): RouterResponse {
  const id = op.meta.id;
  let response: RouterResponse;
  try {
    response = serialize(result);
  } catch (error) {
    report(s, error, { operationId: id, phase: 'handler' });
    return internalError();
  }
  if (s.options.validateResponses && s.validators.validateResponse) {
    let outcome: ReturnType<NonNullable<Validators['validateResponse']>>;
    try {
      const mediaType = mediaTypeOf(response.headers['content-type']);
      outcome = s.validators.validateResponse(id, response.status, mediaType, result.body);
    } catch (error) {
      outcome = { valid: false, violations: [], notChecked: [] };
      report(s, error, { operationId: id, phase: 'response-validation' });
    }
    if (!outcome.valid) {
      const context: ErrorContext = { operationId: id, phase: 'response-validation' };
      if (outcome.violations.length > 0) report(s, outcome.violations, context);
      const message = 'The handler produced a response that breaks the document';
      return errorResponse(500, [violation('server.invalid-response', message, 'server')]);
    }
  }
  return response;
}

export function createRouterCore<H, Auth = unknown>(
  meta: ServerMeta,
  options: RouterOptions<H, Auth>,
  generated: Validators = {},
): Router & { bodyLimit: number; handleEager: EagerHandle } {
  const s = compileState(meta, options, generated);

  /** Everything up to the handler's answer; a promise only where an authenticator or handler
   * returned one, so a synchronous operation costs no promise and no microtask. */
  function handleEager(request: RouterRequest): Answer {
    const parts = route(s, request);
    if (!('op' in parts)) return parts;
    return parts.op.needsAuth ? authenticate(s, parts) : afterAuth(s, parts, undefined);
  }

  async function handle(request: RouterRequest): Promise<RouterResponse> {
    return handleEager(request);
  }

  return { handle, handleEager, bodyLimit: s.bodyLimit };
}
