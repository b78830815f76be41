/**
 * Markdown reporter: summary table, the suite's own sections (e.g. the payment state diagram),
 * then every failure and warning.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { failureLines, skipLines } from './console.js';
import type { Reporter, SuiteSummary } from '../engine/types.js';
import { coverageLines } from './coverage.js';
import { printable } from './escape.js';
import { rootsFirst } from '../engine/root-causes.js';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
export function renderMarkdown(s: SuiteSummary): string {
  const out = [
    `# cbp conformance: ${cell(s.target)}`,
    '',
    `**${s.failed} failed, ${s.warnings} with warnings, ${s.passed} passed, ` +
      `${s.partial ? `${s.partial} partial, ` : ''}${s.skipped} skipped** in ` +
      `${(s.durationMs / 1000).toFixed(1)} s.`,
    '',
    '| check | status | cases | failures | warnings | source |',
    '|---|---|---|---|---|---|',
    ...s.outcomes.map(
      (o) =>
        `| ${o.checkId} | ${o.status} | ${o.cases} | ` +
        `${o.failures.filter((f) => f.severity === 'error').length} | ` +
        `${o.failures.filter((f) => f.severity === 'warning').length} | ${cell(o.source)} |`,
    ),
  ];
  const skips = skipLines(s);
  // Skipped cases, then the cases not judged, each list under its own heading line.
  if (skips.length > 0) out.push('', '## Skipped and not judged', '', '```text', ...skips.slice(1), '```');
  for (const section of s.sections ?? []) out.push('', `## ${section.title}`, '', section.markdown);
  const failing = s.outcomes.filter((o) => o.failures.length > 0);
  if (failing.length > 0) {
    out.push('', '## Failures and warnings');
    for (const o of failing) {
      out.push('', `### ${o.checkId}`, '');
      for (const f of rootsFirst(o.failures)) {
        const cause = f.likelyConsequenceOf ? [`likely consequence of: ${f.likelyConsequenceOf}`] : [];
        // A target's text stays inside its fence, on its own line, without control characters.
        out.push('```text', ...[...cause, ...failureLines(f)].map((l) => printable(l).replace(/```/g, "'''")), '```');
      }
    }
  }
  for (const n of s.notes ?? []) out.push('', `> ${cell(n)}`);
  if (s.coverage) out.push('', '## Coverage', '', '```text', ...coverageLines(s.coverage).slice(1), '```');
  return `${out.join('\n')}\n`;
}

export function markdownReporter(file: string): Reporter {
  let summary: SuiteSummary | undefined;
  return {
    name: 'markdown',
    handle(e) {
      if (e.type === 'suite-finish') summary = e.summary;
    },
    finish() {
      if (!summary) return;
      mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
      writeFileSync(file, renderMarkdown(summary));
    },
  };
}
