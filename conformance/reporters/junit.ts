/** JUnit XML reporter: one testcase per check; failures and warnings with their evidence. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { failureLines } from './console.js';
import type { Reporter, SuiteSummary } from '../engine/types.js';

const esc = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!).replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');

export function renderJunit(s: SuiteSummary): string {
  const cases = s.outcomes.map((o) => {
    const attrs = `classname="cbp.conformance" name="${esc(`${o.checkId}: ${o.title}`)}" time="${(o.durationMs / 1000).toFixed(3)}"`;
    const errors = o.failures.filter((f) => f.severity === 'error');
    const warnings = o.failures.filter((f) => f.severity === 'warning');
    const body: string[] = [];
    if (o.status === 'skipped') body.push(`<skipped message="${esc(o.skippedReason ?? '')}"/>`);
    if (errors.length > 0) body.push(`<failure message="${esc(`${errors.length} failure(s): ${errors[0].message}`)}">${esc(errors.flatMap(failureLines).join('\n'))}</failure>`);
    if (warnings.length > 0) body.push(`<system-out>${esc(warnings.flatMap(failureLines).join('\n'))}</system-out>`);
    return body.length ? `    <testcase ${attrs}>\n      ${body.join('\n      ')}\n    </testcase>` : `    <testcase ${attrs}/>`;
  });
  const failures = s.outcomes.filter((o) => o.status === 'failed').length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="cbp conformance" tests="${s.outcomes.length}" failures="${failures}" time="${(s.durationMs / 1000).toFixed(3)}">`,
    `  <testsuite name="${esc(s.target)}" tests="${s.outcomes.length}" failures="${failures}" skipped="${s.skipped}">`,
    ...cases,
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
