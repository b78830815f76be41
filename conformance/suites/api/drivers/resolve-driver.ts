/**
 * Which driver moves payments in this run: the one the config names (`--driver` / `driver:`),
 * else the target's own (the embedded sandbox's, or the sandbox driver when a live target
 * answers /_sandbox/), else `passive`. The target's own driver still supplies fixtures and
 * quotes when another one drives (e.g. `--driver passive` against the embedded sandbox).
 */
import { CbpError } from '../../../../lib/errors.js';
import type { ConformanceConfig } from '../config.js';
import type { Driver, DriverChoice, DriverSession } from '../driver.js';
import { probeSandboxDriver } from '../sandbox.js';
import { loadDriverModule } from './load-driver.js';
import { passiveDriver } from './passive.js';

export interface ResolvedDrivers {
  /** Drives the flows. */
  driver: Driver;
  /** The target's own driver, when it has one (fixtures, quotes). */
  own?: Driver;
}

export async function resolveDriver(config: ConformanceConfig, choice: DriverChoice | undefined, session: DriverSession): Promise<ResolvedDrivers> {
  const own = typeof choice === 'function' ? await choice(session) : choice;
  const spec = config.driver?.spec;
  if (spec === undefined) return { driver: own ?? passiveDriver, own };
  if (spec === 'passive') return { driver: passiveDriver, own };
  if (spec === 'sandbox') {
    const sandbox = own?.kind === 'sandbox' ? own : await probeSandboxDriver(session);
    if (!sandbox) {
      throw new CbpError('E_CONFIG', '--driver sandbox: the target does not answer the sandbox control API (GET /_sandbox/clock)', {
        hint: 'use --driver PATH (a module that drives your sandbox, see examples/driver/) or --driver passive',
      });
    }
    return { driver: sandbox, own: own ?? sandbox };
  }
  return { driver: await loadDriverModule(spec, config.driver!.base), own };
}
