/**
 * examples/ci/contract-diff.yml: the structure GitHub reads, the base branch's contract read with
 * full history, the summary written even when the diff fails; and its `cbp diff` command, run as
 * written against this repository (the base ref: HEAD, the usage: the quickstart), passes on an
 * unchanged contract and writes both reports.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { main } from '../../cli/main.js';

interface Step {
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
}
const workflow = parse(readFileSync('examples/ci/contract-diff.yml', 'utf8')) as {
  on: { pull_request: { paths: string[] } };
  jobs: { diff: { steps: Step[] } };
};
const steps = workflow.jobs.diff.steps;
const dir = mkdtempSync(path.join(tmpdir(), 'cbp-diff-ci-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const diffLine = steps
  .flatMap((s) => (s.run ?? '').split('\n'))
  .map((l) => l.trim())
  .find((l) => l.startsWith('npx cbp diff '))!;

describe('the contract-diff workflow example', () => {
  test('runs on pull requests that touch the contract, with history, npm ci first, Node 20', () => {
    expect(workflow.on.pull_request.paths).toEqual(['spec/**']);
    expect(steps[0]!.uses).toMatch(/^actions\/checkout@/);
    expect(steps[0]!.with?.['fetch-depth']).toBe(0);
    expect(steps[1]!.with?.['node-version']).toBe(20);
    expect(steps.findIndex((s) => s.run === 'npm ci')).toBeLessThan(steps.findIndex((s) => s.run?.includes(diffLine)));
    const summary = steps.find((s) => s.run?.includes('GITHUB_STEP_SUMMARY'))!;
    expect(summary.if).toBe('${{ always() }}');
    expect(summary.run).toContain('reports/contract-diff.md');
  });

  test('its cbp diff command, as written, passes on an unchanged contract and writes both reports', async () => {
    const args = diffLine
      .slice('npx cbp '.length)
      .replace('origin/${{ github.base_ref }}', 'HEAD')
      .replace('--usage src', '--usage examples/quickstart')
      .replace(/=reports\//g, `=${dir}/`)
      .split(/\s+/);
    const err: string[] = [];
    const code = await main(args, { out: () => undefined, err: (t) => err.push(t), cwd: process.cwd() });
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(readFileSync(path.join(dir, 'contract-diff.md'), 'utf8')).toContain('0 breaking');
    expect(readFileSync(path.join(dir, 'contract-diff.xml'), 'utf8')).toContain(
      '<testsuites name="cbp diff" tests="0"',
    );
  }, 60_000);
});
