/**
 * The hosted checkout over HTTP (no browser): the page's content and headers, the Pay and Abandon
 * forms without JavaScript (POST/redirect/GET), their cross-site protection, the status the
 * script polls, expiry, and partner text escaped in the markup. test/browser/ runs it in Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/index.js';
import { call, sandboxOn0, request, token } from '../helpers.js';
import { HOSTILE_NAMES, hostileItems, sessionBody } from './fixtures.js';

let mock: RunningSandbox;
let tok: string;
beforeAll(async () => {
  mock = await sandboxOn0({ sessionTtlSeconds: 600 });
  tok = await token(mock);
});
afterAll(async () => {
  await mock.close();
});

const SHOP = 'http://127.0.0.1:9';
let n = 0;
async function newSession(extra: Record<string, unknown> = {}): Promise<{ id: string; url: string }> {
  const r = await call(mock, tok, 'POST', '/v1/customers/cust-a-1/sessions', sessionBody(`hp-${++n}`, [SHOP], extra));
  expect(r.status).toBe(201);
  return { id: r.body.session_id, url: r.body.session_url };
}
const tokenIn = (html: string): string => /name="csrf_token" value="([^"]+)"/.exec(html)?.[1] ?? '';
const post = (url: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  request(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });

describe('hosted checkout page', () => {
  it(
    'shows amount, items with type and amount, recipients, due ' +
      'date and time left, with labelled Pay and Abandon buttons',
    async () => {
      const s = await newSession({ return_url: `${SHOP}/done?order=1` });
      const page = await request(s.url);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<h1>Pay <span class="total">GBP 1250</span></h1>');
      expect(page.text).toMatch(
        /<td class="item-name">Deposit, flat 4B <span class="ref">dep-4b<\/span><\/td><td>deposit<\/td><td class="num">GBP 1200<\/td>/,
      );
      expect(page.text).toContain('<dt>Recipients</dt><dd>1</dd>');
      expect(page.text).toContain('<dt>Due date</dt><dd>2026-12-31</dd>');
      expect(page.text).toMatch(/<dt>Time left<\/dt><dd><time datetime="[^"]+">9 minutes<\/time><\/dd>/);
      expect(page.text).toContain('<button type="submit" class="pay">Pay GBP 1250</button>');
      expect(page.text).toContain('<button type="submit" class="abandon">Abandon</button>');
      expect(page.text).toContain(
        '<p id="status" role="status" aria-live="polite" data-status="SESSION_CREATED">Not paid yet</p>',
      );
      expect(page.text).toContain(`href="${SHOP}/done?order=1"`);
      expect(page.text).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    },
  );

  it(
    'sends strict headers: CSP without inline script, frame-ancestors ' +
      'from allowed_origins, nosniff, referrer policy, no-store',
    async () => {
      const s = await newSession();
      const h = (await request(s.url)).headers;
      expect(h.get('content-security-policy')).toBe(
        `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; ` +
          `connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors ${SHOP}`,
      );
      expect(h.get('x-content-type-options')).toBe('nosniff');
      expect(h.get('referrer-policy')).toBe('same-origin');
      expect(h.get('cache-control')).toBe('no-store');
      const js = await request(`${mock.baseUrl}/_sandbox/hosted/assets/checkout.js`);
      expect(js.status).toBe(200);
      expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(js.text).not.toContain("'*'");
    },
  );

  it('pays without JavaScript: form POST, 303 back to the page, which shows the payment', async () => {
    const s = await newSession();
    const csrf = tokenIn((await request(s.url)).text);
    const posted = await post(`${s.url}/pay`, { csrf_token: csrf });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`/_sandbox/hosted/${s.id}`);
    const session = mock.store.sessions.get(s.id);
    const paymentId = session?.payment_id ?? '';
    expect(mock.store.payments.get(paymentId)).toMatchObject({
      session_id: s.id,
      status: 'AWAITING_FUNDS',
      via: 'session',
    });
    const after = await request(s.url);
    expect(after.text).toContain(`Payment created: waiting for funds (payment ${paymentId})`);
    expect(after.text).not.toContain('id="pay-form"');
    const status = await request(`${s.url}/status`);
    expect(status.body).toMatchObject({ session_id: s.id, payment_id: paymentId, status: 'AWAITING_FUNDS' });
    // A second Pay from a stale tab lands on the same page and creates nothing more.
    expect((await post(`${s.url}/pay`, { csrf_token: csrf })).headers.get('location')).toBe(`/_sandbox/hosted/${s.id}`);
    expect([...mock.store.payments.values()].filter((p) => p.session_id === s.id)).toHaveLength(1);
  });

  it('answers the script with JSON: the status after Pay and 409 for a second Pay', async () => {
    const s = await newSession();
    const csrf = tokenIn((await request(s.url)).text);
    const paid = await post(`${s.url}/pay`, { csrf_token: csrf }, { accept: 'application/json' });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({
      session_id: s.id,
      status: 'AWAITING_FUNDS',
      payment_id: expect.stringMatching(/^pay_/),
    });
    const again = await post(`${s.url}/pay`, { csrf_token: csrf }, { accept: 'application/json' });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].rule).toBe('session.already-paid');
  });

  it(
    'refuses cross-site form posts: a missing or foreign ' + 'token, another Origin, Sec-Fetch-Site cross-site',
    async () => {
      const s = await newSession();
      const other = await newSession();
      const csrf = tokenIn((await request(s.url)).text);
      const refused = [
        await post(`${s.url}/pay`, {}),
        await post(`${s.url}/pay`, { csrf_token: tokenIn((await request(other.url)).text) }),
        await post(`${s.url}/pay`, { csrf_token: csrf }, { origin: 'https://evil.example' }),
        await post(`${s.url}/pay`, { csrf_token: csrf }, { 'sec-fetch-site': 'cross-site' }),
      ];
      expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403]);
      expect(refused[2].text).toContain('the request came from another origin');
      expect(mock.store.sessions.get(s.id)?.payment_id).toBeUndefined();
      const sameOrigin = await post(
        `${s.url}/pay`,
        { csrf_token: csrf },
        { origin: mock.baseUrl, 'sec-fetch-site': 'same-origin' },
      );
      expect(sameOrigin.status).toBe(303);
    },
  );

  it('never needs a Bearer token and never shows one', async () => {
    const s = await newSession();
    const html = (await request(s.url)).text;
    expect(html).not.toContain(tok);
    expect(html.toLowerCase()).not.toContain('bearer');
  });

  it('abandons: the page says so, the session stays payable', async () => {
    const s = await newSession();
    const csrf = tokenIn((await request(s.url)).text);
    expect((await post(`${s.url}/abandon`, { csrf_token: csrf })).status).toBe(303);
    const page = await request(s.url);
    expect(page.text).toContain('You left this payment.');
    expect(page.text).toContain('id="pay-form"');
    const lookup = await call(mock, tok, 'GET', `/v1/customers/cust-a-1/sessions?client_reference_id=hp-${n}`);
    expect(lookup.body.sessions[0]).toMatchObject({ has_payment: false, latest_status: 'SESSION_CREATED' });
  });

  it(
    'answers 410 with an expiry page (embeddable by the allowed ' +
      'origins), 404 for unknown sessions, 405 for wrong methods',
    async () => {
      const s = await newSession();
      const paid = await newSession();
      await post(`${paid.url}/pay`, { csrf_token: tokenIn((await request(paid.url)).text) });
      mock.clock.advance(601);
      const expired = await request(s.url);
      expect(expired.status).toBe(410);
      expect(expired.text).toContain('<h1>Session expired</h1>');
      expect(expired.headers.get('content-security-policy')).toMatch(/frame-ancestors http:\/\/127\.0\.0\.1:9$/);
      expect((await request(`${s.url}/status`)).status).toBe(410);
      expect((await post(`${s.url}/pay`, { csrf_token: 'x' })).status).toBe(410);
      // A paid session stays viewable: the payer can follow the payment after the expiry.
      expect((await request(paid.url)).status).toBe(200);
      expect((await request(`${mock.baseUrl}/_sandbox/hosted/ses_nope`)).status).toBe(404);
      expect((await request(`${s.url}/pay`)).status).toBe(405);
    },
  );

  it('escapes every partner string: hostile item names, refs and types appear as text, never as markup', async () => {
    const s = await newSession({ items: hostileItems(), client_customer_ref: HOSTILE_NAMES[1] });
    const html = (await request(s.url)).text;
    expect(html).not.toMatch(/<(img|svg|iframe)\b/i);
    expect(html.match(/<script\b/gi)).toHaveLength(1); // the page's own checkout.js
    expect(html).not.toContain('\u2028');
    expect(html).toContain('&lt;script&gt;window.__pwned = &quot;script&quot;&lt;/script&gt;');
    expect(html).toContain('&#39; onmouseover=&#39;window.__pwned');
  });

  it('refuses a return_url that is not an absolute http(s) URL (never a javascript: link)', async () => {
    for (const return_url of ['javascript:alert(1)', '/relative', 'data:text/html,x']) {
      const r = await call(
        mock,
        tok,
        'POST',
        '/v1/customers/cust-a-1/sessions',
        sessionBody(`hp-bad-${++n}`, [SHOP], { return_url }),
      );
      expect(r.status).toBe(400);
      expect(r.body.errors[0].pointer).toBe('/return_url');
    }
  });
});
