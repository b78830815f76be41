/**
 * The hosted checkout page as HTML: what the session is for (amount, line items with type and
 * amount, number of recipients, due date, time left), Pay and Abandon as plain forms (they work
 * without JavaScript), and a status line that checkout.js keeps current. Every partner value
 * goes through `esc` (html.ts).
 */
import type { PaymentRecord, SessionRecord } from '../types.js';
import type { HostedItem } from './details.js';
import { document, esc, money, statusLabel, timeLeft } from './html.js';

export interface PageView {
  session: SessionRecord;
  payment: PaymentRecord | undefined;
  /** Sandbox time now, ms. */
  now: number;
  /** The session's page path, e.g. /_sandbox/hosted/ses_... (already URL-encoded). */
  pagePath: string;
  assetsPath: string;
  csrfToken: string;
  /** A message above the forms, e.g. why a Pay did not go through. */
  notice?: string;
}

export function checkoutPage(v: PageView): string {
  const s = v.session;
  const details = s.hosted ?? { items: [], abandoned: false };
  const status = v.payment?.status ?? 'SESSION_CREATED';
  const total = money(s.amount);
  const payable = v.payment === undefined && s.amount !== undefined && s.recipient_details.length > 0;
  const rows: string[] = [
    row('Reference', s.client_reference_id),
    row('Recipients', String(s.recipient_details.length)),
    row('Due date', details.due_date),
    `<dt>Time left</dt><dd><time datetime="${esc(new Date(s.expiresAtMs).toISOString())}">` +
      `${esc(timeLeft(s.expiresAtMs - v.now))}</time></dd>`,
  ];
  const returnLink = details.return_url
    ? `<p><a class="return" href="${esc(details.return_url)}" rel="noopener noreferrer" target="_top">` +
      'Back to the merchant</a></p>'
    : '';
  const main =
    `
<main id="checkout" class="checkout" data-session-id="${esc(s.session_id)}" ` +
    `data-page-path="${esc(v.pagePath)}" data-allowed-origins="${esc(s.allowed_origins.join(' '))}" ` +
    `data-status="${esc(status)}" data-payment-id="${esc(v.payment?.payment_id ?? '')}">
<p class="badge">Sandbox checkout: no real money moves</p>
<h1>Pay <span class="total">${esc(total)}</span></h1>
<dl class="facts">${rows.join('')}</dl>
${itemsTable(details.items)}
<section class="status-box" aria-labelledby="status-heading">
<h2 id="status-heading">Status</h2>
<p id="status" role="status" aria-live="polite" ` +
    `data-status="${esc(status)}">${esc(statusLine(status, v.payment?.payment_id, details.abandoned))}</p>
${v.notice ? `<p class="notice" role="alert">${esc(v.notice)}</p>` : ''}
</section>
${payable ? forms(v, total) : ''}
${!payable && v.payment === undefined ? '<p class="notice">This session has no amount or recipients to pay.</p>' : ''}
${returnLink}
</main>`;
  return document(`Pay ${total} (sandbox checkout)`, main, v.assetsPath);
}

function forms(v: PageView, total: string): string {
  const token = `<input type="hidden" name="csrf_token" value="${esc(v.csrfToken)}">`;
  return (
    `
<div class="actions">
<form id="pay-form" method="post" action="${esc(v.pagePath)}/pay">${token}<button ` +
    `type="submit" class="pay">Pay ${esc(total)}</button></form>
<form id="abandon-form" method="post" action="${esc(v.pagePath)}/abandon">${token}<button ` +
    `type="submit" class="abandon">Abandon</button></form>
</div>`
  );
}

function itemsTable(items: HostedItem[]): string {
  if (items.length === 0) return '';
  const body = items
    .map(
      (i) =>
        `<tr><td class="item-name">${esc(i.item_name ?? '(unnamed item)')}` +
        `${i.item_ref ? ` <span class="ref">${esc(i.item_ref)}</span>` : ''}</td><td>` +
        `${esc(i.item_type ?? '')}</td><td class="num">${esc(money(i.amount))}</td></tr>`,
    )
    .join('');
  return (
    `<table class="items"><caption>Line items</caption><thead><tr><th scope="col">Item</th><th ` +
    `scope="col">Type</th><th scope="col" class="num">Amount</th></tr></thead><tbody>${body}</tbody></table>`
  );
}

function row(label: string, value: string | undefined): string {
  return value === undefined || value === '' ? '' : `<dt>${esc(label)}</dt><dd>${esc(value)}</dd>`;
}

export function statusLine(status: string, paymentId: string | undefined, abandoned: boolean): string {
  if (paymentId !== undefined) return `${statusLabel(status)} (payment ${paymentId})`;
  return abandoned ? 'You left this payment. You can still pay until the session expires.' : statusLabel(status);
}

/** 404 / 410 / 403 pages: a title and one sentence, same stylesheet, no script. */
export function messagePage(title: string, text: string, assetsPath: string): string {
  return document(
    title,
    `<main class="checkout"><h1>${esc(title)}</h1><p role="alert">${esc(text)}</p></main>`,
    assetsPath,
  );
}
