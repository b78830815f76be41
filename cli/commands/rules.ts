/**
 * `cbp rules [--json]`: every rule and assumption id a conformance verdict can cite, with the
 * seed statement (or assumption) it rests on, so a failure's `rule:` line can be looked up.
 */
import type { CbpCommand } from '../command.js';
import { EXIT_OK } from '../exit-code.js';

export const rulesCommand: CbpCommand = {
  command: 'rules',
  describe:
    "List every rule and assumption id the conformance verdicts cite, with its source in the provider's service description",
  builder: (y) => y.option('json', { type: 'boolean', default: false, describe: 'print the list as JSON' }),
  async run(argv, io) {
    // Loaded on use: the document loader is heavy, and `cbp --help` should not pay for it.
    const { loadSuiteSpec } = await import('../../conformance/suites/api/spec.js');
    const { ruleVocabulary } = await import('../../conformance/suites/verdicts/vocabulary.js');
    const { model, provenance } = await loadSuiteSpec();
    const entries = ruleVocabulary(model, provenance);
    if (argv.json === true) {
      io.out(JSON.stringify(entries, null, 2));
      return EXIT_OK;
    }
    for (const kind of [
      'overlay rule',
      'decision branch',
      'schema keyword rule',
      'event rule',
      'check rule',
      'assumption',
    ] as const) {
      io.out(`${kind}s:`);
      for (const e of entries.filter((x) => x.kind === kind)) io.out(`  ${e.id}\n    ${e.title}\n    ${e.source}`);
    }
    return EXIT_OK;
  },
};
