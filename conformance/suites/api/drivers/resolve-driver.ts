/**
 * Which driver moves payments in this run: the one the config names (`--driver` / `driver:`: a
 * built-in of builtin.ts, else the path of a module), else the target's own (the embedded
 * sandbox's, or the sandbox driver when a live target answers /_sandbox/), else `passive`. The
 * target's own driver still supplies fixtures and quotes when another one drives (e.g. `--driver
 * passive` against the embedded sandbox).
 */
import type { ConformanceConfig } from '../config.js';
import type { Driver, DriverChoice, DriverSession } from '../driver.js';
import { BUILTIN_DRIVERS, type BuiltinDriver } from './builtin.js';
import { loadDriverModule } from './load-driver.js';
import { passiveDriver } from './passive.js';

export interface ResolvedDrivers {
  /** Drives the flows. */
  driver: Driver;
  /** The target's own driver, when it has one (fixtures, quotes). */
  own?: Driver;
}

/** `builtins`: BUILTIN_DRIVERS unless a test passes its own table. */
export async function resolveDriver(
  config: ConformanceConfig,
  choice: DriverChoice | undefined,
  session: DriverSession,
  builtins: Record<string, BuiltinDriver> = BUILTIN_DRIVERS,
): Promise<ResolvedDrivers> {
  const own = typeof choice === 'function' ? await choice(session) : choice;
  const spec = config.driver?.spec;
  if (spec === undefined) return { driver: own ?? passiveDriver, own };
  const builtin = Object.hasOwn(builtins, spec) ? builtins[spec] : undefined;
  if (builtin !== undefined) return builtin(session, own);
  return { driver: await loadDriverModule(spec, config.driver!.base), own };
}
