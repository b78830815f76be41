/**
 * The event-log judge: webhook deliveries of payments against the payment state table
 * (spec/payment-states.yaml) and the seed's §Events. Pure: used by the lifecycle check (events
 * received live) and by `cbp conformance events` (a captured log). Consumer rule 2: order is not
 * guaranteed, event_timestamp is the real order, so arrival order is never a fault; consumer
 * rule 1: a repeated event_id is a redelivery and must carry the same event, but a provider may
 * add delivery metadata to it. Optional fields that are null count as absent, and a field the
 * seed lists without saying where may sit under a `data` object (a warning).
 */
import type { StateTable } from '../../../kits/payments/state-table/index.js';
import { notShown, severityOf } from '../../engine/provenance.js';
import type { Provenance } from '../../engine/types.js';
import type { ReceivedEvent } from '../../engine/recorder.js';
import { type EventRuleId, eventRules } from '../verdicts/event-rules.js';
import { type EventOrder, judgeMoves } from './event-moves.js';
import { compareInstants, type EventInstant, readEventTime, secondsBetween } from './event-time.js';
import type {
  JudgeFinding,
  JudgeOptions,
  JudgeResult,
  ObservedTransition,
  PaymentEvent,
  PaymentExpectation,
} from './event-types.js';

export type {
  JudgeFinding,
  JudgeOptions,
  JudgeResult,
  PaymentEvent,
  PaymentExpectation,
} from './event-types.js';

/** The fields the seed lists for a webhook (§Events), without saying where in the payload. */
const FIELDS = [
  'event_id',
  'event_timestamp',
  'payment_id',
  'status',
  'client_reference_id',
  'client_customer_ref',
  'session_id',
  'recipient_id',
] as const;

export type Finder = (
  rule: EventRuleId,
  message: string,
  events: unknown[],
  extra?: { paymentId?: string; pending?: boolean; provenance?: Provenance },
) => void;

export function finder(findings: JudgeFinding[], strict: boolean, paymentId?: string): Finder {
  return (rule, message, events, extra = {}) => {
    const provenance = extra.provenance ?? eventRules[rule].provenance;
    findings.push({
      severity: severityOf(provenance, strict),
      rule,
      provenance,
      paymentId: extra.paymentId ?? paymentId,
      message,
      events,
      ...(extra.pending ? { pending: true } : {}),
    });
  };
}

/** The seed's fields of one payload: top level, else under `data`; null is absent. */
export function liftFields(payload: Record<string, unknown>): { event: Partial<PaymentEvent>; nested: string[] } {
  const data =
    payload.data !== null && typeof payload.data === 'object' && !Array.isArray(payload.data)
      ? (payload.data as Record<string, unknown>)
      : {};
  const event: Record<string, unknown> = {};
  const nested: string[] = [];
  for (const f of FIELDS) {
    if (payload[f] !== undefined && payload[f] !== null) event[f] = payload[f];
    else if (data[f] !== undefined && data[f] !== null) {
      event[f] = data[f];
      nested.push(f);
    }
  }
  return { event: event as Partial<PaymentEvent>, nested };
}

export function judgeEvents(
  received: readonly ReceivedEvent[],
  table: StateTable,
  options: JudgeOptions = {},
): JudgeResult {
  const strict = options.strict === true;
  const findings: JudgeFinding[] = [];
  const find = finder(findings, strict);
  const initial = new Set(table.initial.map((s) => s.status));
  const byPayment = new Map<string, PaymentEvent[]>();
  const seen = new Map<string, PaymentEvent>();
  const nestedNoted = new Set<string>();
  let cases = 0;
  let anonymous = 0;
  let signatureNoted = false;
  for (const r of received) {
    // The scheme is assumed (A-WEBHOOK-SIGNATURE): a provider signing otherwise still sends real
    // events, so they are judged all the same.
    if (r.signatureValid === false && !signatureNoted) {
      signatureNoted = true;
      const bad = received.filter((x) => x.signatureValid === false).length;
      find(
        'events.signature',
        `signature did not verify: ${r.signatureError ?? 'bad signature'} (${bad} of ${received.length} deliveries)`,
        [r.payload],
      );
    }
    if (r.payload === null || typeof r.payload !== 'object' || Array.isArray(r.payload)) {
      find('events.payload-fields', 'a delivery whose body is not a JSON object', [r.payload]);
      continue;
    }
    const { event: e, nested } = liftFields(r.payload as Record<string, unknown>);
    if (typeof e.status !== 'string') {
      find('events.payload-fields', 'a webhook without status', [r.payload], { paymentId: str(e.payment_id) });
      continue;
    }
    if (typeof e.payment_id !== 'string') {
      if (initial.has(e.status)) find('events.first-carries-payment-id', `${e.status} without payment_id`, [r.payload]);
      else
        find('events.payload-fields', `${e.status} without payment_id: it cannot be attributed to a payment`, [
          r.payload,
        ]);
      continue;
    }
    for (const f of nested) {
      const key = `${e.payment_id} ${f}`;
      if (nestedNoted.has(key)) continue;
      nestedNoted.add(key);
      find(
        'events.field-under-data',
        `${f} is under data, not at the top level (a consumer reading the top level misses it)`,
        [r.payload],
        { paymentId: e.payment_id },
      );
    }
    if (typeof e.event_id !== 'string') {
      find(
        'events.event-id-present',
        `${e.status} without event_id: a consumer cannot skip its redeliveries`,
        [r.payload],
        { paymentId: e.payment_id },
      );
      e.event_id = `(no event_id #${++anonymous})`;
    }
    const rest = Object.fromEntries(
      Object.entries(r.payload as Record<string, unknown>).filter(([k]) => !(FIELDS as readonly string[]).includes(k)),
    );
    const event = { ...rest, ...e } as PaymentEvent;
    const earlier = seen.get(event.event_id);
    if (earlier && earlier.payment_id !== event.payment_id) {
      find(
        'events.event-id-across-payments',
        `event_id ${event.event_id} is used by payments ${earlier.payment_id} ` +
          `and ${event.payment_id}: a consumer that deduplicates on event_id ` +
          `alone (consumer rule 1) would skip this event of ${event.payment_id}`,
        [earlier, event],
        { paymentId: event.payment_id },
      );
    }
    const key = `${event.payment_id} ${event.event_id}`;
    const same = earlier?.payment_id === event.payment_id ? earlier : seen.get(key);
    if (same) {
      if (same.status !== event.status || same.recipient_id !== event.recipient_id) {
        find(
          'events.event-id-same-event',
          `event_id ${event.event_id} was delivered as ${describe(same)} and again as ${describe(event)}`,
          [same, event],
          {
            paymentId: event.payment_id,
          },
        );
      } else if (same.event_timestamp !== event.event_timestamp) {
        find(
          'events.event-id-redelivery-timestamp',
          `event_id ${event.event_id} was redelivered with event_timestamp ` +
            `${event.event_timestamp} (first ${same.event_timestamp})`,
          [same, event],
          {
            paymentId: event.payment_id,
          },
        );
      }
      continue;
    }
    seen.set(event.event_id, event);
    seen.set(key, event);
    cases++;
    const list = byPayment.get(event.payment_id) ?? [];
    list.push(event);
    byPayment.set(event.payment_id, list);
  }
  const counts = new Map<string, ObservedTransition>();
  const statuses: Record<string, number> = {};
  for (const [paymentId, events] of byPayment) {
    const find = finder(findings, strict, paymentId);
    const { sorted, order } = orderEvents(events, table, find);
    for (const e of sorted) statuses[e.status] = (statuses[e.status] ?? 0) + 1;
    const moves = judgeMoves(
      sorted,
      table,
      options.expectations?.[paymentId] ?? {},
      order.arrival ? arrivalFinder(find) : find,
      order,
    );
    for (const t of moves.transitions) {
      const k = `${t.from}->${t.to}`;
      const c = counts.get(k) ?? { from: t.from, to: t.to, count: 0, ...(t.id ? { id: t.id } : {}) };
      c.count++;
      counts.set(k, c);
    }
  }
  for (const [paymentId, e] of Object.entries(options.expectations ?? {})) {
    if (!byPayment.has(paymentId) && (e.complete || e.cancelled)) {
      find('events.first-carries-payment-id', 'no webhook received for this payment', [], { paymentId, pending: true });
    }
  }
  return { findings, cases, payments: [...byPayment.keys()], transitions: [...counts.values()], statuses };
}

/**
 * Is this payment's flow settled: complete (its end reached and nothing missing that a late or
 * retried delivery could still bring), or provably broken (a failure no later delivery can
 * repair)? For waiting loops: wait per flow until this holds or the time is up.
 */
export function isFlowSettled(
  received: readonly ReceivedEvent[],
  table: StateTable,
  paymentId: string,
  expectation: PaymentExpectation = {},
): boolean {
  const r = judgeEvents(received, table, { expectations: { [paymentId]: expectation } });
  const mine = r.findings.filter((f) => f.paymentId === paymentId);
  if (mine.some((f) => f.severity === 'error' && !f.pending)) return true;
  const ends = new Set([
    ...table.statuses.filter((s) => s.terminal).map((s) => s.name),
    ...table.transitions.filter((t) => t.requiresAllRecipients).map((t) => t.to),
  ]);
  const reached = received.some((e) => {
    const p = e.payload as Record<string, unknown> | null;
    if (p === null || typeof p !== 'object') return false;
    const { event } = liftFields(p);
    return event.payment_id === paymentId && ends.has(String(event.status));
  });
  return reached && !mine.some((f) => f.pending);
}

/**
 * event_timestamp order (consumer rule 2: "event_timestamp determines the real order"), read at
 * the precision of its text (event-time.ts). Only an equal instant is a tie, and a tie determines
 * no order: tied events are put in the state table's order (a status the table reaches in fewer
 * steps first; same status: arrival), so only what the timestamps prove can fail. When the
 * arrival order of tied events says otherwise, that is said once per payment ("event_timestamp
 * ties", not shown: a warning), never a failure. When any event of the payment has no readable
 * timestamp, the payment is judged in arrival order, said once; arrival order is not the
 * provider's order (consumer rule 2), so what follows from it is worded and graded as such.
 */
function orderEvents(
  events: PaymentEvent[],
  table: StateTable,
  find: Finder,
): { sorted: PaymentEvent[]; order: EventOrder } {
  const timed = events.map((e, i) => ({ e, i, t: readEventTime(e.event_timestamp) }));
  const unreadable = timed.filter((x) => x.t === undefined).map((x) => x.e);
  if (unreadable.length > 0) {
    find(
      'events.payload-fields',
      `${unreadable.length} of ${events.length} event(s) without a readable event_timestamp ` +
        `(${unreadable
          .slice(0, 3)
          .map((e) => `${e.status} ${JSON.stringify(e.event_timestamp ?? null)}`)
          .join(', ')}): this payment is judged in arrival order, which is not the provider's order`,
      unreadable.slice(0, 3),
    );
    const position = new Map(events.map((e, i) => [e, i] as const));
    return {
      sorted: events,
      order: { arrival: true, compare: (a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0) },
    };
  }
  const instant = new Map(timed.map((x) => [x.e, x.t as EventInstant] as const));
  const rank = tableRank(table);
  const rankOf = (s: string) => rank.get(s) ?? Number.MAX_SAFE_INTEGER;
  const at = (a: PaymentEvent, b: PaymentEvent) => compareInstants(instant.get(a)!, instant.get(b)!);
  const sorted = [...timed].sort((a, b) => at(a.e, b.e) || rankOf(a.e.status) - rankOf(b.e.status) || a.i - b.i);
  const reordered = sorted.find((x, k) => k > 0 && at(x.e, sorted[k - 1].e) === 0 && x.i < sorted[k - 1].i);
  if (reordered) {
    const tied = sorted.filter((x) => at(x.e, reordered.e) === 0).map((x) => x.e);
    find(
      'events.timestamp-ties',
      `event_timestamp ties: ${[...new Set(tied.map((e) => e.status))].join(', ')} ` +
        `share the instant ${reordered.e.event_timestamp} and arrived in another order; the ` +
        `timestamps cannot order them, so they are judged in the state table's order`,
      tied.slice(0, 3),
    );
  }
  return {
    sorted: sorted.map((x) => x.e),
    order: { arrival: false, compare: at, seconds: (a, b) => secondsBetween(instant.get(a)!, instant.get(b)!) },
  };
}

/** The rules whose findings rest on the order of events. */
const ORDER_RULES: ReadonlySet<EventRuleId> = new Set<EventRuleId>([
  'events.first-usually-awaiting-funds',
  'events.nothing-after-cancelled',
  'events.after-completed',
  'events.move-not-shown',
  'events.fx-skipped',
  'events.payouts-interleaved',
  'events.completed-after-all-credited',
  'events.credited-after-initiated',
]);

/** Consumer rule 2: "Order is not guaranteed". */
const ARRIVAL_ORDER = notShown(
  'Events, consumer rule 2',
  'Order is not guaranteed; event_timestamp determines the real order',
);

/**
 * In arrival order an order finding is not the provider's order: it says so, and rests on what
 * the seed leaves open (a warning unless --strict). Pending findings (something missing) stay.
 */
function arrivalFinder(find: Finder): Finder {
  return (rule, message, events, extra = {}) => {
    if (!ORDER_RULES.has(rule) || extra.pending) return find(rule, message, events, extra);
    find(
      rule,
      `in arrival order (event_timestamp unreadable, so the provider's order is unknown): ${message}`,
      events,
      {
        ...extra,
        provenance: ARRIVAL_ORDER,
      },
    );
  };
}

/** How many moves of the state table each status is from a first status (fewest); statuses it does not reach are
 * absent. */
function tableRank(table: StateTable): Map<string, number> {
  const rank = new Map<string, number>(table.initial.map((s) => [s.status, 0]));
  for (let changed = true; changed; ) {
    changed = false;
    for (const t of table.transitions) {
      const from = t.from === null ? 0 : rank.get(t.from);
      if (from === undefined) continue;
      const next = t.from === null ? 0 : from + 1;
      if ((rank.get(t.to) ?? Number.POSITIVE_INFINITY) > next) {
        rank.set(t.to, next);
        changed = true;
      }
    }
  }
  return rank;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const describe = (e: PaymentEvent) => `${e.status}${e.recipient_id ? ` for ${e.recipient_id}` : ''}`;

/** A payload as the judge reads it: the seed's fields lifted from `data`, nulls dropped (for schema validation). */
export function judgedPayload(payload: unknown): unknown {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return payload;
  const rest = Object.fromEntries(
    Object.entries(payload as Record<string, unknown>).filter(([k, v]) => v !== null && k !== 'data'),
  );
  return { ...rest, ...liftFields(payload as Record<string, unknown>).event };
}
