/**
 * JUnit XML reporter: one <testcase> per case (each check records every case it counts: check ×
 * operation × rule), named with the rule id, so a CI dashboard shows which rule broke on which
 * operation; failures carry their evidence, warnings go to system-out. A check without a case list
 * is one testcase. A skipped check
 * or case is a skipped testcase saying what would enable it, so CI dashboards count skips as skips.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { coverageLines } from './coverage.js';
import { failureLines } from './console.js';
import { xmlSafe } from './escape.js';
import type { CaseRecord, CheckOutcome, Failure, Reporter, SuiteSummary } from '../engine/types.js';

/** Markup escaped, and what XML 1.0 forbids made a visible escape (reporters/escape.ts): the report always parses. */
const esc = (s: string) =>
  xmlSafe(s).replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

interface TestCase {
  classname: string;
  name: string;
  time: number;
  skipped?: string;
  errors: Failure[];
  warnings: Failure[];
}

/** A case's failures: those of its rule and operation (the first unmatched ones go to the check's own testcase). */
function casesOf(o: CheckOutcome): TestCase[] {
  const classname = `cbp.conformance.${o.checkId}`;
  if (o.status === 'skipped' || !o.records || o.records.length === 0) {
    return [
      {
        classname,
        name: `${o.checkId}: ${o.title}`,
        time: o.durationMs / 1000,
        skipped: o.status === 'skipped' ? withEnable(o.skippedReason, o.skipEnable) : undefined,
        ...split(o.failures),
      },
    ];
  }
  const claimed = new Set<Failure>();
  const match = (c: CaseRecord) =>
    o.failures.filter(
      (f) =>
        !claimed.has(f) &&
        c.verdict !== 'passed' &&
        f.rule === c.rule &&
        (c.subject === undefined || f.subject === undefined || f.subject.includes(c.subject)),
    );
  const rows: TestCase[] = o.records.map((c) => {
    const mine = match(c).slice(0, 1);
    for (const f of mine) claimed.add(f);
    const name = `${c.rule ?? o.checkId}${c.subject ? ` @ ${c.subject}` : ''}: ${c.name ?? c.reason ?? o.title}`;
    return {
      classname,
      name,
      time: 0,
      ...(c.verdict === 'skipped' || c.verdict === 'not-judged' ? { skipped: withEnable(c.reason, c.enable) } : {}),
      ...split(mine),
    };
  });
  // A finding no case matched by rule and operation (a flow's missing event, an extra field of a
  // payload) belongs to a case that failed: the first failed case of its rule, else the first failed
  // case. Only a finding with no failed case at all (a driver that broke) gets the check's own row.
  const rest = o.failures.filter((f) => !claimed.has(f));
  const failedRows = rows.filter((_, i) => o.records![i]!.verdict === 'failed' || o.records![i]!.verdict === 'warning');
  for (const f of rest) {
    const i = o.records.findIndex((c, n) => c.rule === f.rule && failedRows.includes(rows[n]!));
    const row = i >= 0 ? rows[i] : failedRows[0];
    if (row) {
      (f.severity === 'error' ? row.errors : row.warnings).push(f);
      claimed.add(f);
    }
  }
  const orphans = o.failures.filter((f) => !claimed.has(f));
  if (orphans.length > 0)
    rows.push({ classname, name: `${o.checkId}: ${o.title}`, time: o.durationMs / 1000, ...split(orphans) });
  return rows;
}

/** A skip says why and what would enable it. */
const withEnable = (reason: string | undefined, enable: string | undefined) =>
  `${reason ?? 'skipped'}${enable ? `; to enable: ${enable}` : ''}`;

const split = (fs: Failure[]) => ({
  errors: fs.filter((f) => f.severity === 'error'),
  warnings: fs.filter((f) => f.severity === 'warning'),
});

export function renderJunit(s: SuiteSummary): string {
  const rows = s.outcomes.flatMap(casesOf);
  const xml = rows.map((t) => {
    const attrs = `classname="${esc(t.classname)}" name="${esc(t.name)}" time="${t.time.toFixed(3)}"`;
    const body: string[] = [];
    if (t.skipped !== undefined) body.push(`<skipped message="${esc(t.skipped)}"/>`);
    if (t.errors.length > 0)
      body.push(
        `<failure message="${esc(`${t.errors.length} failure(s): ${t.errors[0].message}`)}">` +
          `${esc(t.errors.flatMap(failureLines).join('\n'))}</failure>`,
      );
    if (t.warnings.length > 0)
      body.push(`<system-out>${esc(t.warnings.flatMap(failureLines).join('\n'))}</system-out>`);
    return body.length
      ? `    <testcase ${attrs}>\n      ${body.join('\n      ')}\n    </testcase>`
      : `    <testcase ${attrs}/>`;
  });
  const failures = rows.filter((t) => t.errors.length > 0).length;
  const skipped = rows.filter((t) => t.skipped !== undefined).length;
  const coverage = s.coverage ? [`    <system-out>${esc(coverageLines(s.coverage).join('\n'))}</system-out>`] : [];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="cbp conformance" tests="${rows.length}" ` +
      `failures="${failures}" time="${(s.durationMs / 1000).toFixed(3)}">`,
    `  <testsuite name="${esc(s.target)}" tests="${rows.length}" failures="${failures}" skipped="${skipped}">`,
    ...xml,
    ...coverage,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

export function junitReporter(file: string): Reporter {
  let summary: SuiteSummary | undefined;
  return {
    name: 'junit',
    handle(e) {
      if (e.type === 'suite-finish') summary = e.summary;
    },
    finish() {
      if (!summary) return;
      mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
      writeFileSync(file, renderJunit(summary));
    },
  };
}
