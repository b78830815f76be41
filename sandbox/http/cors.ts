/**
 * CORS (WHATWG Fetch §3.2) for a browser app that calls the mock from its dev server: a preflight
 * (OPTIONS with Access-Control-Request-Method) is answered 204 with what it asked for, and every
 * answer to an allowed origin carries Access-Control-Allow-Origin. Loopback origins
 * (http://localhost:*, http://127.0.0.1:*, http://[::1]:*) are allowed by default: a dev server
 * on the developer's machine; any other origin only when given (`cbp mock --cors ORIGIN`). No
 * cookies are involved (the API takes a Bearer token or an API key header), so credentials
 * mode is never allowed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CbpError } from '../../lib/errors.js';

const LOOPBACK = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

/** Answers sent to a browser may show these (the rest stay hidden by default). */
const EXPOSED = 'Location, Retry-After, X-Request-Id, Content-Location';

/** The origins given, checked and normalised (scheme://host[:port], no path). */
export function corsOrigins(given: readonly string[]): string[] {
  return given.map((o) => {
    if (o === '*') return o;
    let url: URL;
    try {
      url = new URL(o);
    } catch {
      throw new CbpError('E_USAGE', `--cors ${JSON.stringify(o)} is not an origin (e.g. https://app.example.com)`);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname.length > 1 || url.search)
      throw new CbpError('E_USAGE', `--cors ${JSON.stringify(o)} is not an origin: scheme://host[:port] only`);
    return url.origin;
  });
}

export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  return LOOPBACK.test(origin) || allowed.includes('*') || allowed.includes(origin);
}

/**
 * Adds the CORS headers for an allowed origin; answers a preflight itself. Returns true when the
 * request was answered here (a preflight), false when it goes on to the routes.
 */
export function handleCors(req: IncomingMessage, res: ServerResponse, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
  if (origin === undefined || !originAllowed(origin, allowed)) {
    if (!preflight) return false;
    // A preflight from an origin not allowed: answered without the headers, so the browser refuses.
    res.writeHead(403, { vary: 'Origin', 'content-length': '0' }).end();
    return true;
  }
  res.setHeader('access-control-allow-origin', origin);
  res.setHeader('vary', 'Origin');
  if (!preflight) {
    res.setHeader('access-control-expose-headers', EXPOSED);
    return false;
  }
  const headers: Record<string, string> = {
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
    'access-control-max-age': '600',
    'content-length': '0',
  };
  const asked = req.headers['access-control-request-headers'];
  if (asked) headers['access-control-allow-headers'] = asked;
  res.writeHead(204, headers).end();
  return true;
}
