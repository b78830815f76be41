/**
 * The consumer rules of seed §Events as a pure function over plain data:
 * 1. event_id is the idempotency key: a repeated one is a `duplicate` (answered 200, skipped).
 * 2. event_timestamp is the real order: an older event never moves a payment backwards (`stale`).
 * 3. A payment_id matching no known record changes nothing (`unknown-payment`); the event is
 *    parked, and replayed in timestamp order if the payment becomes known (its first webhook,
 *    AWAITING_FUNDS or PROCESSING, may arrive after later ones since order is not guaranteed).
 * 4. PAYOUT_INITIATED / PAYOUT_CREDITED are tracked per recipient; PAYMENT_COMPLETED means every
 *    recipient was credited (§States and transitions, row 6), so it marks them all credited.
 * Plus: nothing changes after a terminal status (CANCELLED: "no further webhooks follow"), and a
 * status the table does not list is kept and reported (`unknown-status`), never a crash. A status
 * move the table does not have is applied as before and listed in `unlistedMoves` (table-moves.ts).
 */
import type { PaymentEvent } from './event.js';
import { tableFacts, type PaymentStateTable, type TableFacts } from '../state-table.js';
import { isListedMove, type UnlistedMove } from './table-moves.js';

export interface RecipientState {
  status: string;
  /** event_timestamp of the event that set it. */
  at: string;
  /** Set when implied by PAYMENT_COMPLETED rather than seen in its own event. */
  implied?: boolean;
}

export interface PaymentState {
  paymentId: string;
  /** False while only parked events exist (no known record, consumer rule 3). */
  known: boolean;
  status: string | null;
  /** event_timestamp of the event that set `status`. */
  statusAt: string | null;
  terminal: boolean;
  recipients: Record<string, RecipientState>;
  /** Every distinct event_id accepted for this payment (duplicates excluded). */
  eventIds: string[];
  /** Events received while the payment was unknown. */
  parked: PaymentEvent[];
  /** Events kept but not applied: unknown statuses and events after a terminal status. */
  ignored: Array<{ eventId: string; status: string; effect: 'unknown-status' | 'after-terminal' }>;
  /** Incremented on every change; stores use it for compare-and-set. */
  version: number;
}

export type PaymentEffect = 'applied' | 'duplicate' | 'stale' | 'unknown-payment' | 'unknown-status' | 'after-terminal';

export interface StatusChange {
  paymentId: string;
  /** Set for a per-recipient change. */
  recipientId?: string;
  from: string | null;
  to: string;
  eventId: string;
}

export interface ApplyResult {
  state: PaymentState;
  effect: PaymentEffect;
  changes: StatusChange[];
  /** Status moves this event (or a parked one it released) made that the state table does not
   * have; absent when there are none. The consumer reports them as contract violations. */
  unlistedMoves?: UnlistedMove[];
}

export interface ApplyOptions {
  /** Is there a record of this payment? Default: it has state already, or the event carries an
   * initial status of the table (the first webhook carries payment_id, seed §Reconciliation). */
  known?: boolean;
}

export function emptyPaymentState(paymentId: string): PaymentState {
  return {
    paymentId,
    known: false,
    status: null,
    statusAt: null,
    terminal: false,
    recipients: {},
    eventIds: [],
    parked: [],
    ignored: [],
    version: 0,
  };
}

export function applyPaymentEvent(
  table: PaymentStateTable,
  state: PaymentState | undefined,
  event: PaymentEvent,
  options: ApplyOptions = {},
): ApplyResult {
  const facts = tableFacts(table);
  const current = state ?? emptyPaymentState(event.paymentId);
  if (current.eventIds.includes(event.eventId)) return { state: current, effect: 'duplicate', changes: [] };
  const base = { ...current, eventIds: [...current.eventIds, event.eventId], version: current.version + 1 };
  const known = current.known || (options.known ?? facts.initial.has(event.status));
  if (!known) return { state: { ...base, parked: [...current.parked, event] }, effect: 'unknown-payment', changes: [] };

  const moves: UnlistedMove[] = [];
  const first = applyKnown(table, facts, current.known ? base : { ...base, known: true, parked: [] }, event, moves);
  let { state: next } = first;
  const changes = [...first.changes];
  for (const parked of [...current.parked].sort((a, b) => order(facts, a, b))) {
    const r = applyKnown(table, facts, next, parked, moves);
    next = r.state;
    changes.push(...r.changes);
  }
  return { state: next, effect: first.effect, changes, ...(moves.length > 0 ? { unlistedMoves: moves } : {}) };
}

type Step = { state: PaymentState; effect: PaymentEffect; changes: StatusChange[] };

function applyKnown(
  table: PaymentStateTable,
  facts: TableFacts,
  s: PaymentState,
  e: PaymentEvent,
  moves: UnlistedMove[],
): Step {
  if (!facts.known.has(e.status)) {
    return {
      state: { ...s, ignored: [...s.ignored, { eventId: e.eventId, status: e.status, effect: 'unknown-status' }] },
      effect: 'unknown-status',
      changes: [],
    };
  }
  const newerThanStatus = s.status === null || isNewer(facts, e, s.status, s.statusAt!);
  if (s.terminal) {
    if (!newerThanStatus) return { state: s, effect: 'stale', changes: [] };
    // "No further webhooks after it" (seed §Events): any later status is a move out of the table.
    if (e.status !== s.status) moves.push({ from: s.status, to: e.status, eventId: e.eventId });
    return {
      state: { ...s, ignored: [...s.ignored, { eventId: e.eventId, status: e.status, effect: 'after-terminal' }] },
      effect: 'after-terminal',
      changes: [],
    };
  }
  const changes: StatusChange[] = [];
  let recipients = s.recipients;
  const completedBy = s.status !== null ? facts.completion.get(s.status) : undefined;
  if (e.recipientId !== undefined && facts.fanOut.has(e.status)) {
    const mine = recipients[e.recipientId];
    if (completedBy !== undefined) {
      // Completion already says every recipient was credited; a late payout event adds the recipient only.
      if (!mine)
        recipients = { ...recipients, [e.recipientId]: { status: completedBy, at: s.statusAt!, implied: true } };
    } else if (!mine || isNewer(facts, e, mine.status, mine.at)) {
      recipients = { ...recipients, [e.recipientId]: { status: e.status, at: e.eventTimestamp } };
      if (!isListedMove(table, mine?.status ?? null, e.status, true))
        moves.push({ from: mine?.status ?? null, to: e.status, recipientId: e.recipientId, eventId: e.eventId });
      if (mine?.status !== e.status)
        changes.push({
          paymentId: s.paymentId,
          recipientId: e.recipientId,
          from: mine?.status ?? null,
          to: e.status,
          eventId: e.eventId,
        });
    }
  }
  let next: PaymentState = recipients === s.recipients ? s : { ...s, recipients };
  if (newerThanStatus) {
    next = { ...next, status: e.status, statusAt: e.eventTimestamp, terminal: facts.terminal.has(e.status) };
    if (s.status !== e.status)
      changes.push({ paymentId: s.paymentId, from: s.status, to: e.status, eventId: e.eventId });
    if (!isListedMove(table, s.status, e.status)) moves.push({ from: s.status, to: e.status, eventId: e.eventId });
    const all = facts.completion.get(e.status);
    if (all !== undefined) next.recipients = markAll(facts, next.recipients, all, e.eventTimestamp);
  }
  const moved = newerThanStatus || recipients !== s.recipients;
  return { state: next, effect: moved ? 'applied' : 'stale', changes };
}

function markAll(
  facts: TableFacts,
  recipients: Record<string, RecipientState>,
  status: string,
  at: string,
): Record<string, RecipientState> {
  const out: Record<string, RecipientState> = {};
  for (const [id, r] of Object.entries(recipients)) {
    out[id] = (facts.rank.get(r.status) ?? 0) < (facts.rank.get(status) ?? 0) ? { status, at, implied: true } : r;
  }
  return out;
}

/** Later event_timestamp wins; equal timestamps fall back to the table's order. */
function isNewer(facts: TableFacts, e: PaymentEvent, status: string, at: string): boolean {
  const diff = Date.parse(e.eventTimestamp) - Date.parse(at);
  if (diff !== 0) return diff > 0;
  return (facts.rank.get(e.status) ?? -1) > (facts.rank.get(status) ?? -1);
}

function order(facts: TableFacts, a: PaymentEvent, b: PaymentEvent): number {
  const diff = Date.parse(a.eventTimestamp) - Date.parse(b.eventTimestamp);
  return diff !== 0 ? diff : (facts.rank.get(a.status) ?? -1) - (facts.rank.get(b.status) ?? -1);
}
