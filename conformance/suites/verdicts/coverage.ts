/**
 * What a run exercised against what spec/ defines: every rule id of spec/ (overlay rules, decision
 * branches, schema keyword rules: spec-rules.ts) with a case, operations with an answered exchange, state-table
 * transitions observed in webhooks, payment statuses seen. A rule no case exercised is listed, so "all green" cannot
 * hide an untested rule.
 */
import type { ApiModel } from '../../../generator/ir/model.js';
import type { StateTable } from '../../../kits/payments/state-table/index.js';
import type { CaseRecord, CoverageLine } from '../../engine/types.js';
import { specRules } from './spec-rules.js';

export interface CoverageInput {
  model?: ApiModel;
  table: StateTable;
  records: readonly CaseRecord[];
  operationsAnswered: Iterable<string>;
  transitions: ReadonlyArray<{ id?: string }>;
  statuses: Record<string, number>;
}

export function computeCoverage(input: CoverageInput): CoverageLine[] {
  const out: CoverageLine[] = [];
  if (input.model) {
    // A skipped or not-judged case exercised nothing.
    const exercised = new Set(
      input.records.flatMap((c) => (c.rule && c.verdict !== 'skipped' && c.verdict !== 'not-judged' ? [c.rule] : [])),
    );
    const all = specRules(input.model);
    const rules = all.filter((r) => !r.callerProcedure).map((r) => r.id);
    const ops = input.model.operations.map((o) => o.id);
    const answered = new Set(input.operationsAnswered);
    out.push({ id: 'rules', title: 'rules exercised', covered: rules.filter((r) => exercised.has(r)), total: rules });
    const procedures = all.filter((r) => r.callerProcedure).map((r) => r.id);
    if (procedures.length > 0)
      out.push({
        id: 'procedures',
        title: 'procedures of a webhook receiver, which no API case can exercise (cbp conformance consumer)',
        covered: procedures,
      });
    out.push({ id: 'operations', title: 'operations', covered: ops.filter((o) => answered.has(o)), total: ops });
  }
  const observed = new Set([
    ...input.transitions.flatMap((t) => (t.id ? [t.id] : [])),
    ...input.records.flatMap((c) => (c.transition ? [c.transition] : [])),
  ]);
  const transitions = input.table.transitions.map((t) => t.id);
  out.push({
    id: 'transitions',
    title: 'state-table transitions observed',
    covered: transitions.filter((t) => observed.has(t)),
    total: transitions,
  });
  out.push({ id: 'statuses', title: 'statuses seen', covered: Object.keys(input.statuses), counts: input.statuses });
  return out;
}
