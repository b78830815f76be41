/** The reporters, and the files asked for with --report KIND=PATH. */
import { type ReportTarget, unknownReportKind } from '../engine/report-targets.js';
import type { Reporter } from '../engine/types.js';
import { REPORT_KINDS, type ReportKindEntry, reportKinds } from './kinds.js';

export { consoleReporter, summaryLines, failureLines } from './console.js';
export { renderJunit } from './junit.js';
export { renderMarkdown } from './markdown.js';

export { renderHar, harReporter } from '../engine/har.js';
export { REPORT_KINDS, reportHelp, reportKinds, summaryReportKinds, type ReportKindEntry } from './kinds.js';

/**
 * The summary reports asked for, from the kinds table (`table`: REPORT_KINDS unless a test passes
 * its own). A kind without a writer (`har`) is skipped: the suite holding the recording writes it.
 * An unknown kind is E_USAGE listing the table's kinds.
 */
export async function fileReporters(
  targets: readonly ReportTarget[],
  table: Record<string, ReportKindEntry> = REPORT_KINDS,
): Promise<Reporter[]> {
  const unknown = targets.find((t) => !Object.hasOwn(table, t.kind));
  if (unknown !== undefined) throw unknownReportKind(`${unknown.kind}=${unknown.path}`, reportKinds(table));
  const out: Reporter[] = [];
  for (const t of targets) {
    const load = table[t.kind]?.load;
    if (load !== undefined) out.push((await load())(t.path));
  }
  return out;
}
