/**
 * The hosted checkout under <base>/_sandbox/hosted/ (seed §Hosted payment session: "a secure,
 * time-limited session URL for embedding in an app or website"). No Bearer token anywhere here:
 * a browser iframe cannot send one; the unguessable session id is the credential, and the forms
 * carry a per-session CSRF token (sandbox/hosted/csrf.ts).
 *
 *   GET  {id}                    the page (404 unknown, 410 expired unless paid)
 *   POST {id}/pay, {id}/abandon  form posts: 303 back to the page, or JSON for the script
 *   GET  {id}/status             what the script polls
 *   GET  assets/checkout.js|css  the page's only script and stylesheet
 */
import type { SandboxContext } from '../context.js';
import { fail, type SandboxResponse } from '../http/responses.js';
import { abandon, pay, sessionClock, sessionStatus } from '../hosted/actions.js';
import { CHECKOUT_CSS, CHECKOUT_JS } from '../hosted/checkout-script.js';
import { checkCsrf, csrfToken } from '../hosted/csrf.js';
import { pageHeaders, resourceHeaders } from '../hosted/headers.js';
import { checkoutPage, messagePage } from '../hosted/page.js';
import type { SessionRecord } from '../types.js';

export const HOSTED_PREFIX = '/_sandbox/hosted/';
const ASSETS = `${HOSTED_PREFIX}assets/`;

export interface HostedRequest {
  method: string;
  /** The path after /_sandbox/hosted/, still percent-encoded. */
  rest: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export async function hostedPage(ctx: SandboxContext, r: HostedRequest): Promise<SandboxResponse> {
  if (r.rest === 'assets/checkout.js') return asset(r.method, CHECKOUT_JS, 'text/javascript; charset=utf-8');
  if (r.rest === 'assets/checkout.css') return asset(r.method, CHECKOUT_CSS, 'text/css; charset=utf-8');
  const [rawId = '', action = '', ...extra] = r.rest.split('/');
  const sessionId = decodeSafe(rawId);
  const s = ctx.store.sessions.get(sessionId);
  const wantsJson = accepts(r.headers.accept, 'application/json');
  if (s === undefined || extra.length > 0)
    return message(404, [], 'Session not found', 'No such payment session.', wantsJson);
  const allowed = ACTIONS[action];
  if (allowed === undefined) return message(404, s.allowed_origins, 'Not found', 'No such page.', wantsJson);
  if (r.method !== allowed && !(allowed === 'GET' && r.method === 'HEAD'))
    return { ...fail(405, 'request.method-not-allowed', `use ${allowed}`), headers: { allow: allowed } };
  // A paid session stays viewable after expiry: the payer may still follow its payment.
  if (sessionClock(ctx, s).now() >= s.expiresAtMs && s.payment_id === undefined) {
    return message(
      410,
      s.allowed_origins,
      'Session expired',
      'This payment session has expired; ask the merchant for a new one.',
      wantsJson,
    );
  }
  const pagePath = `${HOSTED_PREFIX}${encodeURIComponent(s.session_id)}`;
  if (action === 'status')
    return {
      status: 200,
      body: JSON.stringify(sessionStatus(ctx, s)),
      headers: resourceHeaders('application/json', 'no-store'),
    };
  if (action === '') return page(ctx, s, pagePath);

  const token = new URLSearchParams(r.body.toString('utf8')).get('csrf_token');
  const verdict = checkCsrf(ctx, { sessionId: s.session_id, token, headers: r.headers });
  if (!verdict.ok)
    return message(
      403,
      s.allowed_origins,
      'Request refused',
      `${verdict.reason}; reload the checkout page and try again.`,
      wantsJson,
      'hosted.csrf',
    );
  const done = action === 'pay' ? await pay(ctx, s) : abandon(ctx, s);
  if (wantsJson)
    return {
      status: done.status,
      body: JSON.stringify(done.body),
      headers: resourceHeaders('application/json', 'no-store'),
    };
  if (done.status === 410)
    return message(
      410,
      s.allowed_origins,
      'Session expired',
      'This payment session has expired; ask the merchant for a new one.',
      false,
    );
  // A refused payment (e.g. a rule of the payment request) is shown on the page itself.
  if (done.status >= 400 && done.status !== 409) return page(ctx, s, pagePath, done.status, errorMessage(done.body));
  // POST/redirect/GET: the page then shows the payment's status.
  return { status: 303, body: '', headers: { location: pagePath, 'cache-control': 'no-store' } };
}

const ACTIONS: Record<string, string> = { '': 'GET', status: 'GET', pay: 'POST', abandon: 'POST' };

function page(ctx: SandboxContext, s: SessionRecord, pagePath: string, status = 200, notice?: string): SandboxResponse {
  const payment = s.payment_id ? ctx.store.payments.get(s.payment_id) : undefined;
  const html = checkoutPage({
    session: s,
    payment,
    now: sessionClock(ctx, s).now(),
    pagePath,
    assetsPath: ASSETS,
    csrfToken: csrfToken(ctx, s.session_id),
    notice,
  });
  return { status, body: html, headers: pageHeaders(s.allowed_origins) };
}

function errorMessage(body: unknown): string {
  const first = (body as { errors?: Array<{ message?: unknown }> } | undefined)?.errors?.[0]?.message;
  return `The payment was refused: ${typeof first === 'string' ? first : 'unknown reason'}.`;
}

/** An HTML page for browsers, the API's error body for the script. The allowed origins may still
 * frame it, so an embedded expired session shows why instead of a blocked frame. */
function message(
  status: number,
  origins: readonly string[],
  title: string,
  text: string,
  json: boolean,
  rule = `hosted.${status}`,
): SandboxResponse {
  if (json)
    return {
      ...fail(status, rule, text, '/session_id', 'Hosted payment session'),
      headers: resourceHeaders('application/json', 'no-store'),
    };
  return { status, body: messagePage(title, text, ASSETS), headers: pageHeaders(origins) };
}

function asset(method: string, text: string, contentType: string): SandboxResponse {
  if (method !== 'GET' && method !== 'HEAD')
    return { ...fail(405, 'request.method-not-allowed', 'use GET'), headers: { allow: 'GET' } };
  return { status: 200, body: text, headers: resourceHeaders(contentType, 'public, max-age=300') };
}

function accepts(header: string | string[] | undefined, type: string): boolean {
  const v = Array.isArray(header) ? header.join(',') : (header ?? '');
  return v.includes(type);
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return '';
  }
}
