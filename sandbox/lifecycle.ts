/**
 * The payment lifecycle, driven by spec/payment-states.yaml read as data: each stage applies the
 * first applicable transition of the table whose trigger is automatic (not one the control API
 * fires), fanning out per recipient where the row says `perRecipient` and completing only once
 * every recipient reached `requiresAllRecipients` (seed §States and transitions, §Events rule 4).
 * Nothing here re-codes the sequence: a different table gives a different flow.
 */
import type { StateTable } from '../kits/payments/state-table/index.js';
import type { SandboxStore } from './store.js';
import type { PaymentEvent, PaymentRecord } from './types.js';

/** Triggers fired from outside (creation, the control API); every other trigger runs by itself. */
const EXTERNAL_TRIGGERS = new Set(['payment-created', 'funds-arrive', 'cancellation']);
/** A-STATE-4: the table does not show BOUNCED_BACK's moves; the mock allows it from these. */
const BOUNCE_FROM = new Set(['PAYOUT_INITIATED', 'PAYOUT_CREDITED', 'PAYMENT_COMPLETED']);
const BOUNCED_BACK = 'BOUNCED_BACK';

export interface LifecycleOptions {
  /** instant: the whole flow runs at once after deliver-funds (seed §Events rule 5, sandbox);
   * realistic: one stage every `stageDelayMs` of sandbox time. */
  mode: 'instant' | 'realistic';
  /** Default 2000 ms. */
  stageDelayMs?: number;
}

export type Emit = (payment: PaymentRecord, event: PaymentEvent) => void;

export type LifecycleResult = { ok: true; payment: PaymentRecord } | { ok: false; status: number; message: string };

export class LifecycleEngine {
  private readonly timers = new Map<string, () => void>();

  constructor(
    private readonly table: StateTable,
    private readonly store: SandboxStore,
    private readonly emit: Emit,
    private readonly options: LifecycleOptions,
  ) {}

  /** The `from: null` row's status, looked up once (it ran on every create). */
  private get initialStatus(): string {
    if (this.initial === undefined) {
      const t =
        this.table.transitions.find((x) => x.from === null && x.trigger === 'payment-created') ??
        this.table.transitions.find((x) => x.from === null);
      this.initial = t?.to ?? this.table.initial[0]!.status;
    }
    return this.initial;
  }

  private initial: string | undefined;

  /** The statuses a first webhook may carry (the table's `initial`: AWAITING_FUNDS, PROCESSING). */
  firstStatuses(): string[] {
    return this.table.initial.map((i) => i.status);
  }

  /** Sets the initial status (the `from: null` row, or `firstStatus` from the table's `initial`
   * list when the control API asked for it) and emits its event. */
  created(payment: PaymentRecord, firstStatus?: string): void {
    payment.status = firstStatus ?? this.initialStatus;
    this.event(payment, payment.status);
  }

  deliverFunds(payment: PaymentRecord): LifecycleResult {
    const r = this.fire(payment, 'funds-arrive');
    if (!r.ok) return r;
    payment.fundsDelivered = true;
    this.continue(payment);
    return r;
  }

  cancel(payment: PaymentRecord): LifecycleResult {
    const r = this.fire(payment, 'cancellation');
    if (r.ok) this.stop(payment);
    return r;
  }

  bounceBack(payment: PaymentRecord): LifecycleResult {
    if (!BOUNCE_FROM.has(payment.status))
      return {
        ok: false,
        status: 409,
        message:
          `cannot bounce back a payment in ${payment.status} ` +
          `(A-STATE-4: only from ${[...BOUNCE_FROM].join(', ')})`,
      };
    this.stop(payment);
    payment.status = BOUNCED_BACK;
    this.event(payment, BOUNCED_BACK);
    return { ok: true, payment };
  }

  hold(payment: PaymentRecord): void {
    payment.held = true;
    this.stop(payment);
  }

  release(payment: PaymentRecord): void {
    payment.held = false;
    if (payment.fundsDelivered) this.continue(payment);
  }

  /** Cancels every scheduled stage (on close). */
  stopAll(): void {
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
  }

  private fire(payment: PaymentRecord, trigger: string): LifecycleResult {
    const from = this.movesAs(payment.status);
    const t = this.table.transitions.find((x) => x.from === from && x.trigger === trigger);
    if (t === undefined)
      return { ok: false, status: 409, message: `no ${trigger} transition from ${payment.status} in the state table` };
    payment.status = t.to;
    this.event(payment, t.to);
    return { ok: true, payment };
  }

  /** A-STATE-5: a first status without moves of its own in the table (PROCESSING: "its moves:
   * not shown") is fired from as the table's own first status, so deliver-funds and cancel work
   * on it. Every other status fires from itself. */
  private movesAs(status: string): string {
    if (status === this.initialStatus || this.table.transitions.some((t) => t.from === status)) return status;
    return this.table.initial.some((i) => i.status === status) ? this.initialStatus : status;
  }

  /** Runs the automatic stages: all at once (instant) or one per stage delay (realistic). */
  private continue(payment: PaymentRecord): void {
    if (this.options.mode === 'instant') {
      while (!payment.held && this.step(payment));
      return;
    }
    const next = (): void => {
      this.timers.delete(payment.payment_id);
      if (!payment.held && this.step(payment))
        this.timers.set(
          payment.payment_id,
          this.store.clockOfCustomer(payment.customer_id).schedule(this.options.stageDelayMs ?? 2000, next),
        );
    };
    this.stop(payment);
    this.timers.set(
      payment.payment_id,
      this.store.clockOfCustomer(payment.customer_id).schedule(this.options.stageDelayMs ?? 2000, next),
    );
  }

  /** Applies one stage; false when no automatic transition applies any more. */
  private step(payment: PaymentRecord): boolean {
    for (const t of this.table.transitions) {
      if (t.from === null || EXTERNAL_TRIGGERS.has(t.trigger)) continue;
      if (t.perRecipient) {
        const due = payment.recipient_details.filter((r) => (r.status ?? payment.status) === t.from);
        if (due.length === 0) continue;
        for (const r of due) {
          r.status = t.to;
          payment.status = t.to;
          this.event(payment, t.to, r.recipient_id);
        }
        return true;
      }
      if (t.from !== payment.status) continue;
      if (t.requiresAllRecipients && !payment.recipient_details.every((r) => r.status === t.requiresAllRecipients))
        continue;
      payment.status = t.to;
      this.event(payment, t.to);
      return true;
    }
    return false;
  }

  private stop(payment: PaymentRecord): void {
    this.timers.get(payment.payment_id)?.();
    this.timers.delete(payment.payment_id);
  }

  /** Timestamps strictly increase per payment, so event_timestamp orders events even when a
   * whole flow runs within one millisecond (seed §Events rule 2). */
  private event(payment: PaymentRecord, status: string, recipientId?: string): void {
    const clock = this.store.clockOfCustomer(payment.customer_id);
    const ms = Math.max(clock.now(), (payment.lastEventMs ?? 0) + 1);
    payment.lastEventMs = ms;
    const e: PaymentEvent = {
      event_id: this.store.newId('evt'),
      event_timestamp: clock.iso(ms),
      payment_id: payment.payment_id,
      status,
    };
    if (payment.client_reference_id !== undefined) e.client_reference_id = payment.client_reference_id;
    if (payment.client_customer_ref !== undefined) e.client_customer_ref = payment.client_customer_ref;
    if (payment.session_id !== undefined) e.session_id = payment.session_id;
    if (recipientId !== undefined) e.recipient_id = recipientId;
    payment.events.push(e);
    this.emit(payment, e);
  }
}
