/**
 * Console reporter: live progress on a TTY (one line rewritten in place), plain lines otherwise
 * (CI logs); then a summary table and every failure with what was sent, what came back (already
 * redacted), the seed rule it breaks and a "reproduce with" command.
 */
import type { Failure, Reporter, RunnerEvent, SuiteSummary } from '../engine/types.js';

export interface ConsoleOptions {
  write(text: string): void;
  /** Raw output without a newline, for a progress line rewritten in place (a TTY only). */
  progress?(text: string): void;
  /** Most failures printed per check. Default 20. */
  maxFailuresPerCheck?: number;
}

const MARK = { passed: 'PASS', failed: 'FAIL', warning: 'WARN', skipped: 'SKIP' } as const;

export function consoleReporter(options: ConsoleOptions): Reporter {
  const { write, progress } = options;
  return {
    name: 'console',
    handle(e: RunnerEvent) {
      if (e.type === 'suite-start') write(`cbp conformance against ${e.target}: ${e.checkIds.length} checks`);
      else if (e.type === 'check-start' && progress) progress(`\r\x1b[2K… ${e.checkId}: ${e.title}`);
      else if (e.type === 'check-finish') {
        const o = e.outcome;
        const line = `${MARK[o.status]} ${o.checkId} (${o.cases} cases, ${o.durationMs} ms)${o.skippedReason ? `: ${o.skippedReason}` : ''}`;
        if (progress) progress('\r\x1b[2K');
        write(line);
      } else if (e.type === 'suite-finish') {
        for (const l of summaryLines(e.summary, options.maxFailuresPerCheck ?? 20)) write(l);
      }
    },
  };
}

export function summaryLines(s: SuiteSummary, maxPerCheck = 20): string[] {
  const rows = s.outcomes.map((o) => [
    o.checkId,
    MARK[o.status],
    String(o.cases),
    String(o.failures.filter((f) => f.severity === 'error').length),
    String(o.failures.filter((f) => f.severity === 'warning').length),
    `${o.durationMs} ms`,
  ]);
  const head = ['check', 'status', 'cases', 'failures', 'warnings', 'time'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  const lines = ['', fmt(head), fmt(widths.map((w) => '-'.repeat(w))), ...rows.map(fmt)];
  for (const o of s.outcomes) {
    if (o.note) lines.push('', `note (${o.checkId}): ${o.note}`);
    const shown = o.failures.slice(0, maxPerCheck);
    for (const f of shown) lines.push('', ...failureLines(f));
    if (o.failures.length > shown.length) lines.push(`  … and ${o.failures.length - shown.length} more in ${o.checkId} (see --report json=PATH)`);
  }
  const total = s.outcomes.reduce((n, o) => n + o.cases, 0);
  lines.push('', `${s.failed} failed, ${s.warnings} with warnings, ${s.passed} passed, ${s.skipped} skipped; ${total} cases in ${(s.durationMs / 1000).toFixed(1)} s`);
  return lines;
}

export function failureLines(f: Failure): string[] {
  const out = [`${f.severity === 'error' ? 'FAIL' : 'WARN'} [${f.checkId}]${f.subject ? ` ${f.subject}:` : ''} ${f.message}`];
  if (f.rule) out.push(`  rule: ${f.rule}`);
  const x = f.evidence?.exchanges?.[0];
  if (x) {
    out.push(`  sent: ${x.request.method} ${x.request.url}${x.request.body !== undefined ? ` ${clip(x.request.body)}` : ''}`);
    out.push(`  got:  ${x.response ? `${x.response.status} ${clip(x.response.body)}` : (x.error ?? 'no answer')}`);
  }
  for (const ev of (f.evidence?.events ?? []).slice(0, 3)) out.push(`  event: ${clip(ev)}`);
  if (f.evidence?.note) out.push(`  note: ${f.evidence.note}`);
  if (f.reproduce) out.push(`  reproduce with: ${f.reproduce}`);
  return out;
}

function clip(v: unknown, max = 300): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s === undefined ? '' : s.length > max ? `${s.slice(0, max)}…` : s;
}
