/**
 * The `run:` section of conformance.yaml: every run option of `cbp conformance` set in the file,
 * for CI jobs that keep their options in the repository. A flag given on the command line wins
 * over the file. Credentials are never read from the file (environment or flags only).
 */
import path from 'node:path';
import type { ConformanceArgv } from './config.js';

export interface RunSection {
  base_url?: string;
  auth_url?: string;
  only?: string[];
  skip?: string[];
  include_operations?: string[];
  exclude_operations?: string[];
  include_tags?: string[];
  exclude_tags?: string[];
  max_failures?: number;
  strict?: boolean;
  require?: string[];
  rate?: number;
  timeout_ms?: number;
  /** The whole run's limit in seconds (--deadline). */
  deadline_seconds?: number;
  /** `KIND=PATH`, the path relative to the config file. */
  reports?: string[];
}

const names = { type: 'array', items: { type: 'string', minLength: 1 } };

/** Checked with the rest of the file (config-file.ts), so a mistake names its pointer. */
export const runSectionSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    base_url: { type: 'string', pattern: '^https?://' },
    auth_url: { type: 'string', pattern: '^https?://' },
    only: names,
    skip: names,
    include_operations: names,
    exclude_operations: names,
    include_tags: names,
    exclude_tags: names,
    max_failures: { type: 'integer', minimum: 1 },
    strict: { type: 'boolean' },
    require: names,
    rate: { type: 'number', exclusiveMinimum: 0 },
    timeout_ms: { type: 'integer', minimum: 1 },
    deadline_seconds: { type: 'number', exclusiveMinimum: 0 },
    reports: { type: 'array', items: { type: 'string', pattern: '^[a-z]+=.+' } },
  },
};

/** argv with the file's values where no flag was given. */
export function withRunSection(
  argv: ConformanceArgv,
  run: RunSection | undefined,
  file: string | undefined,
): ConformanceArgv {
  if (run === undefined) return argv;
  const dir = file !== undefined ? path.dirname(file) : '.';
  const reports = run.reports?.map((r) => {
    const [kind, ...rest] = r.split('=');
    const target = rest.join('=');
    return `${kind}=${path.isAbsolute(target) ? target : path.join(dir, target)}`;
  });
  const pick = <K extends keyof ConformanceArgv>(flag: ConformanceArgv[K], fromFile: ConformanceArgv[K] | undefined) =>
    flag !== undefined ? flag : fromFile;
  const out: ConformanceArgv = { ...argv };
  const set = <K extends keyof ConformanceArgv>(key: K, value: ConformanceArgv[K] | undefined) => {
    const v = pick(argv[key], value);
    if (v !== undefined) out[key] = v;
  };
  set('baseUrl', run.base_url);
  set('authUrl', run.auth_url);
  set('only', run.only);
  set('skip', run.skip);
  set('includeOperation', run.include_operations);
  set('excludeOperation', run.exclude_operations);
  set('includeTag', run.include_tags);
  set('excludeTag', run.exclude_tags);
  set('maxFailures', run.max_failures);
  set('strict', run.strict);
  set('require', run.require);
  set('rate', run.rate);
  set('timeout', run.timeout_ms);
  set('deadline', run.deadline_seconds);
  set('report', reports);
  return out;
}
