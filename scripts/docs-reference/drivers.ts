/** docs/reference/drivers.md: the built-in drivers of `cbp conformance --driver`, from their table. */
import { BUILTIN_DRIVER_DESCRIPTIONS, BUILTIN_DRIVERS } from '../../conformance/suites/api/drivers/builtin.js';
import { code, type ReferencePage, table } from './page.js';

export const driversPage: ReferencePage = {
  file: 'docs/reference/drivers.md',
  source: 'conformance/suites/api/drivers/builtin.ts',
  render: () =>
    [
      '# Drivers',
      '',
      'A driver moves payments on the target (funds arrive, a payment settles) so that the lifecycle ' +
        'checks can judge what follows. `--driver NAME` picks a built-in one; `--driver PATH` loads a ' +
        'module exporting a `ConformanceDriver` (the type is exported by `cross-border-payments-toolkit`).',
      '',
      table(
        ['driver', 'what it does'],
        (Object.keys(BUILTIN_DRIVERS) as (keyof typeof BUILTIN_DRIVERS)[]).map((name) => [
          code(name),
          BUILTIN_DRIVER_DESCRIPTIONS[name],
        ]),
      ),
      '',
    ].join('\n'),
};
