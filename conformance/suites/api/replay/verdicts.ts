/**
 * A run's verdicts in the form a cassette keeps them, and the comparison of two of them: a replay
 * must give the verdicts of the live run it was recorded from (same checks, cases, failures and
 * warnings).
 */
import type { SuiteSummary } from '../../../engine/types.js';
import type { CheckVerdict } from './cassette.js';

/**
 * Loopback ports differ between a run and its replay, and a replay moves every time by the time
 * since the recording (replay.ts); nothing else in a verdict may differ.
 */
const normalize = (s: string) =>
  s
    .replace(/\b(127\.0\.0\.1|localhost|\[::1\]):\d+/g, '$1:PORT')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g, 'TIME');

export function verdictsOf(summary: SuiteSummary): Record<string, CheckVerdict> {
  const out: Record<string, CheckVerdict> = {};
  for (const o of summary.outcomes) {
    out[o.checkId] = {
      status: o.status,
      cases: o.cases,
      failures: o.failures.map((f) => ({
        severity: f.severity,
        ...(f.rule ? { rule: f.rule } : {}),
        ...(f.subject ? { subject: normalize(f.subject) } : {}),
        message: normalize(f.message),
      })),
      ...(o.skippedReason ? { skippedReason: normalize(o.skippedReason) } : {}),
    };
  }
  return out;
}

/** Every difference between two runs' verdicts, one line each; empty when they agree. */
export function compareVerdicts(
  recorded: Readonly<Record<string, CheckVerdict>>,
  replayed: Readonly<Record<string, CheckVerdict>>,
): string[] {
  const lines: string[] = [];
  for (const id of new Set([...Object.keys(recorded), ...Object.keys(replayed)])) {
    const a = recorded[id];
    const b = replayed[id];
    if (!a || !b) {
      lines.push(`${id}: ${a ? 'not run on replay' : 'not in the recording'}`);
      continue;
    }
    if (a.status !== b.status) lines.push(`${id}: ${a.status} when recorded, ${b.status} on replay`);
    if (a.cases !== b.cases) lines.push(`${id}: ${a.cases} cases when recorded, ${b.cases} on replay`);
    const key = (f: CheckVerdict['failures'][number]) =>
      `${f.severity} ${f.rule ?? ''} ${f.subject ?? ''}: ${f.message}`;
    const left = a.failures.map(key);
    const right = b.failures.map(key);
    for (const f of left) if (!right.includes(f)) lines.push(`${id}: only when recorded: ${f}`);
    for (const f of right) if (!left.includes(f)) lines.push(`${id}: only on replay: ${f}`);
  }
  return lines;
}
