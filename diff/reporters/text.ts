/** What the diff reporters share: grouping by reach, the label of a change's place, escaping. */
import { terminalSafeValue } from '../../lib/terminal.js';
import { subjectLabel } from '../document.js';
import type { Change, DiffResult } from '../types.js';

/** Document text (names, patterns, enum values) is untrusted: control characters made visible. */
export const printable = terminalSafeValue;

/** `old → new` pointers of a change, with the file when it is the state table. */
export function where(c: Change): string {
  const table = c.in === 'state-table' ? 'state table ' : '';
  if (c.old !== undefined && c.new !== undefined && c.old === c.new) return `${table}#${c.old}`;
  return `${table}${c.old !== undefined ? `old #${c.old}` : ''}${c.old !== undefined && c.new !== undefined ? ' -> ' : ''}${c.new !== undefined ? `new #${c.new}` : ''}`;
}

/** At most `max` subjects, then a count. */
export function reach(c: Change, max = 3): string {
  if (c.subjects.length === 0) return 'every operation';
  const labels = c.subjects.map(subjectLabel);
  return labels.length <= max
    ? labels.join(', ')
    : `${labels.slice(0, max).join(', ')} and ${labels.length - max} more`;
}

/** The groups a report shows: with usage, what the partner uses first. */
export function groups(result: DiffResult): Array<{ title: string; changes: Change[] }> {
  if (result.usage === undefined) return [{ title: 'Changes', changes: result.changes }];
  return [
    { title: 'Breaks or changes what you use', changes: result.changes.filter((c) => c.used !== false) },
    { title: 'Not used by your code', changes: result.changes.filter((c) => c.used === false) },
  ];
}

export function headline(result: DiffResult): string {
  const { breaking, warning, additive } = result.counts;
  const base = `${breaking} breaking, ${warning} warning${warning === 1 ? '' : 's'}, ${additive} additive`;
  if (result.usage === undefined) return base;
  const used = result.changes.filter((c) => c.used !== false);
  return `${base}; in what you use: ${used.filter((c) => c.severity === 'breaking').length} breaking, ${used.filter((c) => c.severity === 'warning').length} warnings`;
}
