/**
 * The report kinds of `--report KIND=PATH`: one line each, kind → what writes it. Adding a
 * reporter is its module plus one line here; the engine's argument parsing, `fileReporters` and
 * every `--report` help text read this table. The writers load on use, so the CLI can build its
 * help from this module without loading a reporter.
 */
import type { Reporter } from '../engine/types.js';

export interface ReportKindEntry {
  /** The writer of a summary report; absent for a kind a suite writes from its own recording. */
  load?: () => Promise<(file: string) => Reporter>;
  /** What the file holds, when the kind list alone does not say it (shown in the help). */
  note?: string;
  /** One sentence for the reference page (docs/reference/reporters.md). */
  describe?: string;
}

export const REPORT_KINDS = {
  junit: {
    load: async () => (await import('./junit.js')).junitReporter,
    describe: 'JUnit XML of the run, for the test tab of a CI system',
  },
  json: {
    load: async () => (await import('./json.js')).jsonReporter,
    describe: 'the run summary as JSON, for tools',
  },
  markdown: {
    load: async () => (await import('./markdown.js')).markdownReporter,
    describe: 'a Markdown summary (for a job summary or a pull-request comment)',
  },
  // The API suite writes it (engine/har.ts): only it holds the recorded exchanges and webhooks.
  har: {
    note: 'every exchange and webhook, secrets redacted',
    describe: 'HTTP Archive 1.2 of every exchange and webhook the run made, secrets redacted (API suite only)',
  },
} satisfies Record<string, ReportKindEntry & { describe: string }>;

/** The kinds of a table, in its order. */
export function reportKinds(table: Record<string, ReportKindEntry> = REPORT_KINDS): string[] {
  return Object.keys(table);
}

/** The kinds written from the run's summary alone (every suite can ask for these). */
export function summaryReportKinds(table: Record<string, ReportKindEntry> = REPORT_KINDS): string[] {
  return Object.entries(table)
    .filter(([, e]) => e.load !== undefined)
    .map(([k]) => k);
}

/**
 * The `--report` help: `junit=PATH, json=PATH or markdown=PATH`, then the notes of the kinds listed
 * and `repeatable` when asked for.
 */
export function reportHelp(
  kinds: readonly string[],
  options: { repeatable?: boolean } = {},
  table: Record<string, ReportKindEntry> = REPORT_KINDS,
): string {
  const forms = kinds.map((k) => `${k}=PATH`);
  const list = forms.length > 1 ? `${forms.slice(0, -1).join(', ')} or ${forms.at(-1)}` : (forms[0] ?? '');
  const notes = kinds.flatMap((k) => (table[k]?.note ? [table[k].note] : []));
  const extra = [...notes, ...(options.repeatable ? ['repeatable'] : [])];
  return extra.length > 0 ? `${list} (${extra.join('; ')})` : list;
}
