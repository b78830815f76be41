/**
 * Event streams the service would send (seed §Events, consumer rule 4): one payment with n
 * recipients emits AWAITING_FUNDS, RECEIVED_FUNDS, FX_COMPLETED, n PAYOUT_INITIATED, n
 * PAYOUT_CREDITED, then PAYMENT_COMPLETED, each with a later event_timestamp than the one before.
 * The statuses come from the state table (the shortest path from creation to the status that
 * needs all recipients), not from a list written here.
 */
import type { StateTable } from '../../../kits/payments/state-table/index.js';
import { loadStateTable } from '../../../kits/payments/state-table/index.js';

/** A webhook payload as the service sends it (snake_case, seed §Events). */
export interface WebhookPayload {
  event_id: string;
  event_timestamp: string;
  payment_id: string;
  status: string;
  client_reference_id: string;
  client_customer_ref?: string;
  recipient_id?: string;
}

export interface FlowOptions {
  paymentId: string;
  recipients: number;
  /** Prefix of event ids; ids are `<prefix>-<n>`. */
  eventPrefix: string;
  /** First event_timestamp (ms). Events are 1 s apart. */
  startMs: number;
  /** Default: spec/payment-states.yaml. */
  table?: StateTable;
}

/** Statuses from creation to completion, each marked when it is emitted once per recipient. */
export function completionPath(table: StateTable): Array<{ status: string; perRecipient: boolean }> {
  const goal = table.transitions.find((t) => t.requiresAllRecipients)?.to;
  const start = table.transitions.find((t) => t.from === null)?.to;
  if (!goal || !start) throw new Error('state table has no creation or completion transition');
  const previous = new Map<string, string | null>([[start, null]]);
  for (const queue = [start]; queue.length > 0 && !previous.has(goal); ) {
    const from = queue.shift()!;
    for (const t of table.transitions) {
      if (t.from !== from || previous.has(t.to)) continue;
      previous.set(t.to, from);
      queue.push(t.to);
    }
  }
  if (!previous.has(goal)) throw new Error(`state table has no path from ${start} to ${goal}`);
  const path: string[] = [];
  for (let s: string | null = goal; s !== null; s = previous.get(s) ?? null) path.unshift(s);
  const fanOut = new Set(table.fanOut.statuses);
  return path.map((status) => ({ status, perRecipient: fanOut.has(status) }));
}

let specTable: StateTable | undefined;
const defaultTable = (): StateTable => (specTable ??= loadStateTable());

/** The completion status, and the status every recipient reaches before it. */
export function completionTargets(table: StateTable = defaultTable()): { completed: string; recipientDone: string } {
  const t = table.transitions.find((x) => x.requiresAllRecipients)!;
  return { completed: t.to, recipientDone: t.requiresAllRecipients! };
}

export function paymentFlow({
  paymentId,
  recipients,
  eventPrefix,
  startMs,
  table = defaultTable(),
}: FlowOptions): WebhookPayload[] {
  const ids = Array.from({ length: recipients }, (_, i) => `rcp-${i + 1}`);
  const steps = completionPath(table).flatMap(
    ({ status, perRecipient }): Array<{ status: string; recipient?: string }> =>
      perRecipient ? ids.map((recipient) => ({ status, recipient })) : [{ status }],
  );
  return steps.map((s, i) => ({
    event_id: `${eventPrefix}-${i + 1}`,
    event_timestamp: new Date(startMs + i * 1000).toISOString(),
    payment_id: paymentId,
    status: s.status,
    client_reference_id: `ref-${paymentId}`.slice(0, 36),
    ...(s.recipient ? { recipient_id: s.recipient } : {}),
  }));
}

/** A fixed reordering in which the first webhook (AWAITING_FUNDS) is not first and the last
 * (PAYMENT_COMPLETED) is not last, so trusting arrival order visibly gives the wrong status. */
export function shuffled<T>(events: readonly T[]): T[] {
  const n = events.length;
  const order = [1, n - 1, 0, ...Array.from({ length: n - 3 }, (_, i) => n - 2 - i)];
  return order.map((i) => events[i]!);
}
