/** A CliIO that records what the CLI prints, for assertions. */
import type { CliIO } from '../../../cli/command.js';

export function recordingIO(cwd: string): CliIO & { stdout: string[]; stderr: string[]; text(): string } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    cwd,
    stdout,
    stderr,
    out: (t) => stdout.push(t),
    err: (t) => stderr.push(t),
    text: () => [...stdout, ...stderr].join('\n'),
  };
}
