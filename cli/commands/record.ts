/**
 * `cbp record --out FILE`: `cbp conformance` (same flags, same target choice) that also writes the
 * run as a cassette (conformance/suites/api/replay/): replay it offline with `cbp conformance
 * --replay FILE` or serve it with `cbp mock --replay FILE`. Exit code as `cbp conformance`.
 */
import path from 'node:path';
import type { ConformanceArgv } from '../../conformance/suites/api/config.js';
import { reportKinds } from '../../conformance/reporters/kinds.js';
import { CbpError } from '../../lib/errors.js';
import type { CbpCommand } from '../command.js';
import { EXIT_FAILURE, EXIT_OK } from '../exit-code.js';
import { consoleFor, readConfigFile } from './conformance.js';
import { CREDENTIALS_EPILOG, conformanceContext, recordOptions } from '../options/conformance.js';

export const recordCommand: CbpCommand = {
  command: 'record',
  describe: 'Run the conformance suite against a target and write what happened as a cassette (for offline replay)',
  options: recordOptions,
  context: conformanceContext,
  builder: (y) => y.epilog(CREDENTIALS_EPILOG),
  async run(argv, io) {
    const [{ conformanceConfigFromArgv }, { recordConformance }, { saveCassette }, { withTarget }, { fileReporters }] =
      await Promise.all([
        import('../../conformance/suites/api/config.js'),
        import('../../conformance/suites/api/replay/record.js'),
        import('../../conformance/suites/api/replay/cassette.js'),
        import('../sandbox-target.js'),
        import('../../conformance/reporters/index.js'),
      ]);
    const out = String(argv.out);
    if (out === '' || out.endsWith('/')) throw new CbpError('E_USAGE', '--out names the cassette file to write');
    const file = typeof argv.config === 'string' ? await readConfigFile(argv.config) : undefined;
    const config = conformanceConfigFromArgv(argv as ConformanceArgv, process.env, file, reportKinds());
    const reporters = [await consoleFor(io), ...(await fileReporters(config.reports))];
    const { cassette, summary } = await withTarget(config, (target) =>
      recordConformance(config, { target, reporters }),
    );
    saveCassette(path.resolve(io.cwd, out), cassette);
    const counts = { exchange: 0, webhook: 0, driver: 0 };
    for (const s of cassette.steps) counts[s.kind]++;
    io.out(
      `cassette ${out}: ${counts.exchange} exchanges, ${counts.webhook} webhooks, ${counts.driver} driver calls ` +
        `(${(cassette.run.wallMs / 1000).toFixed(1)} s recorded)`,
    );
    return summary.failed > 0 ? EXIT_FAILURE : EXIT_OK;
  },
};
