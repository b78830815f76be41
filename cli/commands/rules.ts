/**
 * `cbp rules [--json]`: every rule and assumption id a conformance verdict can cite, with the
 * seed statement (or assumption) it rests on, so a failure's `rule:` line can be looked up.
 * `cbp rules <id>`: that one rule explained (seed words, keyword, the checks that judge it).
 */
import { CbpError } from '../../lib/errors.js';
import type { CbpCommand } from '../command.js';
import { EXIT_OK } from '../exit-code.js';
import { rulesOptions } from '../options/diff.js';

export const rulesCommand: CbpCommand = {
  command: 'rules [id]',
  describe:
    "List every rule and assumption id the conformance verdicts cite, with its source in the provider's service description; with an id, explain that rule",
  options: rulesOptions,
  async run(argv, io) {
    // Loaded on use: the document loader is heavy, and `cbp --help` should not pay for it.
    const { loadSuiteSpec } = await import('../../conformance/suites/api/spec.js');
    const { RULE_KINDS, ruleKindPlural, ruleVocabulary } = await import(
      '../../conformance/suites/verdicts/vocabulary.js'
    );
    const { model, provenance } = await loadSuiteSpec();
    if (typeof argv.id === 'string') {
      const { explainRule, explanationLines, nearestRuleIds } = await import(
        '../../conformance/suites/verdicts/explain-rule.js'
      );
      const explained = explainRule(argv.id, model, provenance);
      if (!explained) {
        const ids = ruleVocabulary(model, provenance).map((e) => e.id);
        throw new CbpError('E_USAGE', `unknown rule id ${JSON.stringify(argv.id)}`, {
          hint: `did you mean ${nearestRuleIds(argv.id, ids).join(', ')}? (cbp rules lists them all)`,
        });
      }
      io.out(argv.json === true ? JSON.stringify(explained, null, 2) : explanationLines(explained).join('\n'));
      return EXIT_OK;
    }
    const entries = ruleVocabulary(model, provenance);
    if (argv.json === true) {
      io.out(JSON.stringify(entries, null, 2));
      return EXIT_OK;
    }
    for (const kind of RULE_KINDS) {
      io.out(`${ruleKindPlural(kind)}:`);
      for (const e of entries.filter((x) => x.kind === kind)) io.out(`  ${e.id}\n    ${e.title}\n    ${e.source}`);
    }
    return EXIT_OK;
  },
};
