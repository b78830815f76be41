/** A command's yargs builder: its option table (lib/options.ts), then what its own builder adds. */
import type { Argv } from 'yargs';
import type { CbpCommand } from './command.js';
import { applyOptions } from './options/apply.js';

export function buildCommand(y: Argv, c: CbpCommand): Argv {
  const withOptions = c.options ? applyOptions(y, c.options, c.context?.(), c.before?.()) : y;
  return c.builder ? c.builder(withOptions) : withOptions;
}
