/** docs/reference/rules.md: the rule keywords an overlay may use (stateless keywords and the
 * payments kit's stateful rules, with their parameters) and every rule id `cbp rules` lists. */
import { statefulRules } from 'cross-border-payments-runtime/payments';
import { loadSuiteSpec } from '../../conformance/suites/api/spec.js';
import { RULE_KINDS, ruleKindPlural, ruleVocabulary } from '../../conformance/suites/verdicts/vocabulary.js';
import { ruleKeywords as genericKeywords } from '../../generator/keywords/index.js';
import { paymentKeywords } from '../../kits/payments/keywords/index.js';
import { code, type ReferencePage, table } from './page.js';

const params = (schema: unknown): string => code(JSON.stringify(schema));

export const rulesPage: ReferencePage = {
  file: 'docs/reference/rules.md',
  source:
    'generator/keywords/index.ts, kits/payments/keywords/index.ts, the payments stateful rules and `cbp rules` (conformance/suites/verdicts/vocabulary.ts)',
  async render() {
    const { model, provenance } = await loadSuiteSpec();
    const entries = ruleVocabulary(model, provenance);
    const keywords = [
      ...genericKeywords.map((k) => [code(k.name), code(k.keyword), 'any document', params(k.paramsSchema)]),
      ...paymentKeywords.map((k) => [code(k.name), code(k.keyword), 'payments kit', params(k.paramsSchema)]),
    ];
    const stateful = Object.values(statefulRules).map((r) => [
      code(r.keyword),
      r.needs.map((n) => code(String(n))).join(', '),
      params(r.paramsSchema),
    ]);
    return [
      '# Rules',
      '',
      '## Rule keywords',
      '',
      'The `keyword` of an `x-cbp-rules` entry in an overlay; its `params` must match the schema ' +
        '(else `E_RULE_INVALID`). The validators check them as the ajv keyword `x-cbp-<name>`.',
      '',
      table(['keyword', 'ajv keyword', 'for', 'params (JSON Schema)'], keywords),
      '',
      '## Stateful rules (payments kit)',
      '',
      'Rules that need the service state: checked when the rule context has the methods they need, else reported as not checked.',
      '',
      table(['keyword', 'context needs', 'params (JSON Schema)'], stateful),
      '',
      '## Rule ids (`cbp rules`)',
      '',
      "Every rule and assumption id a conformance verdict can cite, with its source in the provider's service description.",
      '',
      ...RULE_KINDS.flatMap((kind) => {
        const rows = entries.filter((e) => e.kind === kind).map((e) => [code(e.id), e.title, e.source]);
        return rows.length === 0 ? [] : [`### ${ruleKindPlural(kind)}`, '', table(['id', 'title', 'source'], rows), ''];
      }),
    ].join('\n');
  },
};
