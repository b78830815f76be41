/**
 * Markdown reporter: summary table, failures, and a Mermaid stateDiagram of the documented state
 * table (spec/payment-states.yaml) with the transitions actually observed; documented edges that
 * were never seen are labelled "not covered", observed moves outside the table "not in table".
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { StateTable } from '../../generator/ir/model.js';
import { failureLines } from './console.js';
import type { Reporter, SuiteSummary } from '../runner/types.js';
import { coverageLines } from '../verdicts/coverage.js';
import { rootsFirst } from '../verdicts/root-causes.js';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const node = (s: string | null) => (s === null ? '[*]' : s.replace(/[^A-Za-z0-9_]/g, '_'));

export function stateDiagram(table: StateTable, observed: SuiteSummary['observedTransitions'] = []): string {
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

export function renderMarkdown(s: SuiteSummary, table?: StateTable): string {
  const out = [
    `# cbp conformance: ${cell(s.target)}`,
    '',
    `**${s.failed} failed, ${s.warnings} with warnings, ${s.passed} passed, ${s.skipped} skipped** in ${(s.durationMs / 1000).toFixed(1)} s.`,
    '',
    '| check | status | cases | failures | warnings | source |',
    '|---|---|---|---|---|---|',
    ...s.outcomes.map(
      (o) =>
        `| ${o.checkId} | ${o.status} | ${o.cases} | ${o.failures.filter((f) => f.severity === 'error').length} | ${o.failures.filter((f) => f.severity === 'warning').length} | ${cell(o.source)} |`,
    ),
  ];
  if (table) out.push('', '## Payment states', '', stateDiagram(table, s.observedTransitions));
  const failing = s.outcomes.filter((o) => o.failures.length > 0);
  if (failing.length > 0) {
    out.push('', '## Failures and warnings');
    for (const o of failing) {
      out.push('', `### ${o.checkId}`, '');
      for (const f of rootsFirst(o.failures)) {
        const cause = f.likelyConsequenceOf ? [`likely consequence of: ${f.likelyConsequenceOf}`] : [];
        out.push('```text', ...[...cause, ...failureLines(f)].map((l) => l.replace(/```/g, "'''")), '```');
      }
    }
  }
  for (const n of s.notes ?? []) out.push('', `> ${cell(n)}`);
  if (s.coverage) out.push('', '## Coverage', '', '```text', ...coverageLines(s.coverage).slice(1), '```');
  return `${out.join('\n')}\n`;
}

export function markdownReporter(file: string, table?: StateTable): Reporter {
  let summary: SuiteSummary | undefined;
  return {
    name: 'markdown',
    handle(e) {
      if (e.type === 'suite-finish') summary = e.summary;
    },
    finish() {
      if (!summary) return;
      mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
      writeFileSync(file, renderMarkdown(summary, table));
    },
  };
}
