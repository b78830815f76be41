/**
 * Is a status move one the payment state table has (seed §States and transitions)? Judged on
 * reachability, not on a single row: order is not guaranteed (seed §Events, consumer rule 2), so a
 * payment may be seen to jump AWAITING_FUNDS -> FX_COMPLETED while RECEIVED_FUNDS is still on its
 * way; that is a move the table allows. A move backwards or out of a terminal status is not in the
 * table. A move into or out of a status with no listed moves (PROCESSING, BOUNCED_BACK: their moves
 * are "not shown") is not judged: what is not shown is open (the sandbox drives them, A-STATE-4/5),
 * and a status the table does not list at all is the payload check's finding (A-OPEN-STATUS), not a move's.
 */
import { tableFacts, type PaymentStateTable } from '../state-table.js';

/** A status move of a payment (or of one recipient) that the table does not have. */
export interface UnlistedMove {
  from: string | null;
  to: string;
  /** Set for a per-recipient move. */
  recipientId?: string;
  eventId: string;
}

const cache = new WeakMap<PaymentStateTable, Map<string, Set<string>>>();
const judgedCache = new WeakMap<PaymentStateTable, Set<string>>();

/** The statuses some listed move leads to or from: moves of the others are not shown. */
function judgedStatuses(table: PaymentStateTable): Set<string> {
  let out = judgedCache.get(table);
  if (out === undefined) {
    out = new Set<string>();
    for (const t of table.transitions) {
      if (t.from !== null) out.add(t.from);
      out.add(t.to);
    }
    judgedCache.set(table, out);
  }
  return out;
}

/** Every status reachable from each status through one or more transitions. */
function reachability(table: PaymentStateTable): Map<string, Set<string>> {
  const hit = cache.get(table);
  if (hit) return hit;
  const next = new Map<string, string[]>();
  for (const t of table.transitions) if (t.from !== null) next.set(t.from, [...(next.get(t.from) ?? []), t.to]);
  const out = new Map<string, Set<string>>();
  for (const { name } of table.statuses) {
    const seen = new Set<string>();
    const queue = [...(next.get(name) ?? [])];
    while (queue.length > 0) {
      const s = queue.shift()!;
      if (seen.has(s)) continue;
      seen.add(s);
      queue.push(...(next.get(s) ?? []));
    }
    out.set(name, seen);
  }
  cache.set(table, out);
  return out;
}

/**
 * `recipient`: the move of one recipient's payout status; its first status may be any fan-out
 * status (its PAYOUT_INITIATED may still be on its way). At payment level, two fan-out statuses
 * may follow each other both ways: payouts of different recipients interleave (assumption A-STATE-1).
 */
export function isListedMove(table: PaymentStateTable, from: string | null, to: string, recipient = false): boolean {
  const facts = tableFacts(table);
  if (from === to) return true;
  const judged = judgedStatuses(table);
  if (!judged.has(to) || (from !== null && !judged.has(from))) return true;
  if (from === null) return recipient ? facts.fanOut.has(to) : facts.rank.has(to);
  if (!recipient && facts.fanOut.has(from) && facts.fanOut.has(to)) return true;
  return reachability(table).get(from)?.has(to) ?? false;
}
