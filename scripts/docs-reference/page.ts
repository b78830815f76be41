/**
 * A reference page of docs/reference/: rendered from a registry of the code (the checks, the rule
 * keywords, the reporters, ...), never written by hand. `npm run docs:reference` writes every page
 * of the registry (index.ts); test/docs/reference-pages.test.ts fails when a checked-in page differs.
 */
export interface ReferencePage {
  /** Path from the repository root, e.g. `docs/reference/checks.md`. */
  file: string;
  /** Where the page comes from, named in its header (e.g. `conformance/suites/api/checks/index.ts`). */
  source: string;
  /** The page's Markdown, from its title on, without the generated-file header. */
  render(): string | Promise<string>;
}

export const WRITE_COMMAND = 'npm run docs:reference';

/** The page as written: a header saying where it comes from and how to refresh it, then the body. */
export async function renderPage(page: ReferencePage): Promise<string> {
  const body = (await page.render()).trimEnd();
  const header =
    `<!-- Generated from ${page.source} by \`${WRITE_COMMAND}\`: do not edit by hand ` +
    '(a test fails when this page differs from what the registry renders). -->';
  return `${header}\n\n${body}\n`;
}

/** A Markdown table cell: one line, pipes escaped. */
export function cell(text: string | number | boolean | undefined): string {
  if (text === undefined || text === '') return '';
  return String(text)
    .replace(/\r?\n\s*/g, ' ')
    .replace(/\|/g, '\\|');
}

/** A Markdown table from a header row and rows of cells. */
export function table(
  head: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | boolean | undefined>>,
): string {
  const line = (cells: ReadonlyArray<string | number | boolean | undefined>) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

export const code = (s: string): string => `\`${s}\``;
