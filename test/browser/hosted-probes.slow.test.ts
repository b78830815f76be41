/**
 * Probes of the hosted checkout in Chromium, as an attacker would run them: hostile text in every
 * session field the page can show (the customer ref and every item field), script injected into the page at run time (the CSP must stop it even if escaping
 * failed), framing of a session that lists no origin, and a form token carried from one tenant's
 * session (or another session of the same tenant) to another's. Every server binds 127.0.0.1 and
 * is stopped here.
 */
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PartnerPage, startPartnerPage } from '../../examples/hosted-session/partner-page.js';
import type { RunningSandbox } from '../../sandbox/index.js';
import { CLIENT_B, call, sandboxOn0, token } from '../sandbox/helpers.js';
import { HOSTILE_NAMES, hostileItems, sessionBody } from '../sandbox/hosted/fixtures.js';
import { type Browser, launchChromium } from './chromium.js';

let mock: RunningSandbox;
let tokA: string;
let tokB: string;
let shop: PartnerPage;
let browser: Browser;

beforeAll(async () => {
  mock = await sandboxOn0({ sessionTtlSeconds: 600 });
  tokA = await token(mock);
  tokB = await token(mock, CLIENT_B);
  shop = await startPartnerPage();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await mock?.close();
});

let n = 0;
async function session(tenant: 'a' | 'b', extra: Record<string, unknown> = {}): Promise<{ id: string; url: string }> {
  const ref = `probe-${tenant}-${++n}`;
  const body = sessionBody(ref, [shop.origin], extra);
  if (tenant === 'b') {
    body.client_customer_ref = 'tp-b-probe';
    body.recipient_details = [
      {
        recipient_id: 'rcp-b-1-gbp',
        amount: { currency: 'GBP', value: 1250 },
        purpose_of_transaction: 'PROPERTY_PURCHASE',
        payment_reference: ref,
      },
    ];
  }
  const r = await call(mock, tenant === 'a' ? tokA : tokB, 'POST', `/v1/customers/cust-${tenant}-1/sessions`, body);
  expect(r.status, r.text).toBe(201);
  return { id: r.body.session_id, url: r.body.session_url };
}

const pwned = (f: Frame | Page) => f.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned);

describe('hosted checkout probes in Chromium', () => {
  it('hostile text in every field the page shows stays text; no script of theirs runs', async () => {
    // client_reference_id is `^[A-Za-z0-9_-]+$` (refused at creation); every free-text field is hostile.
    const s = await session('a', {
      client_customer_ref: HOSTILE_NAMES[0],
      items: hostileItems(),
    });
    const page = await browser.context.newPage();
    const response = await page.goto(s.url);
    expect(response?.status()).toBe(200);
    expect(await page.locator('main').textContent()).toContain(HOSTILE_NAMES[0]);
    for (const cell of await page.locator('td, dd').all()) await cell.hover();
    expect(await pwned(page)).toBeUndefined();
    expect(await page.locator('main img, main svg, main iframe, main script').count()).toBe(0);
    await page.close();
  });

  it('the CSP blocks script injected at run time (defence behind the escaping)', async () => {
    const s = await session('a');
    const page = await browser.context.newPage();
    const response = await page.goto(s.url);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    const refused: string[] = [];
    page.on('console', (m) => refused.push(m.text()));
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__pwned = "inline"';
      document.body.append(script);
      const img = document.createElement('img');
      img.setAttribute('src', 'x');
      img.setAttribute('onerror', 'window.__pwned = "handler"');
      document.body.append(img);
      const a = document.createElement('a');
      a.href = 'javascript:window.__pwned="url"';
      document.body.append(a);
      a.click();
    });
    await page.waitForTimeout(200);
    expect(await pwned(page)).toBeUndefined();
    expect(refused.join('\n')).toMatch(/Content Security Policy/);
    await page.close();
  });

  it('a session that lists no origin cannot be framed, even by an origin another session allows', async () => {
    const s = await session('a', { allowed_origins: [] });
    shop.show(s.url);
    const page = await browser.context.newPage();
    await page.goto(`${shop.origin}/`, { waitUntil: 'load' });
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame?.url()).toBe('chrome-error://chromewebdata/');
    expect(page.frames().some((f) => f.url() === s.url)).toBe(false);
    await page.close();
  });

  it("a form token never pays another session: not another tenant's, not the same tenant's other one", async () => {
    const victim = await session('a');
    const sibling = await session('a');
    const attacker = await session('b');
    const page = await browser.context.newPage();
    for (const own of [attacker, sibling]) {
      await page.goto(own.url);
      const tokenOfOwn = await page.locator('#pay-form input[name=csrf_token]').getAttribute('value');
      expect(tokenOfOwn).toMatch(/^[\w-]{20,}$/);
      // Same origin as the victim's page (one mock), so the browser's own signals all pass:
      // only the token binds the form to its session.
      const answer = await page.evaluate(
        async ({ path, csrf }) => {
          const res = await fetch(`${path}/pay`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
            body: new URLSearchParams({ csrf_token: csrf }).toString(),
          });
          return { status: res.status, text: await res.text() };
        },
        { path: new URL(victim.url).pathname, csrf: tokenOfOwn! },
      );
      expect(answer.status).toBe(403);
      expect(answer.text).toContain('hosted.csrf');
    }
    expect(mock.store.sessions.get(victim.id)?.payment_id).toBeUndefined();
    // The victim's own page still pays with its own token.
    await page.goto(victim.url);
    await Promise.all([page.waitForURL(victim.url), page.getByRole('button', { name: /^Pay / }).click()]);
    expect(mock.store.sessions.get(victim.id)?.payment_id).toMatch(/^pay_/);
    await page.close();
  });
});
