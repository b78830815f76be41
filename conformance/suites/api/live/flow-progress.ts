/**
 * How far a payment flow got, from the webhooks received for it, read against the state table
 * as data: has its expectation been met (every recipient through every per-recipient status,
 * then the completion status; or the cancellation), is it provably over without meeting it (a
 * status with no way out that is not the expected end), and if neither, what it still waits
 * for. Pure. The event judge decides whether what arrived is right; this only decides when to
 * stop waiting (seed §States and transitions; §Events consumer rules 4 and 5).
 */
import type { StateTable } from '../../../../kits/payments/state-table/index.js';
import type { PaymentExpectation } from '../../events/event-types.js';

export interface FlowEvent {
  status: string;
  recipient_id?: string;
}

export interface FlowProgress {
  /** Expectation met, or a dead end reached: waiting longer cannot change the verdict. */
  settled: boolean;
  /** Settled at a dead end that is not the expected end. */
  deadEnd?: string;
  /** The furthest status received (chain order), or null before the first webhook. */
  reached: string | null;
  /** What the flow still waits for, in words (undefined once settled). */
  waitingFor?: string;
  /** Waiting for the completion status after every recipient was credited (its own allowance). */
  awaitingCompletion: boolean;
}

export interface TableShape {
  /** The documented chain from the first status to completion, e.g. AWAITING_FUNDS … PAYMENT_COMPLETED. */
  chain: string[];
  perRecipient: string[];
  completion?: string;
  /** Seconds the completion status may take after the last per-recipient status (seed §Limits: 5 minutes). */
  completionAllowanceSeconds?: number;
  cancellation?: string;
  /** Statuses the table has no move out of. */
  deadEnds: Set<string>;
}

export function tableShape(table: StateTable): TableShape {
  const completionRow = table.transitions.find((t) => t.requiresAllRecipients);
  const cancellation = table.transitions.find((t) => t.trigger === 'cancellation')?.to;
  const chain: string[] = [];
  let at = table.transitions.find((t) => t.from === null)?.to ?? table.initial[0]?.status;
  while (at && !chain.includes(at)) {
    chain.push(at);
    const from = at;
    at = table.transitions.find((t) => t.from === from && t.to !== cancellation)?.to ?? '';
  }
  const withExits = new Set(table.transitions.map((t) => t.from).filter((f): f is string => f !== null));
  const initial = new Set(table.initial.map((i) => i.status));
  return {
    chain,
    perRecipient: table.transitions.filter((t) => t.perRecipient).map((t) => t.to),
    completion: completionRow?.to,
    completionAllowanceSeconds: completionRow?.maxDelaySeconds,
    cancellation,
    // A first status without moves of its own (PROCESSING: "not shown") is no dead end.
    deadEnds: new Set(table.statuses.map((s) => s.name).filter((s) => !withExits.has(s) && !initial.has(s))),
  };
}

export function flowProgress(
  events: readonly FlowEvent[],
  expectation: PaymentExpectation,
  shape: TableShape,
): FlowProgress {
  const seen = new Set(events.map((e) => e.status));
  const reached =
    events.length === 0 ? null : ([...seen].find((s) => shape.deadEnds.has(s)) ?? furthest(events, shape));
  const expectedEnd = expectation.cancelled ? shape.cancellation : expectation.complete ? shape.completion : undefined;
  const deadEnd = [...seen].find((s) => shape.deadEnds.has(s) && s !== expectedEnd);
  if (deadEnd) return { settled: true, deadEnd, reached, awaitingCompletion: false };
  if (expectation.cancelled) {
    return seen.has(shape.cancellation ?? '')
      ? { settled: true, reached, awaitingCompletion: false }
      : { settled: false, reached, waitingFor: shape.cancellation ?? 'the cancellation', awaitingCompletion: false };
  }
  if (!expectation.complete) {
    // Nothing was driven: the flow is over only at a dead end (handled above).
    return {
      settled: false,
      reached,
      waitingFor: reached === null ? 'a first webhook' : `whatever follows ${reached}`,
      awaitingCompletion: false,
    };
  }
  const recipients = expectation.recipients ?? [];
  for (const status of shape.perRecipient) {
    const done = new Set(events.filter((e) => e.status === status).map((e) => e.recipient_id));
    const missing = recipients.filter((r) => !done.has(r));
    if (missing.length > 0 || (recipients.length === 0 && !seen.has(status))) {
      const before = shape.chain
        .slice(0, shape.chain.indexOf(status))
        .find((s) => !seen.has(s) && !laterSeen(s, seen, shape));
      const what = before ?? (missing.length > 0 ? `${status} for ${missing.join(', ')}` : status);
      return { settled: false, reached, waitingFor: what, awaitingCompletion: false };
    }
  }
  if (shape.completion && !seen.has(shape.completion))
    return { settled: false, reached, waitingFor: shape.completion, awaitingCompletion: true };
  return { settled: true, reached, awaitingCompletion: false };
}

/** The status furthest along the chain; the last one received when none is on the chain. */
function furthest(events: readonly FlowEvent[], shape: TableShape): string {
  const ranked = events
    .map((e) => ({ status: e.status, rank: shape.chain.indexOf(e.status) }))
    .filter((x) => x.rank >= 0);
  if (ranked.length === 0) return events[events.length - 1].status;
  return ranked.reduce((a, b) => (b.rank > a.rank ? b : a)).status;
}

/** A status counts as passed when a later status of the chain was received (A-STATE-2: a
 * same-currency payment may skip FX_COMPLETED). */
function laterSeen(status: string, seen: Set<string>, shape: TableShape): boolean {
  return shape.chain.slice(shape.chain.indexOf(status) + 1).some((s) => seen.has(s));
}
