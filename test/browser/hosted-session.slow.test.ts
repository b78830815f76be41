/**
 * The hosted checkout in a real browser (Debian's Chromium through playwright-core): a partner
 * page on an allowed loopback origin embeds the session, the payer clicks Pay, the partner page
 * receives the postMessage and the webhook with the session_id arrives; another origin cannot
 * frame the page (CSP frame-ancestors); an expired session shows the expiry page (410); hostile
 * item names stay inert; Pay works with JavaScript off. Every server binds 127.0.0.1 and is
 * stopped here. CBP_UPDATE_SCREENSHOT=1 writes docs/hosted-session.png (used by README).
 */
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PartnerPage, startPartnerPage } from '../../examples/hosted-session/partner-page.js';
import { runHostedSession } from '../../examples/hosted-session/run.js';
import type { RunningSandbox } from '../../sandbox/index.js';
import { hostileItems, HOSTILE_NAMES, sessionBody } from '../sandbox/hosted/fixtures.js';
import { call, sandboxOn0, type Receiver, startReceiver, token } from '../sandbox/helpers.js';
import { type Browser, launchChromium } from './chromium.js';

let mock: RunningSandbox;
let tok: string;
let receiver: Receiver;
let shop: PartnerPage;
let stranger: PartnerPage;
let browser: Browser;

beforeAll(async () => {
  mock = await sandboxOn0({ sessionTtlSeconds: 600 });
  tok = await token(mock);
  receiver = await startReceiver();
  const sub = await call(mock, tok, 'POST', '/_sandbox/webhook-subscriptions', { url: receiver.url });
  receiver.setSecret(sub.body.secret);
  // Two ports of 127.0.0.1 are two origins: only the shop's is listed in allowed_origins.
  shop = await startPartnerPage();
  stranger = await startPartnerPage();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([shop?.close(), stranger?.close(), receiver?.close()]);
  await mock?.close();
});

let n = 0;
async function newSession(extra: Record<string, unknown> = {}): Promise<{ id: string; url: string }> {
  const r = await call(
    mock,
    tok,
    'POST',
    '/v1/customers/cust-a-1/sessions',
    sessionBody(`browser-${++n}`, [shop.origin], { return_url: `${shop.origin}/done`, ...extra }),
  );
  expect(r.status).toBe(201);
  return { id: r.body.session_id, url: r.body.session_url };
}

/** The shop page with the session embedded, and the checkout's frame once it has loaded. */
async function openEmbedded(
  partner: PartnerPage,
  sessionUrl: string,
): Promise<{ page: Page; console: string[]; checkout: () => Frame | undefined }> {
  partner.show(sessionUrl);
  const page = await browser.context.newPage();
  const console: string[] = [];
  page.on('console', (m) => console.push(m.text()));
  await page.goto(`${partner.origin}/`, { waitUntil: 'load' });
  return { page, console, checkout: () => page.frames().find((f) => f.url() === sessionUrl) };
}

type Received = { type: string; session_id: string; payment_id?: string; status?: string };
const receivedBy = (page: Page): Promise<Received[]> =>
  page.evaluate(() => (window as unknown as { received: Received[] }).received);

describe('hosted checkout in Chromium', () => {
  it(
    'embedded on an allowed origin: Pay, the postMessage ' + 'to the shop, the webhook with session_id, live status',
    async () => {
      const s = await newSession();
      const { page } = await openEmbedded(shop, s.url);
      const checkout = page.frameLocator('#checkout');
      await expect.poll(() => checkout.getByRole('heading', { level: 1 }).textContent()).toBe('Pay GBP 1250');
      const screenshotDir = process.env.CBP_UPDATE_SCREENSHOT === '1' ? 'docs' : join(tmpdir(), 'cbp-screenshots');
      await mkdir(screenshotDir, { recursive: true });
      await page.setViewportSize({ width: 412, height: 720 });
      await page.screenshot({ path: join(screenshotDir, 'hosted-session.png') });

      await checkout.getByRole('button', { name: 'Pay GBP 1250' }).click();
      await expect.poll(async () => (await receivedBy(page)).length, { timeout: 15_000 }).toBeGreaterThan(0);
      const [first] = await receivedBy(page);
      const paymentId = mock.store.sessions.get(s.id)?.payment_id;
      expect(first).toEqual({
        type: 'cbp.hosted-session.status',
        session_id: s.id,
        payment_id: paymentId,
        status: 'AWAITING_FUNDS',
      });
      await expect
        .poll(() => checkout.getByRole('status').textContent())
        .toBe(`Payment created: waiting for funds (payment ${paymentId})`);
      await expect.poll(() => checkout.getByRole('button', { name: /Pay/ }).count()).toBe(0);

      const webhooks = await receiver.waitFor((all) => all.some((r) => r.payload.payment_id === paymentId));
      expect(webhooks.find((r) => r.payload.payment_id === paymentId)).toMatchObject({
        verified: true,
        payload: { session_id: s.id, status: 'AWAITING_FUNDS' },
      });

      // The stages run: the page polls its status, announces each change and tells the shop.
      await call(mock, tok, 'POST', `/_sandbox/payments/${paymentId}/deliver-funds`);
      await expect
        .poll(() => checkout.getByRole('status').textContent(), { timeout: 15_000 })
        .toBe(`Payment completed (payment ${paymentId})`);
      await expect
        .poll(async () => (await receivedBy(page)).at(-1)?.status, { timeout: 15_000 })
        .toBe('PAYMENT_COMPLETED');
      expect((await receivedBy(page)).every((m) => m.session_id === s.id && m.payment_id === paymentId)).toBe(true);
      await page.close();
    },
  );

  it('cannot be framed by another origin (CSP frame-ancestors)', async () => {
    const s = await newSession();
    const { page, console, checkout } = await openEmbedded(stranger, s.url);
    // Chromium replaces a refused frame with its error page: the checkout's document never loads.
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame?.url()).toBe('chrome-error://chromewebdata/');
    expect(checkout()).toBeUndefined();
    // Chromium says why: "Framing '<checkout>' violates ... directive: "frame-ancestors <shop>"".
    expect(console.join('\n')).toContain(`"frame-ancestors ${shop.origin}"`);
    expect(await receivedBy(page)).toEqual([]);
    await page.close();
  });

  it('shows the expiry page with 410 when the session has expired, also inside the shop', async () => {
    const s = await newSession();
    mock.clock.advance(601);
    const page = await browser.context.newPage();
    const response = await page.goto(s.url);
    expect(response?.status()).toBe(410);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Session expired');
    await page.close();
    const embedded = await openEmbedded(shop, s.url);
    await expect
      .poll(() => embedded.page.frameLocator('#checkout').getByRole('heading', { level: 1 }).textContent())
      .toBe('Session expired');
    await embedded.page.close();
  });

  it('keeps hostile item names inert: shown as text, no script of theirs runs', async () => {
    const s = await newSession({ items: hostileItems(), client_customer_ref: HOSTILE_NAMES[1] });
    const { page } = await openEmbedded(shop, s.url);
    const checkout = page.frameLocator('#checkout');
    await expect.poll(() => checkout.locator('td.item-name').count()).toBe(HOSTILE_NAMES.length);
    const frame = page.frames().find((f) => f.url() === s.url)!;
    // Hover and click every cell: an injected handler would fire now.
    for (const cell of await frame.locator('td').all()) await cell.hover();
    const names = await frame
      .locator('td.item-name')
      .evaluateAll((cells) => cells.map((c) => c.firstChild?.textContent ?? ''));
    expect(names.map((t) => t.trimEnd())).toEqual(HOSTILE_NAMES.map((t) => t.trimEnd()));
    const state = await frame.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: unknown }).__pwned,
      parentPwned: (() => {
        try {
          return (window.parent as unknown as { __pwned?: unknown }).__pwned;
        } catch {
          return undefined;
        }
      })(),
      foreign: document.querySelectorAll('main img, main svg, main iframe, main script').length,
    }));
    expect(state).toEqual({ pwned: undefined, parentPwned: undefined, foreign: 0 });
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    await page.close();
  });

  it('pays with JavaScript off: the form posts and the page comes back with the payment', async () => {
    const noJs = await launchChromium({ javaScriptEnabled: false });
    try {
      const s = await newSession();
      const page = await noJs.context.newPage();
      await page.goto(s.url);
      await Promise.all([page.waitForURL(s.url), page.getByRole('button', { name: 'Pay GBP 1250' }).click()]);
      const paymentId = mock.store.sessions.get(s.id)?.payment_id;
      expect(paymentId).toMatch(/^pay_/);
      expect(await page.getByRole('status').textContent()).toBe(
        `Payment created: waiting for funds (payment ${paymentId})`,
      );
      expect(await page.getByRole('link', { name: 'Back to the merchant' }).getAttribute('href')).toBe(
        `${shop.origin}/done`,
      );
    } finally {
      await noJs.close();
    }
  });

  it(
    'runs the example with a payer clicking Pay in the embedded ' +
      'checkout: it logs the postMessages and the webhooks',
    async () => {
      const lines: string[] = [];
      let page: Page | undefined;
      const result = await runHostedSession({
        baseUrl: mock.baseUrl,
        log: (l) => lines.push(l),
        timeoutMs: 20_000,
        payer: async (pageUrl) => {
          page = await browser.context.newPage();
          await page.goto(pageUrl);
          await page.frameLocator('#checkout').getByRole('button', { name: /^Pay / }).click();
        },
      });
      await page?.close();
      expect(result.messages.map((m) => m.status)).toEqual(
        expect.arrayContaining(['AWAITING_FUNDS', 'PAYMENT_COMPLETED']),
      );
      expect(
        result.messages.every((m) => m.session_id === result.sessionIds[1] && m.payment_id === result.paymentId),
      ).toBe(true);
      expect(lines).toContain(`postMessage cbp.hosted-session.status AWAITING_FUNDS ${result.paymentId}`);
      expect(lines.filter((l) => l.startsWith('webhook ') && l.includes('PAYMENT_COMPLETED'))).toHaveLength(1);
      expect(result.decisions.map((d) => d.action)).toEqual([
        'create',
        'reuse',
        'replace',
        ...result.decisions.slice(3).map(() => expect.stringMatching(/^(reuse|track-payment)$/)),
      ]);
      expect(result.decisions.at(-1)?.action).toBe('track-payment');
    },
  );
});
