/**
 * The `cbp` CLI: yargs (strict) over the commands listed in commands/index.ts. Returns an exit
 * code instead of exiting so tests can call it; bin/cbp.js sets process.exitCode.
 */
import yargs from 'yargs';
import { packageInfo } from '../generator/package-info.js';
import { isCbpError } from '../lib/errors.js';
import type { Argv } from 'yargs';
import type { CbpCommand, CliIO } from './command.js';
import { commands } from './commands/index.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, exitCodeFor } from './exit-code.js';
import { terminalSafe } from '../lib/terminal.js';
import { startTypesWorker } from '../generator/plugins/types/types-thread.js';
import { buildCommand } from './build-command.js';

class UsageError extends Error {}

const defaultIO: CliIO = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  cwd: process.cwd(),
};

/** `cbp generate` (writing, default plugins) always needs openapi-typescript, whose loading is
 * the longest step of a small generation: its worker starts before the rest of the CLI loads.
 * Anything less certain (--check may be answered from the cache, a selection may not need types)
 * leaves the start to the generate command. */
function prefetch(argv: string[]): void {
  const uncertain = ['--check', '--help', '--version', '--plugins', '--emitters', '--config'];
  if (argv[0] === 'generate' && !argv.some((a) => uncertain.some((flag) => a === flag || a.startsWith(`${flag}=`))))
    startTypesWorker();
}

/** `commands`: the CLI's command list (commands/index.ts); a test passes its own. */
export async function main(
  argv: string[],
  io: CliIO = defaultIO,
  list: readonly CbpCommand[] = commands,
): Promise<number> {
  prefetch(argv);
  let code: number | undefined;
  const parser = yargs(argv)
    .scriptName('cbp')
    .usage('$0 <command> [options]')
    .strict()
    .demandCommand(1, 'choose a command')
    .recommendCommands()
    .exitProcess(false)
    .help()
    // Ours, not the host project's: yargs would read the package.json nearest to the cwd.
    .version(packageInfo().version)
    .fail((msg, err) => {
      // Throwing (rather than recording) is what stops yargs from running the command handler.
      if (err) throw err;
      throw new UsageError(msg ?? 'invalid usage');
    });
  // Nested commands (`cbp conformance events`) are registered the same way, inside their parent's builder.
  const register = (y: Argv, c: CbpCommand): Argv =>
    y.command(
      c.command,
      c.describe,
      (sub) => (c.subcommands ?? []).reduce(register, buildCommand(sub, c)),
      async (args) => {
        code = await c.run(args as Record<string, unknown>, io);
      },
    );
  for (const c of list) register(parser as unknown as Argv, c);
  try {
    await list.find((c) => c.command === argv[0])?.prepare?.();
    let helpText = '';
    await parser.parseAsync(argv, {}, (_err, _args, output) => {
      helpText = output ?? '';
    });
    if (helpText) io.out(helpText);
    return code ?? EXIT_OK;
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(terminalSafe(`E_USAGE: ${err.message}`));
      io.err(await parser.getHelp());
      return EXIT_USAGE;
    }
    if (isCbpError(err)) {
      io.err(terminalSafe(err.format()));
      return exitCodeFor(err.code);
    }
    const system = systemErrorLine(err);
    if (system) {
      io.err(terminalSafe(system));
      return EXIT_USAGE;
    }
    // Not a user error: keep the stack so it can be reported.
    io.err(terminalSafe(`internal error: ${(err as Error)?.stack ?? String(err)}`));
    return EXIT_FAILURE;
  }
}

/** File-system and network errors a user can fix (a full disk, a read-only path, a port in use),
 * when no command turned them into a CbpError first: one line and a hint, no stack. */
const SYSTEM_HINTS: Record<string, string> = {
  EADDRINUSE: 'the port is in use: choose another with --port',
  EACCES: 'permission denied: check the path or port',
  EPERM: 'operation not permitted: check the path',
  ENOENT: 'no such file or directory: check the path',
  ENOTDIR: 'a component of the path is a file, not a directory',
  EISDIR: 'the path is a directory: name a file',
  EROFS: 'the file system is read-only: choose another path',
  ENOSPC: 'no space left on the device',
  ECONNREFUSED: 'nothing listens there: check the URL and that the service is up',
  ENOTFOUND: 'the host name does not resolve: check the URL',
};

function systemErrorLine(err: unknown): string | undefined {
  const e = err as NodeJS.ErrnoException | undefined;
  const hint = typeof e?.code === 'string' ? SYSTEM_HINTS[e.code] : undefined;
  if (!hint) return undefined;
  const where = e?.path ? ` (${e.path})` : '';
  return `${e!.code}: ${e!.syscall ?? 'system call'} failed${where}\n  hint: ${hint}`;
}
