/**
 * Following the redirects of an API call (transport.ts), loaded on the first 3xx answer with a
 * Location: same origin (scheme, host and port) only, with the credentials and, for 307/308,
 * the body; a redirect to another origin is not followed at all (CrossOriginRedirect names the
 * Location). What it needs from the client's first chunk comes as arguments, so that a bundler
 * does not split those modules into a chunk the page would load up front; the error model and
 * the redactor are lazy chunks already.
 */
import type { TransportOptions } from './transport.js';

/** The transport's fetch and log entries (`logs`: the entries and the redactor, logger.ts: URLs
 * as logs and errors may show them), and the call's request. */
export interface RedirectContext extends Pick<TransportOptions, 'fetch' | 'logs'> {
  /** The call's method and body, as first sent. */
  method: string;
  body: Uint8Array<ArrayBuffer> | undefined;
  /** The request to `target`, with the call's credentials. */
  build(target: string, method: string, body: Uint8Array<ArrayBuffer> | undefined): Request;
  operationId: string | undefined;
}

/** The statuses fetch follows (WHATWG Fetch §4.4 "redirect status"). */
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** Fetch's own limit (WHATWG Fetch §4.4 HTTP-redirect fetch, step 5). */
const MAX_REDIRECTS = 20;

export async function followSameOrigin(first: Response, request: Request, ctx: RedirectContext): Promise<Response> {
  // The error model and the redactor load with the loop. Should either fail to load (a page gone
  // offline), the 3xx answer is the result: nothing is sent on.
  const [errors, tools] = await Promise.all([import('./api-error.js'), ctx.logs()]).catch(() => []);
  if (errors === undefined || tools === undefined) return first;
  const url = tools.redactor.url;
  let response = first;
  let method = ctx.method;
  let body = ctx.body;
  for (let hops = 0; ; hops++) {
    if (!REDIRECT_STATUSES.has(response.status)) return response;
    const location = response.headers.get('location');
    if (location === null) return response;
    const from = new URL(request.url);
    const next = new URL(location, from);
    await response.body?.cancel().catch(() => undefined);
    if (next.origin !== from.origin) throw new errors.CrossOriginRedirect(response.status, url(next.href), from.origin);
    if (hops + 1 >= MAX_REDIRECTS) throw new TypeError(`more than ${MAX_REDIRECTS} redirects`);
    // WHATWG Fetch §4.4 step 12: 303 (and 301/302 after a POST) continue as a bodiless GET.
    if (
      response.status === 303
        ? method !== 'HEAD'
        : (response.status === 301 || response.status === 302) && method === 'POST'
    ) {
      method = 'GET';
      body = undefined;
    }
    tools.log?.({
      level: 'debug',
      event: 'redirect',
      method,
      url: url(next.href),
      status: response.status,
      operationId: ctx.operationId,
    });
    request = ctx.build(next.href, method, body);
    response = await ctx.fetch(request);
  }
}
