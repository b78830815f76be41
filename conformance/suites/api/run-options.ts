/**
 * The `run:` section of conformance.yaml: every run option of `cbp conformance` set in the file,
 * for CI jobs that keep their options in the repository. A flag given on the command line wins
 * over the file. Credentials are never read from the file (environment or flags only). Its keys,
 * their schema and type are the `config` keys of the options table (options.ts).
 */
import path from 'node:path';
import { camel, configSchemaOf, optionRows } from '../../../lib/options.js';
import { type ConformanceArgv, conformanceOptions, type RunSection } from './options.js';

export type { RunSection };

/** Checked with the rest of the file (config-file.ts), so a mistake names its pointer. */
export const runSectionSchema = configSchemaOf(conformanceOptions, {}, () => undefined);

/** argv with the file's values where no flag was given. */
export function withRunSection(
  argv: ConformanceArgv,
  run: RunSection | undefined,
  file: string | undefined,
): ConformanceArgv {
  if (run === undefined) return argv;
  const dir = file !== undefined ? path.dirname(file) : '.';
  // `KIND=PATH`: the path is relative to the config file.
  const reports = run.reports?.map((r) => {
    const [kind, ...rest] = r.split('=');
    const target = rest.join('=');
    return `${kind}=${path.isAbsolute(target) ? target : path.join(dir, target)}`;
  });
  const fromFile: Record<string, unknown> = { ...run, reports };
  const out: Record<string, unknown> = { ...argv };
  for (const { flag, key } of optionRows(conformanceOptions)) {
    const name = camel(flag);
    if (key !== undefined && out[name] === undefined && fromFile[key] !== undefined) out[name] = fromFile[key];
  }
  return out as ConformanceArgv;
}
