/**
 * Where a consumer keeps what it has seen. The consumer reads, reduces, runs the user's callback,
 * then commits; `commit` writes the payment state and the event id together or not at all, and
 * only if nobody committed a newer version meanwhile (compare-and-set on `version`).
 */
import type { PaymentEffect, PaymentState } from './reducer.js';

type MaybePromise<T> = T | Promise<T>;

export interface CommitInput {
  eventId: string;
  paymentId: string;
  /** Version of the state the change was computed from (0 when there was none). */
  expectedVersion: number;
  state: PaymentState;
  effect: PaymentEffect;
}

export interface WebhookStore {
  /** Has this event_id been accepted before (for any payment)? */
  hasEvent(eventId: string): MaybePromise<boolean>;
  getPayment(paymentId: string): MaybePromise<PaymentState | undefined>;
  /** Atomically stores `state` and marks `eventId` seen. False when the stored version moved on
   * or the event was already committed; the caller then re-reads and retries. */
  commit(input: CommitInput): MaybePromise<boolean>;
  /** Deletes the state of every payment that never became known (it holds only parked events,
   * consumer rule 3) and whose newest event is older than `before` (ms since the epoch). Event
   * ids stay recorded, so a redelivery is still a duplicate. Returns how many were deleted. */
  pruneUnknown?(before: number): MaybePromise<number>;
  /** Runs `fn` while this payment is locked for every process sharing the store, in one
   * transaction: committed when `fn` returns, rolled back when it throws (or the process dies).
   * Stores shared by several instances (PostgreSQL) offer it; the consumer then reads, reduces,
   * runs `onStatusChange` and commits inside it, so a change is applied once cluster-wide. */
  withPaymentLock?<T>(paymentId: string, fn: (tx: PaymentTransaction) => Promise<T>): Promise<T>;
  close?(): MaybePromise<void>;
}

/** One payment's view of the store inside `withPaymentLock`. */
export interface PaymentTransaction {
  /** Was this event_id accepted before for this payment? */
  hasEvent(eventId: string): Promise<boolean>;
  getPayment(): Promise<PaymentState | undefined>;
  /** Stores the new state and marks the event seen; at most once per transaction. */
  commit(input: { eventId: string; state: PaymentState; effect: PaymentEffect }): Promise<void>;
  /** The store's own transaction (for PostgreSQL, the `pg` client in the open transaction): write
   * your own effects of a status change through it and they commit or roll back with the event. */
  readonly handle?: unknown;
}

/** Is this the state of a payment never known whose newest parked event is older than
 * `before`? An unreadable timestamp counts as old. */
export function isPrunableUnknown(state: PaymentState, before: number): boolean {
  return !state.known && state.parked.every((e) => !(Date.parse(e.eventTimestamp) >= before));
}

/** In-process store: fast, lost on restart. For tests, sandboxes and single-process demos. */
export function createMemoryStore(): WebhookStore & {
  payments: Map<string, PaymentState>;
  events: Map<string, PaymentEffect>;
} {
  const payments = new Map<string, PaymentState>();
  const events = new Map<string, PaymentEffect>();
  return {
    payments,
    events,
    hasEvent: (eventId) => events.has(eventId),
    getPayment: (paymentId) => payments.get(paymentId),
    commit({ eventId, paymentId, expectedVersion, state, effect }) {
      if (events.has(eventId) || (payments.get(paymentId)?.version ?? 0) !== expectedVersion) return false;
      payments.set(paymentId, state);
      events.set(eventId, effect);
      return true;
    },
    pruneUnknown(before) {
      let pruned = 0;
      for (const [id, state] of payments) {
        if (!isPrunableUnknown(state, before)) continue;
        payments.delete(id);
        pruned++;
      }
      return pruned;
    },
  };
}
