/**
 * Console reporter: live progress on a TTY (one line rewritten in place), plain lines otherwise
 * (CI logs); then a summary table and every failure with what was sent, what came back (already
 * redacted), the seed rule it breaks and a "reproduce with" command.
 */
import type { Failure, Reporter, RunnerEvent, SuiteSummary } from '../engine/types.js';
import { coverageLines } from './coverage.js';
import { printable } from './escape.js';
import { describeProvenance } from '../engine/provenance.js';
import { rootsFirst } from '../engine/root-causes.js';

export interface ConsoleOptions {
  write(text: string): void;
  /** Raw output without a newline, for a progress line rewritten in place (a TTY only). */
  progress?(text: string): void;
  /** Most failures printed per check. Default 20. */
  maxFailuresPerCheck?: number;
}

const MARK = { passed: 'PASS', failed: 'FAIL', warning: 'WARN', partial: 'PART', skipped: 'SKIP' } as const;

/** Without a TTY (CI logs), a waiting check prints where it is at most this often. */
const PLAIN_PROGRESS_EVERY_MS = 30_000;

export function consoleReporter(options: ConsoleOptions): Reporter {
  // Every line is one value to the terminal: what a target sent cannot move the cursor, clear
  // the screen, retitle the window or start a forged line (reporters/escape.ts).
  const write = (line: string) => options.write(printable(line));
  // The reporter's own control sequence (return, erase line) then the escaped text.
  const progress = options.progress && ((text: string) => options.progress!(`\r\x1b[2K${printable(text)}`));
  let lastPlain = 0;
  return {
    name: 'console',
    handle(e: RunnerEvent) {
      if (e.type === 'suite-start') write(`cbp conformance against ${e.target}: ${e.checkIds.length} checks`);
      else if (e.type === 'check-start') {
        lastPlain = Date.now();
        if (progress) progress(`… ${e.checkId}: ${e.title}`);
      } else if (e.type === 'check-progress' && e.lines.length > 0) {
        if (progress)
          progress(
            `… ${e.checkId}: ` +
              clipText(e.lines.length > 1 ? `${e.lines.length} waiting: ${e.lines.join('; ')}` : e.lines[0], 160),
          );
        else if (Date.now() - lastPlain >= PLAIN_PROGRESS_EVERY_MS) {
          lastPlain = Date.now();
          for (const l of e.lines) write(`  … ${e.checkId}: ${l}`);
        }
      } else if (e.type === 'check-finish') {
        const o = e.outcome;
        const skippedCases = (o.records ?? []).filter((r) => r.verdict === 'skipped').length;
        const why = o.skippedReason
          ? `: ${o.skippedReason}`
          : skippedCases > 0
            ? `: ${skippedCases} case${skippedCases > 1 ? 's' : ''} skipped`
            : '';
        const line = `${MARK[o.status]} ${o.checkId} (${o.cases} cases, ${o.durationMs} ms)${why}`;
        if (progress) progress('');
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
    // Root causes first, within the cap; each consequence is listed under its cause.
    const ordered = rootsFirst(o.failures);
    const shown = ordered.slice(0, maxPerCheck);
    let cause: string | undefined;
    for (const f of shown) {
      if (f.likelyConsequenceOf && f.likelyConsequenceOf !== cause)
        lines.push('', `likely consequence of: ${f.likelyConsequenceOf}`);
      cause = f.likelyConsequenceOf ?? cause;
      lines.push('', ...failureLines(f).map((l) => (f.likelyConsequenceOf ? `  ${l}` : l)));
    }
    if (ordered.length > shown.length)
      lines.push(`  … and ${ordered.length - shown.length} more in ${o.checkId} (see --report json=PATH)`);
  }
  lines.push(...skipLines(s));
  for (const n of s.notes ?? []) lines.push('', `note: ${n}`);
  if (s.coverage) lines.push('', ...coverageLines(s.coverage));
  const total = s.outcomes.reduce((n, o) => n + o.cases, 0);
  const partial = s.partial ? `${s.partial} partial, ` : '';
  lines.push(
    '',
    `${s.failed} failed, ${s.warnings} with warnings, ${s.passed} passed, ` +
      `${partial}${s.skipped} skipped; ${total} cases in ${(s.durationMs / 1000).toFixed(1)} s`,
  );
  return lines;
}

/** Every skipped check and case, why, and what would enable it (nothing is skipped silently). */
export function skipLines(s: SuiteSummary): string[] {
  const out: string[] = [];
  for (const o of s.outcomes) {
    if (o.skippedReason !== undefined) {
      out.push(`  ${o.checkId}: ${o.skippedReason}`);
      if (o.skipEnable) out.push(`    to enable: ${o.skipEnable}`);
    }
    for (const r of (o.records ?? []).filter((x) => x.verdict === 'skipped')) {
      out.push(
        `  ${o.checkId} › ${r.subject ?? 'a case'}${r.reached ? ` (${r.reached})` : ''}: ${r.reason ?? 'skipped'}`,
      );
      if (r.enable) out.push(`    to enable: ${r.enable}`);
    }
  }
  const notJudged = s.outcomes.flatMap((o) =>
    (o.records ?? [])
      .filter((x) => x.verdict === 'not-judged')
      .map((r) => `  ${o.checkId} › ${r.name ?? r.subject ?? 'a case'}: ${r.reason ?? 'not judged'}`),
  );
  return [
    ...(out.length > 0 ? ['', 'Skipped (did not run, or ran only part of the way):', ...out] : []),
    ...(notJudged.length > 0 ? ['', 'Not judged (the target cannot show it either way):', ...notJudged] : []),
  ];
}

function clipText(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

export function failureLines(f: Failure): string[] {
  const out = [
    `${f.severity === 'error' ? 'FAIL' : 'WARN'} [${f.checkId}]${f.subject ? ` ${f.subject}:` : ''} ${f.message}`,
  ];
  if (f.rule) out.push(`  rule: ${f.rule}`);
  if (f.provenance) out.push(`  source: ${describeProvenance(f.provenance)}`);
  const x = f.evidence?.exchanges?.[0];
  if (x) {
    out.push(
      `  sent: ${x.request.method} ${x.request.url}${x.request.body !== undefined ? ` ${clip(x.request.body)}` : ''}`,
    );
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
