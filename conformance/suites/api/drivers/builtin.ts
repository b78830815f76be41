/**
 * The built-in drivers of `--driver NAME`, one line each: name → how it drives this run. Adding
 * one is its module in this folder plus one line here; resolve-driver.ts and the `--driver` help
 * read this table. Each loads its module on use, so the CLI builds its help from this file alone.
 */
import type { Driver, DriverSession } from '../driver.js';
import type { ResolvedDrivers } from './resolve-driver.js';

/** Picks the driver of the run; `own` is the target's own driver, when it has one. */
export type BuiltinDriver = (session: DriverSession, own: Driver | undefined) => Promise<ResolvedDrivers>;

export const BUILTIN_DRIVERS = {
  // The sandbox control API (/_sandbox/), on the embedded sandbox or a live target that answers it.
  sandbox: async (session, own) => (await import('./sandbox.js')).chooseSandboxDriver(session, own),
  // Drives nothing: the checks that need a driver are skipped, saying why.
  passive: async (_session, own) => ({ driver: (await import('./passive.js')).passiveDriver, own }),
} satisfies Record<string, BuiltinDriver>;

/** What each built-in driver does, for the reference page (docs/reference/drivers.md). */
export const BUILTIN_DRIVER_DESCRIPTIONS: Readonly<Record<keyof typeof BUILTIN_DRIVERS, string>> = {
  sandbox:
    'moves payments through the sandbox control API (`/_sandbox/`): the embedded sandbox, or a live target that answers it',
  passive: 'drives nothing: the checks that need a driver are skipped, saying why',
};

/** `sandbox, passive or the path of a driver module`: the values --driver takes. */
export function driverChoices(table: Record<string, BuiltinDriver> = BUILTIN_DRIVERS): string {
  return `${Object.keys(table).join(', ')} or the path of a driver module`;
}
