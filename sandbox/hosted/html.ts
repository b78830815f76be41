/**
 * HTML output of the hosted page. Every value that is not a literal of this file goes through
 * `esc`, which escapes the five characters that can leave a text node or a quoted attribute
 * (HTML Living Standard §13.1.2.3 and §13.1.2.5). Attributes are always double-quoted. Nothing
 * partner-controlled is ever written inside <script> or <style>: the page's only script is a
 * separate same-origin file (assets.ts), so CSP needs no 'unsafe-inline', hash or nonce.
 */

export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'\u2028\u2029]/g, (c) => ENTITIES[c] ?? c);
}

// U+2028/2029 are harmless in HTML but end a line in older JavaScript string literals: escaped
// too, so markup copied into a script later cannot break out.
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '\u2028': '&#x2028;',
  '\u2029': '&#x2029;',
};

/** Human amount: "GBP 120.5". The value is shown as sent (decimal text), never recomputed. */
export function money(amount: { currency?: unknown; value?: unknown } | undefined): string {
  if (amount === undefined) return 'the amount due';
  return `${String(amount.currency ?? '')} ${String(amount.value ?? '')}`.trim();
}

/** "29 minutes", "1 minute", "less than a minute". */
export function timeLeft(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `${Math.floor(minutes / 60)} hours`;
}

/** Words for the statuses of seed §Payment statuses that appear; any other status is shown as is. */
const STATUS_LABELS: Record<string, string> = {
  SESSION_CREATED: 'Not paid yet',
  AWAITING_FUNDS: 'Payment created: waiting for funds',
  PROCESSING: 'Payment processing',
  RECEIVED_FUNDS: 'Funds received',
  FX_COMPLETED: 'Currency conversion done',
  PAYOUT_INITIATED: 'Payout started',
  PAYOUT_CREDITED: 'Payout credited to the recipient',
  PAYMENT_COMPLETED: 'Payment completed',
  CANCELLED: 'Payment cancelled',
  BOUNCED_BACK: 'Payment bounced back',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

/** A whole document around `main` (already escaped HTML). */
export function document(title: string, main: string, assetsPath: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)}</title>`,
    `<link rel="stylesheet" href="${esc(assetsPath)}checkout.css">`,
    `<script src="${esc(assetsPath)}checkout.js" defer></script>`,
    '</head>',
    `<body>${main}</body>`,
    '</html>',
  ].join('\n');
}
