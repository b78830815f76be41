/**
 * The mock's node:http front: reads the body (size-limited), serves the hosted session page,
 * sends /_sandbox/ requests to the control API (Bearer-authenticated, tenant-scoped) and
 * everything else to the generated router. Any unexpected error is a 500 with the error body,
 * never a crash, and its cause is logged. The token endpoint is answered here, on the raw form,
 * so that every error is RFC 6749 §5.2's (`error`, `error_description`).
 *
 * Timeouts for an internet-facing server (options.timeouts): a client that has not sent its
 * headers after `headersMs`, or its whole request after `requestMs`, gets 408 and the socket is
 * destroyed; an idle keep-alive socket is closed after `keepAliveMs`; at most `maxIdleConnections`
 * sockets wait without being answered (sockets.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { authenticate, isAuthInfo, tokenEndpoint } from '../auth.js';
import type { SandboxContext } from '../context.js';
import { createWriteBatch, isPromiseLike, type EagerHandle, type Router, type WriteBatch } from '../generated-api.js';
import { hostedPage } from '../control-api/hosted-page.js';
import { SANDBOX_PREFIX } from '../control-api/index.js';
import { BodyTooLarge, parseBody, parseQuery, readBody } from './body.js';
import { handleCors } from './cors.js';
import { fail, type SandboxHandler, type SandboxResponse } from './responses.js';
import type { RequestLog } from './request-log.js';
import { ruleIdsOf } from './request-log.js';
import type { RouteTable } from './route-table.js';
import { guardSockets } from './sockets.js';

export interface FrontOptions {
  ctx: SandboxContext;
  sandbox: RouteTable<SandboxHandler>;
  router: Router & { handleEager: EagerHandle };
  /** Serve only the token endpoint (the separate auth origin). */
  authOnly?: boolean;
  log?: RequestLog;
}

const HOSTED = `${SANDBOX_PREFIX}hosted/`;
const TOKEN_PATH = '/auth/oauth/v2/token';

/** A plain answer: the router's (body already serialized) or the mock's own. */
type Answer = { status: number; headers?: Record<string, string>; body?: unknown };

export function createFront(o: FrontOptions): Server {
  const limit = o.ctx.options.bodyLimitBytes;
  const batch = createWriteBatch();
  const { log } = o;
  const t = o.ctx.options.timeouts;
  const server = createServer(
    {
      headersTimeout: t.headersMs,
      requestTimeout: t.requestMs,
      keepAliveTimeout: t.keepAliveMs,
      // How often Node checks the two timeouts above (default 30 s would let them overrun).
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(t.headersMs / 2))),
    },
    (req, res) => {
      sockets.busy(req.socket);
      // A browser app's preflight is answered before anything else (it carries no credentials).
      if (handleCors(req, res, o.ctx.options.corsOrigins)) {
        sockets.waiting(req.socket);
        return;
      }
      const started = log ? performance.now() : 0;
      const id = log?.nextId();
      const send = (res: ServerResponse, r: Answer): void => {
        if (log && id !== undefined) {
          log.request({
            id,
            method: req.method ?? '?',
            path: pathOf(req.url ?? '/') ?? '(unparsable)',
            status: r.status,
            ms: performance.now() - started,
            rules: r.status >= 400 && r.status < 500 ? ruleIdsOf(r.body) : undefined,
          });
          if (r === INTERNAL) log.cause(id, lastCause.error ?? new Error('unknown'), 'mock front');
        }
        sendAnswer(res, r, batch);
        sockets.waiting(req.socket);
      };
      readBody(req, limit, (error, raw) => {
        if (error instanceof BodyTooLarge)
          return send(res, {
            ...fail(413, 'request.body-too-large', `the request body exceeds ${limit} bytes`),
            headers: { connection: 'close' },
          });
        if (error) return send(res, fail(400, 'request.aborted', 'the request body could not be read'));
        // No promise when the answer is synchronous (every API call on the mock's own store): one
        // promise and microtask fewer per request.
        let answer: Answer | Promise<Answer>;
        try {
          currentRequest.id = id;
          answer = route(o, req, raw);
        } catch (err) {
          lastCause.error = err;
          answer = INTERNAL;
        } finally {
          currentRequest.id = undefined;
        }
        if (isPromiseLike(answer))
          answer.then(
            (r) => send(res, r),
            (err) => {
              lastCause.error = err;
              send(res, INTERNAL);
            },
          );
        else send(res, answer);
      });
    },
  );
  const sockets = guardSockets(server, o.ctx.options.maxIdleConnections);
  return server;
}

const INTERNAL: Answer = fail(500, 'mock.internal', 'internal error in the mock');
/** The cause of the INTERNAL answer being sent (read at once, synchronously, by `send`). */
const lastCause: { error?: unknown } = {};
/** The request being routed synchronously, so the router's onError can name it in the log. */
export const currentRequest: { id?: string } = {};

function route(o: FrontOptions, req: IncomingMessage, raw: Buffer): Answer | Promise<Answer> {
  const pathname = pathOf(req.url ?? '/');
  if (pathname === undefined) return fail(400, 'request.url', 'the request URL cannot be parsed');
  const method = (req.method ?? 'GET').toUpperCase();
  if (o.authOnly && pathname !== TOKEN_PATH)
    return fail(404, 'request.unknown-path', 'this origin serves only the token endpoint');
  if (pathname === TOKEN_PATH && method === 'POST')
    return tokenEndpoint(o.ctx.store, req.headers['content-type'], raw, o.ctx.options.tokenTtlSeconds);
  if (pathname.startsWith(HOSTED))
    return hostedPage(o.ctx, { method, rest: pathname.slice(HOSTED.length), headers: req.headers, body: raw });
  if (pathname.startsWith(SANDBOX_PREFIX)) return sandbox(o, req, pathname, method, raw);
  // The nesting limit of API bodies is the generated router's own (maxJsonDepth, 400
  // request.too-deep), checked on the text before anything recursive sees it.
  return o.router.handleEager({
    method,
    url: req.url ?? '/',
    headers: req.headers,
    body: raw.length > 0 ? raw : undefined,
  });
}

function sandbox(
  o: FrontOptions,
  req: IncomingMessage,
  pathname: string,
  method: string,
  raw: Buffer,
): SandboxResponse | Promise<SandboxResponse> {
  const url = new URL(req.url ?? '/', 'http://mock.invalid');
  const who = authenticate(o.ctx.store, req.headers, false);
  if (!isAuthInfo(who)) return who;
  const m = o.sandbox.match(method, pathname);
  if (m === 'no-path') return fail(404, 'request.unknown-path', `no sandbox endpoint at ${pathname}`);
  if ('allowed' in m)
    return {
      ...fail(405, 'request.method-not-allowed', `use ${m.allowed.join(', ')}`),
      headers: { allow: m.allowed.join(', ') },
    };
  const body = parseBody(raw, req.headers['content-type'], ['application/json'], o.ctx.options.maxJsonDepth);
  if (!body.ok) return body.response;
  return m.handler({ params: m.params, query: parseQuery(url.searchParams), body: body.value, auth: who });
}

/** A plain origin-form target (letters, digits, `_-~/` and a query) is its own pathname; anything
 * else (dot segments, percent-escapes, backslashes...) goes through the WHATWG parser, which
 * normalizes it. The parser was ~3% of the mock's time per request (bench/mock.ts). */
const PLAIN_TARGET = /^\/(?!\/)[A-Za-z0-9_~/-]*(?:\?|$)/;

export function pathOf(target: string): string | undefined {
  const m = PLAIN_TARGET.exec(target);
  if (m !== null) return m[0].endsWith('?') ? m[0].slice(0, -1) : m[0];
  try {
    return new URL(target, 'http://mock.invalid').pathname;
  } catch {
    return undefined;
  }
}

function sendAnswer(res: ServerResponse, r: Answer, batch: WriteBatch): void {
  if (res.headersSent) return;
  // The answer's own headers object is written as is (the router made it for this response);
  // only the mock's plain answers get a fresh one.
  const headers: Record<string, string> = r.headers ?? {};
  let payload: string | Uint8Array = '';
  if (r.body !== undefined) {
    payload = typeof r.body === 'string' || r.body instanceof Uint8Array ? r.body : JSON.stringify(r.body);
    headers['content-type'] ??= 'application/json';
  }
  headers['content-length'] = String(typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength);
  res.writeHead(r.status, headers);
  batch.end(res, payload);
}
