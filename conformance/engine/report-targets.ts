/**
 * `--report junit=PATH`, `json=PATH`, `markdown=PATH`, `har=PATH` (every exchange and webhook,
 * API suite). Each PATH is checked when the arguments are parsed, before anything runs, so a run
 * is never wasted on a report that cannot be written: its directory must exist and be writable,
 * and the target must be (or become) a regular file outside the kernel's virtual file systems.
 */
import { accessSync, constants, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { CbpError } from '../../lib/errors.js';

export const REPORT_KINDS = ['junit', 'json', 'markdown', 'har'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export interface ReportTarget {
  kind: ReportKind;
  path: string;
}

/** Files there are not files: writing a report to /proc can spin or fail half-way. */
const VIRTUAL_ROOTS = ['/proc', '/sys', '/dev'];

export function parseReportTargets(values: readonly string[], cwd: string = process.cwd()): ReportTarget[] {
  return values.map((v) => {
    const eq = v.indexOf('=');
    const kind = eq > 0 ? v.slice(0, eq) : '';
    const path = eq > 0 ? v.slice(eq + 1) : '';
    if (!(REPORT_KINDS as readonly string[]).includes(kind) || path === '') {
      throw new CbpError('E_USAGE', `--report ${JSON.stringify(v)} is not KIND=PATH`, { hint: `KIND is one of ${REPORT_KINDS.join(', ')}, e.g. --report junit=conformance.xml` });
    }
    checkReportPath(path, cwd);
    return { kind: kind as ReportKind, path };
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
      `it is under ${VIRTUAL_ROOTS.find((r) => absolute === r || absolute.startsWith(`${r}/`))}, which holds no regular files`,
      'write reports to a regular file, e.g. --report junit=reports/conformance.xml',
    );
  }
  const target = statOrUndefined(absolute);
  if (target !== undefined) {
    if (!target.isFile()) refuse(target.isDirectory() ? 'it is a directory' : 'it is not a regular file', 'name a file, e.g. --report junit=reports/conformance.xml');
    if (!writable(absolute)) refuse('the file is not writable', 'fix its permissions or choose another path');
    return;
  }
  // The nearest existing ancestor says why the directory is missing: a file in the way, or absent.
  const parent = path.dirname(absolute);
  const parentStat = statOrUndefined(parent);
  if (parentStat === undefined) {
    let up = path.dirname(parent);
    while (statOrUndefined(up) === undefined && up !== path.dirname(up)) up = path.dirname(up);
    if (statOrUndefined(up)?.isFile()) refuse(`${up} is a file, not a directory`, 'choose a path whose parent directories are directories');
    refuse(`the directory ${parent} does not exist`, `create it first (mkdir -p ${parent}) or choose an existing directory`);
  }
  if (!parentStat!.isDirectory()) refuse(`${parent} is a file, not a directory`, 'choose a path whose parent is a directory');
  if (!writable(parent)) refuse(`the directory ${parent} is not writable`, 'fix its permissions or choose another directory');
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
