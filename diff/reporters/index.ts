/** The report kinds of `cbp diff` (`--format KIND` on standard output, `--report KIND=PATH`), in ONE place. */
import type { DiffResult } from '../types.js';
import { renderConsole } from './console.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';
import { renderMarkdown } from './markdown.js';

export const DIFF_REPORTERS = {
  console: (r: DiffResult, o: { additive?: boolean } = {}) => renderConsole(r, o),
  json: renderJson,
  markdown: renderMarkdown,
  junit: renderJunit,
} satisfies Record<string, (r: DiffResult, o?: { additive?: boolean }) => string>;

export type DiffReportKind = keyof typeof DIFF_REPORTERS;

export function renderDiff(result: DiffResult, kind: DiffReportKind, options: { additive?: boolean } = {}): string {
  return DIFF_REPORTERS[kind](result, options);
}
