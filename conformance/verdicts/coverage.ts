/**
 * What a run exercised against what spec/ defines: overlay rules with a case, operations with an
 * answered exchange, state-table transitions observed in webhooks, payment statuses seen. A rule
 * no case exercised is listed, so "all green" cannot hide an untested rule.
 */
import type { ApiModel, StateTable } from '../../generator/ir/model.js';
import type { ObservedTransition } from '../runner/event-judge.js';
import type { CaseRecord, Coverage } from '../runner/types.js';

export interface CoverageInput {
  model?: ApiModel;
  table: StateTable;
  cases: readonly CaseRecord[];
  operationsAnswered: Iterable<string>;
  transitions: readonly ObservedTransition[];
  statuses: Record<string, number>;
}

export function computeCoverage(input: CoverageInput): Coverage {
  const ruleIds = (input.model?.rules ?? []).map((r) => r.id);
  const caseRules = new Set(input.cases.map((c) => c.rule).filter((r): r is string => r !== undefined));
  const ops = (input.model?.operations ?? []).map((o) => o.id);
  const answered = new Set(input.operationsAnswered);
  const transitionIds = input.table.transitions.map((t) => t.id);
  const observed = new Set([...input.transitions.flatMap((t) => (t.id ? [t.id] : [])), ...input.cases.flatMap((c) => (c.transition ? [c.transition] : []))]);
  return {
    rules: { exercised: ruleIds.filter((r) => caseRules.has(r)), total: ruleIds },
    operations: { exercised: ops.filter((o) => answered.has(o)), total: ops },
    transitions: { observed: transitionIds.filter((t) => observed.has(t)), total: transitionIds },
    statuses: input.statuses,
  };
}

/** The lines every report ends with. */
export function coverageLines(c: Coverage): string[] {
  const ratio = (a: unknown[], b: unknown[]) => `${a.length}/${b.length}`;
  const missing = (a: string[], b: string[]) => b.filter((x) => !a.includes(x));
  const lines = ['coverage:'];
  if (c.rules.total.length > 0) {
    lines.push(`  overlay rules exercised ${ratio(c.rules.exercised, c.rules.total)}`);
    const not = missing(c.rules.exercised, c.rules.total);
    if (not.length > 0) lines.push(`    not exercised: ${not.join(', ')}`);
  }
  if (c.operations.total.length > 0) {
    lines.push(`  operations ${ratio(c.operations.exercised, c.operations.total)}`);
    const not = missing(c.operations.exercised, c.operations.total);
    if (not.length > 0) lines.push(`    not exercised: ${not.join(', ')}`);
  }
  lines.push(`  state-table transitions observed ${ratio(c.transitions.observed, c.transitions.total)}`);
  const notSeen = missing(c.transitions.observed, c.transitions.total);
  if (notSeen.length > 0) lines.push(`    not observed: ${notSeen.join(', ')}`);
  const statuses = Object.entries(c.statuses);
  lines.push(`  statuses seen: ${statuses.length === 0 ? 'none' : statuses.map(([s, n]) => `${s} ×${n}`).join(', ')}`);
  return lines;
}
