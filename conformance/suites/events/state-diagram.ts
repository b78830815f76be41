/**
 * The payment state table (spec/payment-states.yaml) as a Mermaid stateDiagram with the
 * transitions a run actually observed: documented edges never seen are labelled "not covered",
 * observed moves outside the table "not in table". Given to the reporters as a report section.
 */
import type { StateTable } from '../../../kits/payments/state-table/index.js';
import type { ReportSection } from '../../engine/types.js';

export type ObservedTransitions = Array<{ from: string | null; to: string; count: number }>;

const node = (s: string | null) => (s === null ? '[*]' : s.replace(/[^A-Za-z0-9_]/g, '_'));

export function stateDiagram(table: StateTable, observed: ObservedTransitions = []): string {
  const seen = new Map<string, number>(observed.map((t) => [`${t.from}->${t.to}`, t.count]));
  const lines = ['```mermaid', 'stateDiagram-v2'];
  const documented = new Set<string>();
  for (const t of table.transitions) {
    const key = `${t.from}->${t.to}`;
    documented.add(key);
    const n = seen.get(key);
    lines.push(`  ${node(t.from)} --> ${node(t.to)} : ${n ? `observed ×${n}` : 'not covered'}`);
  }
  for (const t of observed) {
    const key = `${t.from}->${t.to}`;
    if (documented.has(key)) continue;
    // A repeated fan-out status (one per recipient) is the documented per-recipient row, not a new move.
    if (t.from === t.to && table.fanOut.statuses.includes(t.to)) continue;
    lines.push(`  ${node(t.from)} --> ${node(t.to)} : not in table ×${t.count}`);
  }
  for (const s of table.statuses.filter((x) => x.terminal)) lines.push(`  ${node(s.name)} --> [*]`);
  lines.push('```');
  return lines.join('\n');
}

/** The "Payment states" section of a report; `data` keeps the observed transitions for the JSON report. */
export function stateSection(table: StateTable, observed: ObservedTransitions): ReportSection {
  return {
    id: 'payment-states',
    title: 'Payment states',
    markdown: stateDiagram(table, observed),
    data: { observedTransitions: observed },
  };
}
