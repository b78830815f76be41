/**
 * A tiny partner site on 127.0.0.1 (random port) that embeds the hosted checkout in an iframe,
 * the way an app using approach (b) of the seed would ("a secure, time-limited session URL for
 * embedding in an app or website"). Its script accepts messages only from the checkout's
 * origin and forwards each one to this server, so the example can print it.
 *
 *   GET  /            the shop page: the current session's URL in an iframe
 *   GET  /partner.js  its script (a separate file: the page's CSP allows no inline script)
 *   POST /messages    what partner.js received by postMessage
 *   GET  /done        where the checkout's "Back to the merchant" link (return_url) lands
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The checkout's message (sandbox/README.md, "Hosted checkout page"). */
export interface CheckoutMessage {
  type: string;
  session_id: string;
  payment_id?: string;
  status?: string;
}

export interface PartnerPage {
  /** http://127.0.0.1:<port>: the origin to list in the session's allowed_origins. */
  origin: string;
  /** Embed this session URL from now on. */
  show(sessionUrl: string): void;
  /** Every message the page received from the checkout, in order. */
  messages: CheckoutMessage[];
  /** Resolves with the first message that matches (already received or later). */
  waitFor(match: (m: CheckoutMessage) => boolean, timeoutMs: number): Promise<CheckoutMessage>;
  close(): Promise<void>;
}

export async function startPartnerPage(onMessage: (m: CheckoutMessage) => void = () => {}): Promise<PartnerPage> {
  let sessionUrl = '';
  const messages: CheckoutMessage[] = [];
  const waiters = new Set<(m: CheckoutMessage) => void>();
  const server = createServer((req, res) => {
    const send = (status: number, type: string, body: string): void => {
      res
        .writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'content-security-policy': PAGE_CSP })
        .end(body);
    };
    if (req.method === 'GET' && req.url === '/') return send(200, 'text/html; charset=utf-8', shopPage(sessionUrl));
    if (req.method === 'GET' && req.url === '/partner.js')
      return send(200, 'text/javascript; charset=utf-8', PARTNER_JS);
    if (req.method === 'GET' && req.url?.startsWith('/done'))
      return send(
        200,
        'text/html; charset=utf-8',
        '<!doctype html><title>Back at the shop</title><h1>Back at the shop</h1>',
      );
    if (req.method === 'POST' && req.url === '/messages') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const m = parseMessage(Buffer.concat(chunks).toString('utf8'));
        if (m) {
          messages.push(m);
          onMessage(m);
          for (const w of [...waiters]) w(m);
        }
        send(m ? 204 : 400, 'text/plain', '');
      });
      return;
    }
    send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    messages,
    show: (url) => void (sessionUrl = url),
    waitFor(match, timeoutMs) {
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(`no matching message from the checkout within ${timeoutMs} ms (${messages.length} received)`),
          );
        }, timeoutMs);
        const waiter = (m: CheckoutMessage): void => {
          if (!match(m)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(m);
        };
        waiters.add(waiter);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const PAGE_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; frame-src http: https:; style-src 'unsafe-inline'";

function shopPage(sessionUrl: string): string {
  const frame = sessionUrl
    ? `<iframe id="checkout" title="Checkout" src="${escapeAttr(sessionUrl)}" ` +
      `data-checkout-origin="${escapeAttr(new URL(sessionUrl).origin)}"></iframe>`
    : '<p>No session yet.</p>';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" ` +
    `content="width=device-width, initial-scale=1"><title>Example shop</title>
<style>body{margin:0;font:16px system-ui,sans-serif;background:#f3f4f6}` +
    'header{padding:.75rem 1rem;background:#111827;color:#fff;font-weight:600}' +
    'iframe{display:block;width:100%;max-width:32rem;height:640px;margin:1rem auto;border:1px solid #d0d7de;' +
    'border-radius:.5rem;background:#fff}' +
    `#log{max-width:32rem;margin:0 auto 1rem;padding:0 1rem;font:13px ui-monospace,monospace}</style>
<script src="/partner.js" defer></script></head>
<body><header>Example shop: your order</header>${frame}<ol id="log" aria-live="polite"></ol></body></html>`
  );
}

/** Checks event.origin before trusting a message (HTML §9.3.3: the receiver must check it). */
const PARTNER_JS = `'use strict';
(function () {
  var frame = document.getElementById('checkout');
  if (!frame) return;
  var checkoutOrigin = frame.getAttribute('data-checkout-origin');
  window.received = [];
  window.addEventListener('message', function (event) {
    if (event.origin !== checkoutOrigin || event.source !== frame.contentWindow) return;
    var m = event.data;
    if (!m || typeof m.type !== 'string' || m.type.indexOf('cbp.hosted-session.') !== 0) return;
    window.received.push(m);
    var li = document.createElement('li');
    li.textContent = m.type + ' ' + (m.status || '') + ' ' + (m.payment_id || '');
    document.getElementById('log').appendChild(li);
    fetch('/messages', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(m) });
  });
})();
`;

function parseMessage(text: string): CheckoutMessage | undefined {
  try {
    const m = JSON.parse(text) as Partial<CheckoutMessage>;
    if (typeof m.type !== 'string' || typeof m.session_id !== 'string') return undefined;
    const pick = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
    return { type: m.type, session_id: m.session_id, payment_id: pick(m.payment_id), status: pick(m.status) };
  } catch {
    return undefined;
  }
}

function escapeAttr(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
