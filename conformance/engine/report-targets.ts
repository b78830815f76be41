/** `--report junit=PATH`, `--report json=PATH`, `--report markdown=PATH` (issue 6, item 4). */
import { CbpError } from '../../lib/errors.js';

export const REPORT_KINDS = ['junit', 'json', 'markdown'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export interface ReportTarget {
  kind: ReportKind;
  path: string;
}

export function parseReportTargets(values: readonly string[]): ReportTarget[] {
  return values.map((v) => {
    const eq = v.indexOf('=');
    const kind = eq > 0 ? v.slice(0, eq) : '';
    const path = eq > 0 ? v.slice(eq + 1) : '';
    if (!(REPORT_KINDS as readonly string[]).includes(kind) || path === '') {
      throw new CbpError('E_USAGE', `--report ${JSON.stringify(v)} is not KIND=PATH`, { hint: `KIND is one of ${REPORT_KINDS.join(', ')}, e.g. --report junit=conformance.xml` });
    }
    return { kind: kind as ReportKind, path };
  });
}
