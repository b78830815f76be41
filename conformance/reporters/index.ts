/** The reporters, and the files asked for with --report KIND=PATH. */
import type { ReportTarget } from '../engine/report-targets.js';
import type { Reporter } from '../engine/types.js';
import { jsonReporter } from './json.js';
import { junitReporter } from './junit.js';
import { markdownReporter } from './markdown.js';

export { consoleReporter, summaryLines, failureLines } from './console.js';
export { renderJunit } from './junit.js';
export { renderMarkdown } from './markdown.js';

export function fileReporters(targets: readonly ReportTarget[]): Reporter[] {
  return targets.map((t) => (t.kind === 'json' ? jsonReporter(t.path) : t.kind === 'junit' ? junitReporter(t.path) : markdownReporter(t.path)));
}
