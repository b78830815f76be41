// Runs the `cbp mock` command shell (cli/commands/mock.ts) in a child process from sources,
// without loading the other commands (their transpilation would dominate the test's time).
import yargs from 'yargs';
import { mockCommand } from '../../../cli/commands/mock.js';
import { buildCommand } from '../../../cli/build-command.js';

const io = {
  out: (t: string) => void process.stdout.write(`${t}\n`),
  err: (t: string) => void process.stderr.write(`${t}\n`),
  cwd: process.cwd(),
};
const argv = await buildCommand(yargs(process.argv.slice(2)).strict(), mockCommand).parseAsync();
process.exitCode = await mockCommand.run(argv as Record<string, unknown>, io);
