/**
 * `cbp diff <old> <new>`: what a new version of the provider's contract breaks for this partner.
 * A thin shell over diff/ (diffContracts): argv -> options (diffConfigFromArgv, pure) -> library
 * call -> reports -> exit code (1 when a change at or above --fail-on reaches the partner).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CbpError } from '../../lib/errors.js';
import type { CbpCommand } from '../command.js';
import { EXIT_FAILURE, EXIT_OK } from '../exit-code.js';
import { DIFF_FORMATS, type DiffArgv, diffOptions, FAIL_ON } from '../options/diff.js';

const FORMATS = DIFF_FORMATS;
export type { DiffArgv };

export interface DiffConfig {
  old: string;
  new: string;
  sides: {
    old: { overlays?: string[]; stateTable?: string; allowRefOrigins?: string[] };
    new: { overlays?: string[]; stateTable?: string; allowRefOrigins?: string[] };
  };
  usage?: { projects: string[]; har: string[] };
  format: (typeof FORMATS)[number];
  reports: Array<{ kind: (typeof FORMATS)[number]; path: string }>;
  failOn: (typeof FAIL_ON)[number];
  additive: boolean;
}

/** argv -> the library's options; a bad value is E_USAGE (exit 2). */
export function diffConfigFromArgv(argv: DiffArgv): DiffConfig {
  if (!argv.old || !argv.new)
    throw new CbpError('E_USAGE', 'cbp diff needs two contracts: <old> <new>', {
      hint: 'e.g. cbp diff git:origin/main:spec/openapi.yaml spec/openapi.yaml (a file, an http(s) URL or git:<ref>:<path>)',
    });
  const oneOf = <T extends string>(flag: string, value: string | undefined, choices: readonly T[], fallback: T): T => {
    if (value === undefined) return fallback;
    if ((choices as readonly string[]).includes(value)) return value as T;
    throw new CbpError('E_USAGE', `--${flag} ${JSON.stringify(value)} is not one of ${choices.join(', ')}`);
  };
  const side = (overlays?: string[], table?: string) => ({
    ...((overlays ?? argv.overlay) ? { overlays: overlays ?? argv.overlay } : {}),
    ...((table ?? argv.stateTable) ? { stateTable: table ?? argv.stateTable } : {}),
    ...(argv.allowRefOrigin ? { allowRefOrigins: argv.allowRefOrigin } : {}),
  });
  const reports = (argv.report ?? [])
    .flatMap((r) => r.split(','))
    .map((value) => {
      const eq = value.indexOf('=');
      const kind = value.slice(0, Math.max(eq, 0));
      if (eq <= 0 || eq === value.length - 1 || !(FORMATS as readonly string[]).includes(kind))
        throw new CbpError('E_USAGE', `--report ${JSON.stringify(value)} is not KIND=PATH`, {
          hint: `KIND is one of ${FORMATS.join(', ')}, e.g. --report markdown=diff.md`,
        });
      return { kind: kind as (typeof FORMATS)[number], path: value.slice(eq + 1) };
    });
  const usage = argv.usage || argv.usageHar ? { projects: argv.usage ?? [], har: argv.usageHar ?? [] } : undefined;
  return {
    old: argv.old,
    new: argv.new,
    sides: { old: side(argv.oldOverlay, argv.oldStateTable), new: side(argv.newOverlay, argv.newStateTable) },
    ...(usage ? { usage } : {}),
    format: oneOf('format', argv.format, FORMATS, 'console'),
    reports,
    failOn: oneOf('fail-on', argv.failOn, FAIL_ON, 'breaking'),
    additive: argv.additive === true,
  };
}

export const diffCommand: CbpCommand = {
  command: 'diff [old] [new]',
  describe:
    "What a new version of the provider's contract breaks for you (requests, responses, webhooks, state table, rules)",
  options: diffOptions,
  async run(argv, io) {
    // `cbp diff --behaviour <cassette> [other]`: the recorded-behaviour comparison (replay/behaviour-diff.ts).
    if (typeof argv.behaviour === 'string') {
      const { behaviourDiffCommand } = await import('./behaviour-diff.js');
      return behaviourDiffCommand.run({ ...argv, cassette: argv.behaviour, other: argv.old }, io);
    }
    const config = diffConfigFromArgv(argv as DiffArgv);
    // Report paths are checked before the work, as for `cbp conformance` (E_REPORT_PATH, exit 2).
    const { checkReportPath } = await import('../../conformance/engine/report-targets.js');
    for (const r of config.reports) checkReportPath(r.path, io.cwd);
    // Loaded on use: the document loader and the TypeScript compiler (for --usage) are heavy.
    const { diffContracts, failingChanges, renderDiff } = await import('../../diff/index.js');
    const result = await diffContracts(config.old, config.new, {
      cwd: io.cwd,
      old: config.sides.old,
      new: config.sides.new,
      ...(config.usage ? { usage: config.usage } : {}),
    });
    io.out(renderDiff(result, config.format, { additive: config.additive }).replace(/\n$/, ''));
    for (const r of config.reports) {
      const file = path.resolve(io.cwd, r.path);
      try {
        writeFileSync(file, renderDiff(result, r.kind, { additive: true }));
      } catch (err) {
        throw new CbpError(
          'E_REPORT_PATH',
          `cannot write the report ${JSON.stringify(r.path)}: ${(err as Error).message}`,
        );
      }
    }
    return failingChanges(result, config.failOn).length > 0 ? EXIT_FAILURE : EXIT_OK;
  },
};
