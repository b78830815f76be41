/**
 * The built-in `sandbox` driver: this project's sandbox control API (SANDBOX CONTRACT in
 * sandbox/README.md, reserved prefix /_sandbox/). Picked automatically when the target answers
 * GET /_sandbox/clock, and always for the embedded mock.
 */
import type { Sandbox } from '../runner/sandbox.js';
import type { ConformanceDriver, LoadedDriver } from './driver.js';

export function sandboxDriver(sandbox: Sandbox): LoadedDriver {
  const subscriptions: string[] = [];
  const ok = async (res: Promise<{ status: number; error?: string; body: unknown }>, what: string) => {
    const r = await res;
    if (r.status < 200 || r.status >= 300) throw new Error(`sandbox ${what} answered ${r.error ?? r.status}: ${JSON.stringify(r.body)}`);
  };
  const driver: ConformanceDriver = {
    name: 'sandbox',
    async subscribeWebhooks({ url }) {
      const sub = await sandbox.subscribe(url);
      subscriptions.push(sub.subscription_id);
      return { secret: sub.secret };
    },
    deliverFunds: ({ paymentId }) => ok(sandbox.payment(paymentId, 'deliver-funds'), 'deliver-funds'),
    cancelPayment: ({ paymentId }) => ok(sandbox.payment(paymentId, 'cancel'), 'cancel'),
    async payHostedSession({ sessionId }) {
      return { paymentId: (await sandbox.paySession(sessionId)).payment_id };
    },
    async expireSession({ expiresAt }) {
      const now = Date.parse(await sandbox.now());
      const due = Date.parse(expiresAt ?? '');
      // Unknown expiry: a day of sandbox time is past any session the mock creates (default 1800 s).
      const seconds = Number.isFinite(due) && Number.isFinite(now) ? Math.ceil((due - now) / 1000) + 1 : 86_400;
      await sandbox.advanceClock(Math.max(seconds, 1));
      return { now: await sandbox.now() };
    },
    async recipientFailingNameCheck({ customerId, currency }) {
      // A fresh recipient, so the fixtures' own recipients never carry an armed failure.
      const { recipient_id } = await sandbox.createRecipient(customerId, currency ?? 'GBP', 'Conformance Name Check');
      await ok(sandbox.failNameCheck(recipient_id), 'fail-name-check');
      return recipient_id;
    },
    async createRecipient({ customerId, currency }) {
      return (await sandbox.createRecipient(customerId, currency, 'Conformance Recipient')).recipient_id;
    },
    async close() {
      for (const id of subscriptions.splice(0)) await sandbox.unsubscribe(id).catch(() => undefined);
    },
  };
  return { kind: 'sandbox', name: 'sandbox', driver };
}
