/**
 * The part of spec/payment-states.yaml the webhook kit reads. Declared here (structurally a
 * subset of StateTable in generator/ir/model.ts) because runtime code imports nothing outside
 * templates/runtime/; callers pass the table in.
 */
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
    completion: new Map(table.transitions.filter((t) => t.requiresAllRecipients).map((t) => [t.to, t.requiresAllRecipients!] as const)),
  };
  cache.set(table, facts);
  return facts;
}
