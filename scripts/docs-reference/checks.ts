/** docs/reference/checks.md: the conformance checks of `cbp conformance` (the API suite) and
 * `cbp conformance consumer`, from their registries, with the rule ids they cite and their sources. */
import { describeProvenance } from '../../conformance/engine/provenance.js';
import type { Check } from '../../conformance/engine/check.js';
import { checks } from '../../conformance/suites/api/checks/index.js';
import { consumerChecks } from '../../conformance/suites/consumer/checks/index.js';
import { code, type ReferencePage, table } from './page.js';

// biome-ignore lint/suspicious/noExplicitAny: the page lists checks of every suite's context
function checkTable(registry: readonly Check<any>[]): string {
  return table(
    ['id', 'what it judges', 'source', 'tags', 'severity', 'phase'],
    registry.map((c) => [
      code(c.id),
      c.title,
      c.source,
      c.tags.map(code).join(', '),
      c.severity ?? 'error',
      c.phase ?? 'main',
    ]),
  );
}

// biome-ignore lint/suspicious/noExplicitAny: as above
function citedRules(registry: readonly Check<any>[]): string {
  const rows = registry.flatMap((c) =>
    Object.entries(c.rules ?? {}).map(([id, r]) => [code(id), code(c.id), r.title, describeProvenance(r.provenance)]),
  );
  return rows.length === 0 ? '' : table(['rule id', 'check', 'what it says', 'rests on'], rows);
}

export const checksPage: ReferencePage = {
  file: 'docs/reference/checks.md',
  source: 'conformance/suites/api/checks/index.ts and conformance/suites/consumer/checks/index.ts',
  render: () =>
    [
      '# Conformance checks',
      '',
      'Run order; select with `--only` / `--skip` (an id or a tag). A failure cites a rule id: ' +
        '`cbp rules <id>` explains it, and [rules.md](rules.md) lists them all.',
      '',
      '## `cbp conformance` (the API suite)',
      '',
      checkTable(checks),
      '',
      '### Rule ids the checks define',
      '',
      'The rules a check cites that neither the document nor the event rules define, with what each rests on.',
      '',
      citedRules(checks),
      '',
      '## `cbp conformance consumer` (a webhook consumer)',
      '',
      checkTable(consumerChecks),
      '',
    ].join('\n'),
};
