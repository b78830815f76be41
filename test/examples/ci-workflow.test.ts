/**
 * examples/ci/github-actions.yml: valid YAML with the structure GitHub Actions reads, every
 * `cbp` command in it accepted by the CLI, the reports it writes uploaded even when the suite
 * fails, credentials only from secrets; and its mock job's conformance command, run as written
 * (reports redirected into a temporary directory), passes and writes JUnit and HAR.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { main } from '../../cli/main.js';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  'runs-on': string;
  if?: string;
  needs?: string | string[];
  env?: Record<string, string>;
  steps: Step[];
}

const FILE = 'examples/ci/github-actions.yml';
const workflow = parse(readFileSync(FILE, 'utf8'), { prettyErrors: true }) as {
  name: string;
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
};
const dir = mkdtempSync(path.join(tmpdir(), 'cbp-ci-example-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The `npx cbp ...` lines of a step, split into arguments (the example uses no quoting but "${{ }}"). */
function cbpCommands(step: Step): string[][] {
  return (step.run ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('npx cbp '))
    .map((l) =>
      l
        .slice('npx cbp '.length)
        .split(/\s+/)
        .map((a) => a.replace(/^"(.*)"$/, '$1')),
    );
}

describe('the GitHub Actions example', () => {
  test('has the structure GitHub reads: triggers, jobs on a runner, Node 20, npm ci before cbp', () => {
    expect(workflow.name).toBe('API contract');
    expect(Object.keys(workflow.on)).toEqual(['push', 'pull_request']);
    expect(Object.keys(workflow.jobs)).toEqual(['contract', 'live']);
    for (const job of Object.values(workflow.jobs)) {
      expect(job['runs-on']).toBe('ubuntu-latest');
      expect(Array.isArray(job.steps)).toBe(true);
      for (const step of job.steps)
        expect(Object.keys(step).filter((k) => k === 'uses' || k === 'run')).toHaveLength(1);
      const uses = job.steps.map((s) => s.uses?.split('@')[0]);
      expect(uses.slice(0, 2)).toEqual(['actions/checkout', 'actions/setup-node']);
      expect(job.steps[1].with?.['node-version']).toBe(20);
      const install = job.steps.findIndex((s) => s.run === 'npm ci');
      const firstCbp = job.steps.findIndex((s) => cbpCommands(s).length > 0);
      expect(install).toBeGreaterThan(0);
      expect(firstCbp).toBeGreaterThan(install);
    }
    expect(workflow.jobs.live.if).toBe("${{ vars.CBP_BASE_URL != '' }}");
    expect(workflow.jobs.live.needs).toBe('contract');
  });

  test('JUnit and HAR are written into a directory made first and uploaded even when the suite fails', () => {
    for (const job of Object.values(workflow.jobs)) {
      const step = job.steps.find((s) => cbpCommands(s).some((c) => c[0] === 'conformance'))!;
      const args = cbpCommands(step).find((c) => c[0] === 'conformance')!;
      const reports = args.flatMap((a, i) => (args[i - 1] === '--report' ? [a] : []));
      expect(reports.map((r) => r.split('=')[0]).sort()).toEqual(['har', 'junit']);
      const dirs = new Set(reports.map((r) => path.posix.dirname(r.split('=')[1])));
      expect(dirs).toEqual(new Set(['reports']));
      expect(step.run).toMatch(/^mkdir -p reports\n/);
      const upload = job.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))!;
      expect(upload.if).toBe('${{ always() }}');
      expect(upload.with?.path).toBe('reports/');
      const junit = job.steps.find((s) => s.uses?.startsWith('mikepenz/action-junit-report@'))!;
      expect(junit.if).toBe('${{ always() }}');
      expect(junit.with?.report_paths).toBe(reports.find((r) => r.startsWith('junit='))!.slice('junit='.length));
    }
  });

  test('credentials come from secrets only, never from the file or a flag', () => {
    const live = workflow.jobs.live;
    for (const [name, value] of Object.entries(live.env ?? {})) {
      expect(name).toMatch(/^CBP_/);
      expect(value).toBe(`\${{ secrets.${name} }}`);
    }
    const text = readFileSync(FILE, 'utf8');
    expect(text).not.toMatch(/--client-secret|--client-id|--secret /);
  });

  test('every cbp command in it is one the CLI accepts (its --help parses)', async () => {
    for (const job of Object.values(workflow.jobs)) {
      for (const step of job.steps) {
        for (const args of cbpCommands(step)) {
          const out: string[] = [];
          const code = await main([args[0], '--help'], {
            out: (t) => out.push(t),
            err: (t) => out.push(t),
            cwd: process.cwd(),
          });
          expect(code).toBe(0);
          for (const flag of args.filter((a) => a.startsWith('--'))) expect(out.join('\n')).toContain(flag);
        }
      }
    }
  });

  test("the mock job's conformance command, as written, passes and writes JUnit and HAR", async () => {
    const step = workflow.jobs.contract.steps.find((s) => cbpCommands(s).some((c) => c[0] === 'conformance'))!;
    const args = cbpCommands(step)
      .find((c) => c[0] === 'conformance')!
      .map((a) => a.replace(/=reports\//, `=${dir}/`));
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t), cwd: process.cwd() });
    expect(err).toEqual([]);
    expect(code).toBe(0);
    const junit = readFileSync(path.join(dir, 'conformance.xml'), 'utf8');
    expect(junit).toMatch(/^<\?xml [^>]*\?>\s*<testsuites /);
    const har = JSON.parse(readFileSync(path.join(dir, 'conformance.har'), 'utf8')) as { log: { entries: unknown[] } };
    expect(har.log.entries.length).toBeGreaterThan(0);
  }, 120_000);
});
