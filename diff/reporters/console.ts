/** The terminal report: a headline, then each change on one line (severity, rule, message) with
 * its place and the operations it reaches on the next; additive changes only counted unless asked. */
import type { DiffResult } from '../types.js';
import { groups, headline, printable, reach, where } from './text.js';

export interface ConsoleOptions {
  /** List additive changes too (default: counted only). */
  additive?: boolean;
}

export function renderConsole(result: DiffResult, options: ConsoleOptions = {}): string {
  const out = [`cbp diff ${printable(result.old.file)} -> ${printable(result.new.file)}: ${headline(result)}`];
  if (result.usage)
    out.push(
      `  usage from ${result.usage.sources.map(printable).join(', ')}: ${result.usage.operations.length} operations, ` +
        `${result.usage.webhooks.length} webhooks, statuses handled: ${result.usage.statuses.join(', ') || 'none found'}`,
    );
  for (const g of groups(result)) {
    const shown = g.changes.filter((c) => options.additive === true || c.severity !== 'additive');
    const hidden = g.changes.length - shown.length;
    if (g.changes.length === 0) continue;
    out.push('', `${g.title}:`);
    for (const c of shown) {
      out.push(`  ${c.severity.toUpperCase().padEnd(8)} ${c.rule}: ${printable(c.message)}`);
      out.push(`           at ${printable(where(c))}; reaches ${printable(reach(c))}`);
    }
    if (hidden > 0)
      out.push(`  (${hidden} additive change${hidden === 1 ? '' : 's'} not listed: --additive lists them)`);
  }
  if (result.changes.length === 0) out.push('no change that reaches a client or a webhook receiver');
  return out.join('\n');
}
