/**
 * `--report KIND=PATH`. The kinds are the reporters' (conformance/reporters/kinds.ts), passed in:
 * the engine knows no reporter. Each PATH is checked when the arguments are parsed, before anything runs, so a run
 * is never wasted on a report that cannot be written: its directory must exist and be writable,
 * and the target must be (or become) a regular file outside the kernel's virtual file systems.
 */
import { accessSync, constants, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { CbpError } from '../../lib/errors.js';

export interface ReportTarget {
  kind: string;
  path: string;
}

/** Files there are not files: writing a report to /proc can spin or fail half-way. */
const VIRTUAL_ROOTS = ['/proc', '/sys', '/dev'];

/**
 * KIND=PATH values → targets. `kinds`: the valid kinds (an unknown one is E_USAGE listing them);
 * without it any kind passes here and the reporters' table refuses an unknown one
 * (`unknownReportKind`) before anything runs.
 */
export function parseReportTargets(
  values: readonly string[],
  kinds?: readonly string[],
  cwd: string = process.cwd(),
): ReportTarget[] {
  return values.map((v) => {
    const eq = v.indexOf('=');
    const kind = eq > 0 ? v.slice(0, eq) : '';
    const path = eq > 0 ? v.slice(eq + 1) : '';
    if (path === '' || (kinds !== undefined && !kinds.includes(kind))) throw unknownReportKind(v, kinds ?? []);
    checkReportPath(path, cwd);
    return { kind, path };
  });
}

/** The usage error of a `--report` value that is not KIND=PATH with one of `kinds`. */
export function unknownReportKind(value: string, kinds: readonly string[]): CbpError {
  const example = 'e.g. --report junit=conformance.xml';
  return new CbpError('E_USAGE', `--report ${JSON.stringify(value)} is not KIND=PATH`, {
    hint: kinds.length > 0 ? `KIND is one of ${kinds.join(', ')}, ${example}` : example,
  });
}

/** Throws E_REPORT_PATH (one line and a hint) unless `file` can be written as a regular file. */
export function checkReportPath(file: string, cwd: string = process.cwd()): void {
  const absolute = path.resolve(cwd, file);
  const refuse = (why: string, hint: string): never => {
    throw new CbpError('E_REPORT_PATH', `cannot write the report ${JSON.stringify(file)}: ${why}`, { hint });
  };
  if (VIRTUAL_ROOTS.some((root) => absolute === root || absolute.startsWith(`${root}/`))) {
    refuse(
      `it is under ${VIRTUAL_ROOTS.find((r) => absolute === r || absolute.startsWith(`${r}/`))}, which ` +
        `holds no regular files`,
      'write reports to a regular file, e.g. --report junit=reports/conformance.xml',
    );
  }
  const target = statOrUndefined(absolute);
  if (target !== undefined) {
    if (!target.isFile())
      refuse(
        target.isDirectory() ? 'it is a directory' : 'it is not a regular file',
        'name a file, e.g. --report junit=reports/conformance.xml',
      );
    if (!writable(absolute)) refuse('the file is not writable', 'fix its permissions or choose another path');
    return;
  }
  // The nearest existing ancestor says why the directory is missing: a file in the way, or absent.
  const parent = path.dirname(absolute);
  const parentStat = statOrUndefined(parent);
  if (parentStat === undefined) {
    let up = path.dirname(parent);
    while (statOrUndefined(up) === undefined && up !== path.dirname(up)) up = path.dirname(up);
    if (statOrUndefined(up)?.isFile())
      refuse(`${up} is a file, not a directory`, 'choose a path whose parent directories are directories');
    refuse(
      `the directory ${parent} does not exist`,
      `create it first (mkdir -p ${parent}) or choose an existing directory`,
    );
  }
  if (!parentStat!.isDirectory())
    refuse(`${parent} is a file, not a directory`, 'choose a path whose parent is a directory');
  if (!writable(parent))
    refuse(`the directory ${parent} is not writable`, 'fix its permissions or choose another directory');
}

function statOrUndefined(p: string): Stats | undefined {
  try {
    return statSync(p);
  } catch (err) {
    // ENOTDIR: a component of the path is a file; the caller walks up to find it.
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw err;
  }
}

function writable(p: string): boolean {
  try {
    accessSync(p, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
