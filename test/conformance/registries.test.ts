/**
 * Adding a check, a reporter or a built-in driver is one module plus one line in its registry
 * (checks/index.ts, reporters/kinds.ts, drivers/builtin.ts); a check declares the rule ids it cites
 * next to its code (`rules`), and the rule vocabulary collects them from the registry. Each registry is an array or
 * object literal, so a test adds a throw-away entry to a copy of it and hands that copy to the run the
 * way the registry itself is handed in by default; the run, the --report parsing and the help
 * texts must then pick the new entry up with nothing else edited.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { main } from '../../cli/main.js';
import { startSandboxTarget } from '../../cli/sandbox-target.js';
import type { Reporter, SuiteSummary } from '../../conformance/engine/types.js';
import {
  fileReporters,
  REPORT_KINDS,
  type ReportKindEntry,
  reportHelp,
  reportKinds,
  summaryReportKinds,
} from '../../conformance/reporters/index.js';
import { checks } from '../../conformance/suites/api/checks/index.js';
import { conformanceConfigFromArgv } from '../../conformance/suites/api/config.js';
import type { ConformanceCheck } from '../../conformance/suites/api/context.js';
import { BUILTIN_DRIVERS, type BuiltinDriver, driverChoices } from '../../conformance/suites/api/drivers/builtin.js';
import { runConformance } from '../../conformance/suites/api/run-conformance.js';
import { loadSuiteSpec } from '../../conformance/suites/api/spec.js';
import { ruleVocabulary } from '../../conformance/suites/verdicts/vocabulary.js';

const dir = mkdtempSync(path.join(tmpdir(), 'cbp-registries-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The throw-away check: the module a contributor writes (here inline) ...
const echoDriverCheck: ConformanceCheck = {
  id: 'throwaway-check',
  title: 'Names the driver that runs it',
  source: 'none (a test of the registry)',
  tags: ['throwaway'],
  rules: {
    'throwaway.named-driver': { title: 'The run names its driver', provenance: { kind: 'http', reference: 'none' } },
  },
  run: async (ctx) => ({ cases: 1, failures: [], note: `driven by ${ctx.driver.name}` }),
};
// ... and its registry line.
const checkRegistry = [...checks, echoDriverCheck];

// The throw-away reporter (one line per finished check) and its kinds line.
function lineReporter(file: string): Reporter {
  const lines: string[] = [];
  return {
    name: 'lines',
    handle: (e) => {
      if (e.type === 'check-finish') lines.push(`${e.outcome.checkId} ${e.outcome.status}`);
    },
    finish: async () => {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(file, `${lines.join('\n')}\n`);
    },
  };
}
const reportTable: Record<string, ReportKindEntry> = { ...REPORT_KINDS, lines: { load: async () => lineReporter } };

// The throw-away built-in driver and its table line.
const driverTable: Record<string, BuiltinDriver> = {
  ...BUILTIN_DRIVERS,
  throwaway: async (_session, own) => ({ driver: { name: 'throwaway' }, own }),
};

describe('one module plus one registry line', () => {
  test('the run picks up a new check, reporter and driver', async () => {
    const file = path.join(dir, 'lines.txt');
    const config = conformanceConfigFromArgv(
      { only: ['throwaway'], driver: 'throwaway', report: [`lines=${file}`] },
      {},
      undefined,
      reportKinds(reportTable),
    );
    const target = await startSandboxTarget(config);
    let summary: SuiteSummary;
    try {
      summary = await runConformance(config, {
        target,
        checks: checkRegistry,
        drivers: driverTable,
        reporters: await fileReporters(config.reports, reportTable),
      });
    } finally {
      await target.close();
    }
    expect(summary.outcomes.map((o) => [o.checkId, o.status, o.note])).toEqual([
      ['throwaway-check', 'passed', 'driven by throwaway'],
    ]);
    expect(summary.target).toContain('(driver: throwaway)');
    expect(readFileSync(file, 'utf8')).toBe('throwaway-check passed\n');
  });

  test('`cbp rules` lists the rule ids a new check declares', async () => {
    const { model, provenance } = await loadSuiteSpec();
    const vocabulary = ruleVocabulary(model, provenance, checkRegistry);
    expect(vocabulary.find((e) => e.id === 'throwaway.named-driver')).toEqual({
      id: 'throwaway.named-driver',
      kind: 'check rule',
      title: 'The run names its driver',
      source: 'HTTP: none',
    });
  });

  test('the help texts and the argument checks list the new reporter and driver', () => {
    expect(reportHelp(summaryReportKinds(reportTable), {}, reportTable)).toBe(
      'junit=PATH, json=PATH, markdown=PATH or lines=PATH',
    );
    expect(reportHelp(reportKinds(reportTable), { repeatable: true }, reportTable)).toContain(
      'lines=PATH (every exchange and webhook',
    );
    expect(driverChoices(driverTable)).toBe('sandbox, passive, throwaway or the path of a driver module');
    // Without its line, the kind is refused, listing the registered ones.
    expect(() =>
      conformanceConfigFromArgv({ report: [`lines=${path.join(dir, 'x')}`] }, {}, undefined, reportKinds()),
    ).toThrow(/KIND=PATH/);
  });

  test('the CLI help is built from the real registries', async () => {
    const out: string[] = [];
    const code = await main(['conformance', '--help'], {
      out: (t) => out.push(t),
      err: (t) => out.push(t),
      cwd: process.cwd(),
    });
    expect(code).toBe(0);
    const help = out.join('\n').replace(/\s+/g, ' ');
    for (const kind of reportKinds()) expect(help).toContain(`${kind}=PATH`);
    expect(help).toContain(
      `How payments are moved on the target: ${Object.keys(BUILTIN_DRIVERS).join(', ')}, or the path`,
    );
  });
});
