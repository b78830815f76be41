/**
 * checkout.js, served as a same-origin file (CSP script-src 'self', no inline script). It makes
 * the page live: Pay and Abandon go through fetch instead of a page load, the status line is
 * polled from <page>/status and announced (aria-live), and every change is posted to the parent
 * window, to the session's allowed origins only, never '*' (HTML §9.3.3 postMessage
 * targetOrigin). The payload is documented in sandbox/README.md ("Hosted checkout page").
 * Plain ES2017 without modules, so any current browser runs it as is.
 */
export const CHECKOUT_JS =
  `'use strict';
(function () {
  var root = document.getElementById('checkout');
  if (!root) return;
  var sessionId = root.getAttribute('data-session-id');
  var pagePath = root.getAttribute('data-page-path');
  var origins = (root.getAttribute('data-allowed-origins') || '').split(' ').filter(Boolean);
  var statusEl = document.getElementById('status');
  var actions = document.querySelector('.actions');
  var last = { status: root.getAttribute('data-status'), ` +
  `payment_id: root.getAttribute('data-payment-id') || undefined };
  var timer;

  function parentOrigins() {
    if (window.parent === window) return [];
    // Chromium and WebKit tell us the embedding origin; elsewhere try each allowed origin (the
    // browser delivers only to the one that matches, and frame-ancestors already limits who embeds).
    var ancestors = window.location.ancestorOrigins;
    if (ancestors && ancestors.length > 0) return origins.indexOf(ancestors[0]) >= 0 ? [ancestors[0]] : [];
    return origins;
  }
  function notify(message) {
    parentOrigins().forEach(function (origin) { window.parent.postMessage(message, origin); });
  }
  function show(text) { statusEl.textContent = text; }
  function update(s) {
    if (s.status === last.status && s.payment_id === last.payment_id) return;
    last = { status: s.status, payment_id: s.payment_id };
    show(s.line);
    if (s.payment_id) {
      if (actions) actions.remove();
      notify({ type: 'cbp.hosted-session.status', session_id: sessionId, payment_id: s.payment_id, status: s.status });
    }
  }
  function poll() {
    fetch(pagePath + '/status', { headers: { accept: 'application/json' }, cache: 'no-store' })
      .then(function (r) {
        if (r.status === 410) { expired(); return undefined; }
        return r.ok ? r.json() : undefined;
      })
      .then(function (s) { if (s) update(s); })
      .catch(function () {})
      .then(function () { if (timer !== null) timer = setTimeout(poll, 1000); });
  }
  function expired() {
    timer = null;
    if (actions) actions.remove();
    show('This payment session has expired; ask the merchant for a new one.');
    notify({ type: 'cbp.hosted-session.expired', session_id: sessionId });
  }
  function submit(form, onDone) {
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var button = form.querySelector('button');
      button.disabled = true;
      fetch(form.action, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(new FormData(form)).toString(),
      })
        .then(function (r) { return r.json().then(function (body) { return { status: r.status, body: body }; }); })
        .then(function (r) {
          button.disabled = false;
          if (r.status === 410) return expired();
          if (r.status >= 400) return show((r.body.errors && r.body.errors[0] ` +
  `&& r.body.errors[0].message) || 'That did not work; please try again.');
          onDone(r.body);
        })
        .catch(function () { button.disabled = false; show('The checkout could not be reached; please try again.'); });
    });
  }
  var payForm = document.getElementById('pay-form');
  var abandonForm = document.getElementById('abandon-form');
  if (payForm) submit(payForm, update);
  if (abandonForm) submit(abandonForm, function (s) {
    show(s.line);
    notify({ type: 'cbp.hosted-session.abandoned', session_id: sessionId });
  });
  if (last.payment_id) notify({ type: 'cbp.hosted-session.status', ` +
  `session_id: sessionId, payment_id: last.payment_id, status: last.status });
  timer = setTimeout(poll, 1000);
})();
`;

export const CHECKOUT_CSS =
  `:root { color-scheme: light; --ink: #1b1f24; --muted: #57606a; --line: #d0d7de; --accent: #0b5fff; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe ` +
  `UI", Roboto, sans-serif; color: var(--ink); background: #fff; }
.checkout { max-width: 32rem; margin: 0 auto; padding: 1rem; }
.badge { display: inline-block; margin: 0 0 .5rem; padding: .1rem .5rem; ` +
  `border-radius: 1rem; background: #fff4d6; color: #6a4a00; font-size: .85rem; }
h1 { font-size: 1.5rem; margin: .25rem 0 1rem; }
h2 { font-size: 1rem; margin: 0 0 .25rem; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0 0 1rem; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.items { width: 100%; border-collapse: collapse; margin: 0 0 1rem; }
.items caption { text-align: left; font-weight: 600; padding-bottom: .25rem; }
.items th, .items td { text-align: left; padding: .4rem .25rem; border-top: ` +
  `1px solid var(--line); vertical-align: top; overflow-wrap: break-word; }
.items .item-name { overflow-wrap: anywhere; }
.items .num { text-align: right; white-space: nowrap; }
.ref { color: var(--muted); font-size: .85rem; }
.status-box { border: 1px solid var(--line); border-radius: .5rem; padding: .75rem; margin: 0 0 1rem; }
#status { margin: 0; font-weight: 600; }
.notice { color: #8a1c1c; }
.actions { display: flex; flex-wrap: wrap; gap: .75rem; }
.actions form { flex: 1 1 12rem; margin: 0; }
button { width: 100%; min-height: 44px; font: inherit; font-weight: ` +
  `600; border-radius: .5rem; padding: .5rem 1rem; cursor: pointer; }
button.pay { background: var(--accent); color: #fff; border: 2px solid var(--accent); }
button.abandon { background: #fff; color: var(--ink); border: 2px solid var(--line); }
button:disabled { opacity: .6; cursor: progress; }
button:focus-visible, a:focus-visible { outline: 3px solid #ffbf47; outline-offset: 2px; }
a.return { color: var(--accent); }
`;
