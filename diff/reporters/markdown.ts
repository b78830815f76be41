/** The pull request report (a CI job summary): counts, then one table per group and severity. */
import type { DiffResult } from '../types.js';
import { groups, headline, printable, reach, where } from './text.js';

const cell = (s: string) => printable(s).replace(/\|/g, '\\|');

export function renderMarkdown(result: DiffResult): string {
  const out = [`# cbp diff: ${cell(result.old.file)} → ${cell(result.new.file)}`, '', `**${headline(result)}**`];
  if (result.usage)
    out.push(
      '',
      `Usage read from ${result.usage.sources.map((s) => `\`${cell(s)}\``).join(', ')}: operations ${result.usage.operations.map((o) => `\`${cell(o)}\``).join(', ') || 'none'}; webhooks ${result.usage.webhooks.join(', ') || 'none'}.`,
    );
  for (const g of groups(result)) {
    if (g.changes.length === 0) continue;
    out.push('', `## ${g.title}`);
    for (const severity of ['breaking', 'warning', 'additive'] as const) {
      const rows = g.changes.filter((c) => c.severity === severity);
      if (rows.length === 0) continue;
      out.push('', `### ${severity} (${rows.length})`, '', '| rule | change | where | reaches |', '|---|---|---|---|');
      for (const c of rows)
        out.push(`| \`${c.rule}\` | ${cell(c.message)} | \`${cell(where(c))}\` | ${cell(reach(c))} |`);
    }
  }
  if (result.changes.length === 0) out.push('', 'No change that reaches a client or a webhook receiver.');
  return `${out.join('\n')}\n`;
}
