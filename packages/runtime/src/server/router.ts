/**
 * The framework-neutral router behind the generated `createRouter()`. Order of checks, each
 * answering with `{ errors: RuleViolation[] }`: route (414 past the path limit, 404, 405 + Allow) → body size (413) →
 * security (401/403, before anything about the body is revealed) → media type (415) → parse
 * (400; nesting depth, malformed JSON, poisoning keys) → request validation (400) → handler (501
 * when missing, 500 on exceptions, no stack). Everything per operation is compiled once, in
 * createRouterCore; `handle` is on the mock's hot path and allocates only what it hands on.
 */
import type { RuleViolation } from '../rule-types.js';
import { isPromiseLike } from '../maybe-promise.js';
import { acceptsMediaType, DEFAULT_BODY_LIMIT, mediaTypeOf, parseBody, type ParsedBody } from './body.js';
import { readRequestParams, type RequestParamMetas } from './coerce.js';
import { notImplemented } from './not-implemented.js';
import { exceedsLimit, IGNORED_HEADER_PARAMS, isEmptyBody, lowerHeaders, parseQuery } from './request-parts.js';
import { compileRoutes } from './route-table.js';
import { serialize, errorResponse } from './respond.js';
import { splitTarget } from './target.js';
import type { RouterOptions, RouterPhase, ServerMeta, ServerOperationMeta, Validators } from './router-options.js';
import { DEFAULT_MAX_JSON_DEPTH } from './safe-json.js';
import type { AuthenticateResult, EagerHandle, Router, RouterRequest, RouterResponse } from './types.js';

export type { RouterOptions, RouterPhase, ServerMeta, ServerOperationMeta, Validators } from './router-options.js';

type AnyHandler = (request: unknown) => unknown;
type HandlerResult = { status: number; body?: unknown; contentType?: string; headers?: Record<string, string> };

const violation = (rule: string, message: string, source: string, pointer = '', part?: RuleViolation['in']): RuleViolation => ({
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
      header: meta.params.filter((p) => p.in === 'header' && !IGNORED_HEADER_PARAMS.has(p.name.toLowerCase())).map((p) => ({ ...p, name: p.name.toLowerCase() })),
      cookie: meta.params.filter((p) => p.in === 'cookie'),
    },
    needsAuth: meta.security.length > 0 && !meta.security.some((alt) => alt.length === 0),
    unsupportedMediaMessage: `Send the body as ${(meta.requestBody?.contentTypes ?? []).join(' or ')}`,
    protoQuery: meta.params.some((p) => p.in === 'query' && p.name === '__proto__'),
  };
}

const internalError = () => errorResponse(500, [violation('server.internal', 'Internal server error', 'server')]);

export function createRouterCore<H, Auth = unknown>(
  meta: ServerMeta,
  options: RouterOptions<H, Auth>,
  generated: Validators = {},
): Router & { bodyLimit: number; handleEager: EagerHandle } {
  const operations = meta.operations.map(compileOperation);
  // Aliases after every documented path: where both could match, the documented route wins.
  const routes = compileRoutes(
    [
      ...operations.map((op) => ({ method: op.meta.method, path: op.meta.path, value: op })),
      ...operations.flatMap((op) => (op.meta.aliases ?? []).map((path) => ({ method: op.meta.method, path, value: op }))),
    ],
    { maxPathLength: options.maxPathLength },
  );
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const maxJsonDepth = options.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH;
  const validators = options.validators ?? generated;
  const validateRequests = options.validateRequests ?? true;
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const handlers = options.handlers as Record<string, AnyHandler | undefined>;
  const report = (error: unknown, context: { operationId?: string; phase: RouterPhase }) => {
    try {
      options.onError?.(error, context);
    } catch {
      // A failing error hook must not turn into a second failure.
    }
  };
  const stripBase = (pathname: string): string => {
    if (!basePath || !pathname.startsWith(basePath)) return pathname;
    const rest = pathname.slice(basePath.length);
    return rest === '' ? '/' : rest.startsWith('/') ? rest : pathname;
  };

  /** 415 or 400 as a ready response, or the parsed value. */
  function readBody(op: CompiledOperation, request: RouterRequest, contentType: string | undefined): { ok: true; value: unknown } | { ok: false; response: RouterResponse } {
    const mediaType = mediaTypeOf(contentType);
    if (!mediaType || !acceptsMediaType(op.meta.requestBody?.contentTypes ?? [], mediaType)) {
      return { ok: false, response: errorResponse(415, [violation('request.unsupported-media-type', op.unsupportedMediaMessage, 'OpenAPI requestBody', '', 'headers')]) };
    }
    let parsed: ParsedBody;
    try {
      parsed = parseBody(request.body as Uint8Array | string, mediaType, maxJsonDepth);
    } catch (error) {
      // Whatever the parse stage throws is about the body the client sent: a 400, never a 500.
      const detail = error instanceof RangeError ? 'it is too large or too deeply nested' : 'it could not be read';
      parsed = { ok: false, status: 400, rule: 'request.unparseable-body', message: `The body was not parsed: ${detail}`, pointer: '' };
    }
    if (parsed.ok) return parsed;
    return { ok: false, response: errorResponse(400, [violation(parsed.rule, parsed.message, 'server', parsed.pointer, 'body')]) };
  }

  /** Everything up to the handler's answer; a promise only where an authenticator or handler
   * returned one, so a synchronous operation costs no promise and no microtask. */
  function handleEager(request: RouterRequest): RouterResponse | Promise<RouterResponse> {
    const target = splitTarget(request.url);
    if (target === undefined) return errorResponse(400, [violation('request.invalid-url', 'The request target is not a valid URL', 'RFC 9112 §3.2')]);
    const pathname = stripBase(target.pathname);
    const match = routes.match(request.method, pathname);
    if (match.kind === 'too-long') {
      return errorResponse(414, [violation('request.path-too-long', `The path exceeds ${match.limit} characters`, 'RFC 9110 §15.5.15 414 URI Too Long', '', 'params')]);
    }
    if (match.kind === 'not-found') return errorResponse(404, [violation('request.unknown-path', `No operation at ${pathname}`, 'OpenAPI paths')]);
    if (match.kind === 'method-not-allowed') {
      return errorResponse(405, [violation('request.method-not-allowed', `${request.method.toUpperCase()} is not allowed here; use ${match.allow.join(', ')}`, 'OpenAPI paths')], {
        allow: match.allow.join(', '),
      });
    }
    const op = match.value;
    if (exceedsLimit(request.body, bodyLimit)) {
      return errorResponse(413, [violation('request.body-too-large', `The body exceeds ${bodyLimit} bytes`, 'server limit')]);
    }
    const headers = lowerHeaders(request.headers);
    const rawQuery = target.search === '' ? {} : parseQuery(new URLSearchParams(target.search), op.protoQuery);
    if (!rawQuery) return errorResponse(400, [violation('request.forbidden-key', 'The query contains a key that could poison prototypes', 'server', '/__proto__', 'query')]);
    const parts: Parts = { op, request, headers, rawQuery, pathParams: match.rawParams };
    if (!op.needsAuth) return afterAuth(parts, undefined);
    let answer: AuthenticateResult<Auth> | Promise<AuthenticateResult<Auth>> = { ok: false, status: 401 };
    try {
      if (options.authenticate) answer = options.authenticate({ operationId: op.meta.id, security: op.meta.security, schemes: meta.schemes, headers, query: rawQuery });
    } catch (error) {
      report(error, { operationId: op.meta.id, phase: 'authenticate' });
      return internalError();
    }
    if (!isPromiseLike(answer)) return afterAuth(parts, answer);
    return Promise.resolve(answer).then(
      (outcome) => afterAuth(parts, outcome),
      (error: unknown) => {
        report(error, { operationId: op.meta.id, phase: 'authenticate' });
        return internalError();
      },
    );
  }

  /** Authorization outcome → body → parameters → validation → handler. `outcome` undefined: the
   * operation needs no authentication. */
  function afterAuth(parts: Parts, outcome: AuthenticateResult<Auth> | undefined): RouterResponse | Promise<RouterResponse> {
    const { op, request, headers } = parts;
    const id = op.meta.id;
    let principal: Auth | undefined;
    if (outcome !== undefined) {
      if (!outcome.ok) {
        const status = outcome.status ?? 401;
        const extra: Record<string, string> = outcome.challenge || status === 401 ? { 'www-authenticate': outcome.challenge ?? 'Bearer' } : {};
        const text = status === 403 ? 'Not allowed' : 'Authentication required';
        return errorResponse(
          status,
          [violation(status === 403 ? 'security.forbidden' : 'security.unauthenticated', outcome.message ?? text, 'OpenAPI 3.1 §4.8.30 Security Requirement')],
          extra,
        );
      }
      principal = (outcome as { principal?: Auth }).principal;
    }

    let body: unknown;
    if (op.meta.requestBody && !isEmptyBody(request.body)) {
      const parsed = readBody(op, request, headers['content-type']);
      if (!parsed.ok) return parsed.response;
      body = parsed.value;
    } else if (op.meta.requestBody?.required) {
      return errorResponse(400, [violation('request.body-required', 'This operation needs a request body', 'OpenAPI requestBody', '', 'body')]);
    }

    const read = readRequestParams(op.params, parts.pathParams, parts.rawQuery, headers);
    if (read.malformed !== undefined) return errorResponse(400, read.malformed);
    const { params, query, cookies } = read;
    if (validateRequests && validators.validateRequest) {
      let checked: ReturnType<NonNullable<Validators['validateRequest']>>;
      try {
        checked = validators.validateRequest(id, { params, query, headers: read.headers, cookies, body });
      } catch (error) {
        report(error, { operationId: id, phase: 'request-validation' });
        return internalError();
      }
      if (!checked.valid) return errorResponse(400, checked.violations);
    }

    // An operation named `toString` or `valueOf` without a handler must not run Object.prototype's.
    const found = handlers[id];
    const handler = found === (Object.prototype as Record<string, unknown>)[id] ? undefined : found;
    let result: unknown;
    try {
      result = handler ? handler({ operationId: id, params, query, headers, cookies: cookies ?? {}, body, auth: principal }) : notImplemented(id);
    } catch (error) {
      report(error, { operationId: id, phase: 'handler' });
      return internalError();
    }
    if (!isPromiseLike(result)) return finish(op, result as HandlerResult);
    return Promise.resolve(result).then(
      (r) => finish(op, r as HandlerResult),
      (error: unknown) => {
        report(error, { operationId: id, phase: 'handler' });
        return internalError();
      },
    );
  }

  /** The handler's result on the wire, checked against the document when asked to. */
  function finish(op: CompiledOperation, result: HandlerResult): RouterResponse {
    const id = op.meta.id;
    let response: RouterResponse;
    try {
      response = serialize(result);
    } catch (error) {
      report(error, { operationId: id, phase: 'handler' });
      return internalError();
    }
    if (options.validateResponses && validators.validateResponse) {
      let outcome: ReturnType<NonNullable<Validators['validateResponse']>>;
      try {
        outcome = validators.validateResponse(id, response.status, mediaTypeOf(response.headers['content-type']), result.body);
      } catch (error) {
        outcome = { valid: false, violations: [], notChecked: [] };
        report(error, { operationId: id, phase: 'response-validation' });
      }
      if (!outcome.valid) {
        if (outcome.violations.length > 0) report(outcome.violations, { operationId: id, phase: 'response-validation' });
        return errorResponse(500, [violation('server.invalid-response', 'The handler produced a response that breaks the document', 'server')]);
      }
    }
    return response;
  }

  async function handle(request: RouterRequest): Promise<RouterResponse> {
    return handleEager(request);
  }

  return { handle, handleEager, bodyLimit };
}
