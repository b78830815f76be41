/**
 * `cbp behaviour-diff <cassette> [other]`: where two recorded behaviours differ, each difference
 * with the assumption that allows it (replay/behaviour-diff.ts). Without `other`, the embedded
 * sandbox is recorded now on the same checks and compared: how the sandbox stays honest about a
 * real provider. Exit 1 when a difference has no assumption that allows it.
 */
import path from 'node:path';
import { CbpError } from '../../lib/errors.js';
import type { CbpCommand } from '../command.js';
import { EXIT_FAILURE, EXIT_OK } from '../exit-code.js';
import { behaviourDiffOptions } from '../options/diff.js';

export const behaviourDiffCommand: CbpCommand = {
  command: 'behaviour-diff <cassette> [other]',
  describe: 'Compare a recorded behaviour (a cassette of `cbp record`) with another, or with the embedded sandbox',
  options: behaviourDiffOptions,
  async run(argv, io) {
    const [{ loadCassette }, { behaviourDiff, formatBehaviourDiff }] = await Promise.all([
      import('../../conformance/suites/api/replay/cassette.js'),
      import('../../conformance/suites/api/replay/behaviour-diff.js'),
    ]);
    const file = String(argv.cassette);
    if (file === '') throw new CbpError('E_USAGE', 'behaviour-diff needs a cassette');
    // Relative to the command's working directory (the Node API's cwd), as every other path.
    const a = loadCassette(path.resolve(io.cwd, file));
    const otherFile = typeof argv.other === 'string' ? argv.other : undefined;
    const b = otherFile ? loadCassette(path.resolve(io.cwd, otherFile)) : await recordSandbox(a.run.options);
    const diffs = behaviourDiff(a, b);
    if (argv.json === true) io.out(JSON.stringify(diffs, null, 2));
    else for (const line of formatBehaviourDiff(diffs, [file, otherFile ?? 'the embedded sandbox'])) io.out(line);
    return diffs.some((d) => d.assumption === undefined) ? EXIT_FAILURE : EXIT_OK;
  },
};

async function recordSandbox(options: { only?: string[]; skip?: string[] }) {
  const [{ conformanceConfigFromArgv }, { recordConformance }, { withTarget }] = await Promise.all([
    import('../../conformance/suites/api/config.js'),
    import('../../conformance/suites/api/replay/record.js'),
    import('../sandbox-target.js'),
  ]);
  const config = conformanceConfigFromArgv({ only: options.only, skip: options.skip }, {});
  return (await withTarget(config, (target) => recordConformance(config, { target }))).cassette;
}
