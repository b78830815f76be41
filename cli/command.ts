/**
 * The shape of one CLI command: a yargs builder plus a `run` that calls the library and returns
 * an exit code. Only cli/ touches the console, argv and exit codes (ARCHITECTURE.md).
 */
import type { Argv } from 'yargs';

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
  builder(yargs: Argv): Argv;
  /** Loads what `builder` needs beyond light modules (generate: the plugin registry its help and
   * flags derive from), only when this command is the one run, its --help included. */
  prepare?(): Promise<void>;
  run(argv: Record<string, unknown>, io: CliIO): Promise<number>;
  /** Nested commands (`cbp conformance events`), registered inside this command's builder. */
  subcommands?: CbpCommand[];
}
