/**
 * The event-log judge: webhook deliveries of payments (arrival order) against the payment state
 * table (spec/payment-states.yaml) and the seed's §Events invariants. Pure: used by the
 * lifecycle check (events received live) and by `cbp conformance events` (a captured log).
 * Delivery order may differ from timestamp order (consumer rule 2): never a fault by itself.
 */
import type { StateTable } from '../../../generator/ir/model.js';
import type { ReceivedEvent } from '../../engine/recorder.js';
import { stableJson } from '../../engine/stable-json.js';
import { judgeMoves } from './event-moves.js';
import type { JudgeOptions, JudgeResult, PaymentEvent, JudgeFinding } from './event-types.js';

export type { JudgeFinding, JudgeOptions, JudgeResult, PaymentEvent, PaymentExpectation } from './event-types.js';

export function judgeEvents(received: readonly ReceivedEvent[], table: StateTable, options: JudgeOptions = {}): JudgeResult {
  const findings: JudgeFinding[] = [];
  const byPayment = new Map<string, PaymentEvent[]>();
  const seen = new Map<string, { json: string; payload: unknown }>();
  let cases = 0;
  for (const r of received) {
    if (r.signatureValid === false) {
      findings.push({
        severity: 'error',
        rule: 'Events: deliveries are signed (A-WEBHOOK-SIGNATURE)',
        message: `signature did not verify: ${r.signatureError ?? 'bad signature'}`,
        events: [r.payload],
      });
      continue;
    }
    const p = r.payload as Partial<PaymentEvent> | null;
    if (p === null || typeof p !== 'object' || typeof p.event_id !== 'string' || typeof p.payment_id !== 'string' || typeof p.status !== 'string') {
      findings.push({ severity: 'error', rule: 'Events: fields (A-WEBHOOK-REQUIRED)', message: 'event without event_id, payment_id or status', events: [r.payload] });
      continue;
    }
    const json = stableJson(p);
    const earlier = seen.get(p.event_id);
    if (earlier) {
      // Consumer rule 1: a repeated event_id is a redelivery of the same event.
      if (earlier.json !== json) {
        findings.push({
          severity: 'error',
          rule: 'Events, consumer rule 1 (event_id is the idempotency key)',
          paymentId: p.payment_id,
          message: `event_id ${p.event_id} was delivered twice with different contents`,
          events: [earlier.payload, p],
        });
      }
      continue;
    }
    seen.set(p.event_id, { json, payload: p });
    cases++;
    const list = byPayment.get(p.payment_id) ?? [];
    list.push(p as PaymentEvent);
    byPayment.set(p.payment_id, list);
  }
  const counts = new Map<string, { from: string | null; to: string; count: number }>();
  for (const [paymentId, events] of byPayment) {
    const sorted = sortByTimestamp(events);
    const moves = judgeMoves(paymentId, sorted, table, options.expectations?.[paymentId] ?? {}, options.strict === true);
    findings.push(...moves.findings);
    for (const t of moves.transitions) {
      const key = `${t.from}->${t.to}`;
      const c = counts.get(key) ?? { from: t.from, to: t.to, count: 0 };
      c.count++;
      counts.set(key, c);
    }
  }
  for (const [paymentId, e] of Object.entries(options.expectations ?? {})) {
    if (!byPayment.has(paymentId) && (e.complete || e.cancelled)) {
      findings.push({
        severity: 'error',
        rule: 'States and transitions, row 1 (first webhook carries payment_id)',
        paymentId,
        message: 'no webhook received for this payment',
        events: [],
      });
    }
  }
  return { findings, cases, payments: [...byPayment.keys()], transitions: [...counts.values()] };
}

/** event_timestamp order (consumer rule 2); equal timestamps keep arrival order. */
function sortByTimestamp(events: PaymentEvent[]): PaymentEvent[] {
  return events
    .map((e, i) => ({ e, i, t: Date.parse(e.event_timestamp) }))
    .sort((a, b) => (Number.isNaN(a.t) || Number.isNaN(b.t) || a.t === b.t ? a.i - b.i : a.t - b.t))
    .map((x) => x.e);
}
