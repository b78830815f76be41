/**
 * The framework-neutral router behind the generated `createRouter()`. Order of checks, each
 * answering with `{ errors: RuleViolation[] }`: route (404, 405 + Allow) → body size (413) →
 * security (401/403, before anything about the body is revealed) → media type (415) → parse
 * (400) → request validation (400) → handler (501 when missing, 500 on exceptions, no stack).
 */
import type { RuleViolation, ValidationOutcome } from '../rule-types.js';
import { acceptsMediaType, byteLength, DEFAULT_BODY_LIMIT, mediaTypeOf, parseBody } from './body.js';
import { coerceParams, type ParamMeta } from './coerce.js';
import { notImplemented } from './not-implemented.js';
import { compileRoutes } from './route-table.js';
import { serialize, errorResponse } from './respond.js';
import type { AuthenticateInput, Authenticator, Router, RouterRequest, RouterResponse } from './types.js';

export interface ServerOperationMeta {
  id: string;
  method: string;
  path: string;
  security: string[][];
  requestBody?: { required: boolean; contentTypes: string[] };
  params: ParamMeta[];
}

export interface ServerMeta {
  operations: ServerOperationMeta[];
  schemes: AuthenticateInput['schemes'];
}

export interface Validators {
  validateRequest?(operationId: string, request: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown }): ValidationOutcome;
  validateResponse?(operationId: string, status: number, contentType: string | undefined, body: unknown): ValidationOutcome;
}

export interface RouterOptions<H> {
  /** One handler per operation id; a missing one answers 501. */
  handlers: Partial<H>;
  /** Checks credentials of operations that have security. Without it such operations answer 401. */
  authenticate?: Authenticator;
  /** Validate requests with the generated validators. Default: true. */
  validateRequests?: boolean;
  /** Validate handler answers; an invalid one becomes a 500 and is passed to onError. Default: false. */
  validateResponses?: boolean;
  /** Largest accepted body in bytes (413 beyond). Default: 1 MiB. */
  bodyLimit?: number;
  /** Path prefix the routes are mounted under (e.g. `/api`). Default: none. */
  basePath?: string;
  /** Called with handler exceptions and invalid responses; its errors are ignored. */
  onError?: (error: unknown, context: { operationId?: string; phase: 'authenticate' | 'handler' | 'response-validation' }) => void;
  /** Replaces the generated validators. */
  validators?: Validators;
}

type AnyHandler = (request: unknown) => unknown;

const violation = (rule: string, message: string, source: string, pointer = '', part?: RuleViolation['in']): RuleViolation => ({ rule, pointer, message, source, ...(part ? { in: part } : {}) });

function lowerHeaders(headers: RouterRequest['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers instanceof Headers) headers.forEach((v, k) => (out[k] = v));
  else for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function parseQuery(search: URLSearchParams): Record<string, string | string[]> | undefined {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of search) {
    if (key === '__proto__') return undefined;
    const prior = out[key];
    out[key] = prior === undefined ? value : Array.isArray(prior) ? [...prior, value] : [prior, value];
  }
  return out;
}

export function createRouterCore<H>(meta: ServerMeta, options: RouterOptions<H>, generated: Validators = {}): Router & { bodyLimit: number } {
  const routes = compileRoutes(meta.operations.map((op) => ({ method: op.method, path: op.path, value: op })));
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const validators = options.validators ?? generated;
  const validateRequests = options.validateRequests ?? true;
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const report = (error: unknown, context: Parameters<NonNullable<RouterOptions<H>['onError']>>[1]) => {
    try {
      options.onError?.(error, context);
    } catch {
      // A failing error hook must not turn into a second failure.
    }
  };

  async function handle(request: RouterRequest): Promise<RouterResponse> {
    // A path is appended to a fixed origin rather than resolved against it: `//host/x` must stay
    // the path `//host/x`, not become a URL for another host.
    let url: URL;
    try {
      url = request.url.startsWith('/') ? new URL(`http://router.invalid${request.url}`) : new URL(request.url);
    } catch {
      return errorResponse(400, [violation('request.invalid-url', 'The request target is not a valid URL', 'RFC 9112 §3.2')]);
    }
    const pathname = basePath && url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) || '/' : url.pathname;
    const match = routes.match(request.method, pathname);
    if (match.kind === 'not-found') return errorResponse(404, [violation('request.unknown-path', `No operation at ${pathname}`, 'OpenAPI paths')]);
    if (match.kind === 'method-not-allowed') {
      return errorResponse(405, [violation('request.method-not-allowed', `${request.method.toUpperCase()} is not allowed here; use ${match.allow.join(', ')}`, 'OpenAPI paths')], { allow: match.allow.join(', ') });
    }
    const op = match.value;
    if (byteLength(request.body) > bodyLimit) {
      return errorResponse(413, [violation('request.body-too-large', `The body exceeds ${bodyLimit} bytes`, 'server limit')]);
    }
    const headers = lowerHeaders(request.headers);
    const rawQuery = parseQuery(url.searchParams);
    if (!rawQuery) return errorResponse(400, [violation('request.forbidden-key', 'The query contains a key that could poison prototypes', 'server', '/__proto__', 'query')]);

    let principal: unknown;
    if (op.security.length > 0 && !op.security.some((alt) => alt.length === 0)) {
      let outcome: Awaited<ReturnType<Authenticator>> = { ok: false, status: 401 };
      try {
        if (options.authenticate) outcome = await options.authenticate({ operationId: op.id, security: op.security, schemes: meta.schemes, headers, query: rawQuery });
      } catch (error) {
        report(error, { operationId: op.id, phase: 'authenticate' });
        return errorResponse(500, [violation('server.internal', 'Internal server error', 'server')]);
      }
      if (!outcome.ok) {
        const status = outcome.status ?? 401;
        const extra: Record<string, string> = outcome.challenge || status === 401 ? { 'www-authenticate': outcome.challenge ?? 'Bearer' } : {};
        const text = status === 403 ? 'Not allowed' : 'Authentication required';
        return errorResponse(status, [violation(status === 403 ? 'security.forbidden' : 'security.unauthenticated', outcome.message ?? text, 'Seed §Authentication')], extra);
      }
      principal = outcome.principal;
    }

    let body: unknown;
    const hasBody = request.body !== undefined && byteLength(request.body) > 0;
    if (op.requestBody && hasBody) {
      const mediaType = mediaTypeOf(headers['content-type']);
      if (!mediaType || !acceptsMediaType(op.requestBody.contentTypes, mediaType)) {
        return errorResponse(415, [violation('request.unsupported-media-type', `Send the body as ${op.requestBody.contentTypes.join(' or ')}`, 'OpenAPI requestBody', '', 'headers')]);
      }
      const parsed = parseBody(request.body as Uint8Array | string, mediaType);
      if (!parsed.ok) return errorResponse(400, [violation(parsed.rule, parsed.message, 'server', parsed.pointer, 'body')]);
      body = parsed.value;
    } else if (op.requestBody?.required) {
      return errorResponse(400, [violation('request.body-required', 'This operation needs a request body', 'OpenAPI requestBody', '', 'body')]);
    }

    const params = coerceParams(match.params, op.params.filter((p) => p.in === 'path'));
    const query = coerceParams(rawQuery, op.params.filter((p) => p.in === 'query'));
    if (validateRequests && validators.validateRequest) {
      const outcome = validators.validateRequest(op.id, { params, query, body });
      if (!outcome.valid) return errorResponse(400, outcome.violations);
    }

    const handler = (options.handlers as Record<string, AnyHandler | undefined>)[op.id];
    let result: { status: number; body?: unknown; contentType?: string; headers?: Record<string, string> };
    try {
      result = (await (handler ? handler({ operationId: op.id, params, query, headers, body, auth: principal }) : notImplemented(op.id))) as typeof result;
    } catch (error) {
      report(error, { operationId: op.id, phase: 'handler' });
      return errorResponse(500, [violation('server.internal', 'Internal server error', 'server')]);
    }
    const response = serialize(result);
    if (options.validateResponses && validators.validateResponse) {
      const outcome = validators.validateResponse(op.id, response.status, mediaTypeOf(response.headers['content-type']), result.body);
      if (!outcome.valid) {
        report(outcome.violations, { operationId: op.id, phase: 'response-validation' });
        return errorResponse(500, [violation('server.invalid-response', 'The handler produced a response that breaks the document', 'server')]);
      }
    }
    return response;
  }

  return { handle, bodyLimit };
}
