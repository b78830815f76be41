/**
 * The hosted session page at <base>/_sandbox/hosted/{session_id}: a minimal HTML page whose
 * Content-Security-Policy frame-ancestors lists the session's allowed_origins ('none' without
 * any), and 410 Gone once the session expired (seed §Hosted payment session: "a secure,
 * time-limited session URL for embedding"). The unguessable session id is the credential here:
 * a browser iframe cannot send a Bearer token.
 */
import type { MockContext } from '../context.js';
import type { MockResponse } from '../http/responses.js';

export function hostedPage(ctx: MockContext, sessionId: string): MockResponse {
  const s = ctx.store.sessions.get(sessionId);
  if (s === undefined) return html(404, 'Session not found', 'No such payment session.');
  if (ctx.store.clockOfCustomer(s.customer_id).now() >= s.expiresAtMs) return html(410, 'Session expired', 'This payment session has expired; ask for a new one.');
  const amount = s.amount ? `${s.amount.value} ${s.amount.currency}` : 'the amount due';
  const res = html(200, 'Pay', `Sandbox payment page. Pay ${amount}.${s.payment_id ? ' A payment was made.' : ''}`);
  const ancestors = s.allowed_origins.length > 0 ? s.allowed_origins.join(' ') : "'none'";
  res.headers!['content-security-policy'] = `frame-ancestors ${ancestors}`;
  return res;
}

function html(status: number, title: string, text: string): MockResponse {
  const body = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`;
  return {
    status,
    body,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "frame-ancestors 'none'", 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' },
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
