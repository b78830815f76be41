/**
 * The mock's node:http front: reads the body (size-limited), serves the hosted session page,
 * sends /_sandbox/ requests to the control API (Bearer-authenticated, tenant-scoped) and
 * everything else to the generated router. Any unexpected error is a 500 with the error body,
 * never a crash.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { authenticate, isAuthInfo } from '../auth.js';
import type { MockContext } from '../context.js';
import { createWriteBatch, isPromiseLike, type EagerHandle, type Router, type WriteBatch } from '../generated-api.js';
import { hostedPage } from '../control-api/hosted-page.js';
import { SANDBOX_PREFIX } from '../control-api/index.js';
import { BodyTooLarge, parseBody, parseQuery, readBody } from './body.js';
import { fail, type MockHandler, type MockResponse } from './responses.js';
import type { RouteTable } from './route-table.js';

export interface FrontOptions {
  ctx: MockContext;
  sandbox: RouteTable<MockHandler>;
  router: Router & { handleEager: EagerHandle };
  /** Serve only the token endpoint (the separate auth origin). */
  authOnly?: boolean;
}

const HOSTED = `${SANDBOX_PREFIX}hosted/`;
const TOKEN_PATH = '/auth/oauth/v2/token';

/** A plain answer: the router's (body already serialized) or the mock's own. */
type Answer = { status: number; headers?: Record<string, string>; body?: unknown };

export function createFront(o: FrontOptions): Server {
  const limit = o.ctx.options.bodyLimitBytes;
  const batch = createWriteBatch();
  const send = (res: ServerResponse, r: Answer): void => sendAnswer(res, r, batch);
  const server = createServer((req, res) => {
    readBody(req, limit, (error, raw) => {
      if (error instanceof BodyTooLarge) return send(res, { ...fail(413, 'request.body-too-large', `the request body exceeds ${limit} bytes`), headers: { connection: 'close' } });
      if (error) return send(res, fail(400, 'request.aborted', 'the request body could not be read'));
      // No promise when the answer is synchronous (every API call on the mock's own store): one
      // promise and microtask fewer per request (issue 5, item 8).
      let answer: Answer | Promise<Answer>;
      try {
        answer = route(o, req, raw);
      } catch {
        answer = INTERNAL;
      }
      if (isPromiseLike(answer))
        answer.then(
          (r) => send(res, r),
          () => send(res, INTERNAL),
        );
      else send(res, answer);
    });
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
  });
  return server;
}

const INTERNAL: Answer = fail(500, 'mock.internal', 'internal error in the mock');

function route(o: FrontOptions, req: IncomingMessage, raw: Buffer): Answer | Promise<Answer> {
  const pathname = pathOf(req.url ?? '/');
  if (pathname === undefined) return fail(400, 'request.url', 'the request URL cannot be parsed');
  const method = (req.method ?? 'GET').toUpperCase();
  if (o.authOnly && pathname !== TOKEN_PATH) return fail(404, 'request.unknown-path', 'this origin serves only the token endpoint');
  if (pathname.startsWith(HOSTED)) return hostedPage(o.ctx, { method, rest: pathname.slice(HOSTED.length), headers: req.headers, body: raw });
  if (pathname.startsWith(SANDBOX_PREFIX)) return sandbox(o, req, pathname, method, raw);
  // The nesting limit of API bodies is the generated router's own (maxJsonDepth, 400
  // request.too-deep), checked on the text before anything recursive sees it.
  return o.router.handleEager({ method, url: req.url ?? '/', headers: req.headers, body: raw.length > 0 ? raw : undefined });
}

function sandbox(o: FrontOptions, req: IncomingMessage, pathname: string, method: string, raw: Buffer): MockResponse | Promise<MockResponse> {
  const url = new URL(req.url ?? '/', 'http://mock.invalid');
  const who = authenticate(o.ctx.store, req.headers, false);
  if (!isAuthInfo(who)) return who;
  const m = o.sandbox.match(method, pathname);
  if (m === 'no-path') return fail(404, 'request.unknown-path', `no sandbox endpoint at ${pathname}`);
  if ('allowed' in m) return { ...fail(405, 'request.method-not-allowed', `use ${m.allowed.join(', ')}`), headers: { allow: m.allowed.join(', ') } };
  const body = parseBody(raw, req.headers['content-type'], ['application/json'], o.ctx.options.maxJsonDepth);
  if (!body.ok) return body.response;
  return m.handler({ params: m.params, query: parseQuery(url.searchParams), body: body.value, auth: who });
}

/** A plain origin-form target (letters, digits, `_-~/` and a query) is its own pathname; anything
 * else (dot segments, percent-escapes, backslashes...) goes through the WHATWG parser, which
 * normalizes it. The parser was ~3% of the mock's time per request (issue 5, item 8). */
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
