/**
 * The shape of one CLI command: a yargs builder plus a `run` that calls the library and returns
 * an exit code. Only cli/ touches the console, argv and exit codes (ARCHITECTURE.md).
 */
import type { Argv } from 'yargs';
import type { OptionTable } from '../lib/options.js';

export interface CliIO {
  /** One line (or block) for standard output. */
  out(text: string): void;
  /** One line (or block) for standard error. */
  err(text: string): void;
  cwd: string;
}

export interface CbpCommand {
  /** yargs command string, e.g. 'generate'. */
  command: string;
  describe: string;
  /** The command's options, each declared once (lib/options.ts): main.ts builds them with
   * applyOptions, and the reference page (cli/options/reference.ts) renders them. */
  options?: OptionTable;
  /** What the table's context-dependent entries read (generate: the plugin registry). */
  context?(): unknown;
  /** Options the table cannot hold, added ahead of a table entry (generate: the plugins' shorthands). */
  before?(): Record<string, (yargs: Argv) => Argv>;
  /** What yargs needs beyond the options (an epilogue, hidden inherited flags). */
  builder?(yargs: Argv): Argv;
  /** Loads what `builder` needs beyond light modules (generate: the plugin registry its help and
   * flags derive from), only when this command is the one run, its --help included. */
  prepare?(): Promise<void>;
  run(argv: Record<string, unknown>, io: CliIO): Promise<number>;
  /** Nested commands (`cbp conformance events`), registered inside this command's builder. */
  subcommands?: CbpCommand[];
}
