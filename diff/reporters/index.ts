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

/** What each kind writes, for the reference page (docs/reference/reporters.md). */
export const DIFF_REPORT_DESCRIPTIONS: Readonly<Record<DiffReportKind, string>> = {
  console: 'the changes as text, for a terminal',
  json: 'the diff result as JSON, for tools',
  markdown: 'a Markdown report (for a job summary or a pull-request comment)',
  junit: 'JUnit XML, for the test tab of a CI system',
};

export function renderDiff(result: DiffResult, kind: DiffReportKind, options: { additive?: boolean } = {}): string {
  return DIFF_REPORTERS[kind](result, options);
}
