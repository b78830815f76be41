/**
 * The payment state table (spec/payment-states.yaml): its type and the facts derived from it,
 * in one module for every reader (the webhook kit, the sandbox, the conformance runner). The
 * loader and the schema are in ../state-table/ (they need node:fs and ajv; generated code does not).
 */

/** spec/payment-states.yaml, typed (seed §States and transitions, §Events). */
export interface StateTable {
  version: number;
  statuses: Array<{ name: string; documented: boolean; perRecipient?: boolean; terminal?: boolean; note?: string }>;
  initial: Array<{ status: string; documented: boolean; source: string }>;
  transitions: Array<{
    id: string;
    from: string | null;
    to: string;
    trigger: string;
    condition?: string;
    perRecipient?: boolean;
    requiresAllRecipients?: string;
    maxDelaySeconds?: number;
    emits?: string;
    source: string;
  }>;
  fanOut: {
    statuses: string[];
    key: string;
    exactlyOncePerRecipient: boolean;
    interleaving: { documented: boolean; assumption?: string };
  };
  notShown: Array<{ subject: string; what: string; source: string; assumption?: string }>;
  assumptions: Array<{ id: string; text: string }>;
  sessions: {
    states: Array<{ name: string; documented: boolean; note?: string }>;
    expiry: { field: string; rule: string };
    otherStatuses: { documented: boolean; note: string };
  };
}

/** The part of the table the webhook kit reads (a generated `paymentStates` const satisfies it). */
export interface PaymentStateTable {
  statuses: ReadonlyArray<{ name: string; perRecipient?: boolean; terminal?: boolean }>;
  initial: ReadonlyArray<{ status: string }>;
  transitions: ReadonlyArray<{ from: string | null; to: string; requiresAllRecipients?: string }>;
  fanOut: { statuses: readonly string[]; key: string };
}

/** Facts derived once per table. */
export interface TableFacts {
  known: Set<string>;
  initial: Set<string>;
  terminal: Set<string>;
  fanOut: Set<string>;
  /** Distance from an initial status along the transitions; ties of equal timestamps break on it. */
  rank: Map<string, number>;
  /** Status reached only after all recipients reach another: PAYMENT_COMPLETED -> PAYOUT_CREDITED. */
  completion: Map<string, string>;
}

const cache = new WeakMap<PaymentStateTable, TableFacts>();

export function tableFacts(table: PaymentStateTable): TableFacts {
  const hit = cache.get(table);
  if (hit) return hit;
  const rank = new Map<string, number>();
  const queue: string[] = [];
  const reach = (status: string, distance: number): void => {
    rank.set(status, distance);
    queue.push(status);
  };
  for (const { status } of table.initial) reach(status, 0);
  for (const t of table.transitions) if (t.from === null && !rank.has(t.to)) reach(t.to, 0);
  while (queue.length > 0) {
    const from = queue.shift()!;
    for (const t of table.transitions) {
      if (t.from === from && !rank.has(t.to)) reach(t.to, rank.get(from)! + 1);
    }
  }
  const facts: TableFacts = {
    known: new Set(table.statuses.map((s) => s.name)),
    initial: new Set(table.initial.map((s) => s.status)),
    terminal: new Set(table.statuses.filter((s) => s.terminal).map((s) => s.name)),
    fanOut: new Set(table.fanOut.statuses),
    rank,
    completion: new Map(
      table.transitions.filter((t) => t.requiresAllRecipients).map((t) => [t.to, t.requiresAllRecipients!] as const),
    ),
  };
  cache.set(table, facts);
  return facts;
}
