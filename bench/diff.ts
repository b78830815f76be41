/**
 * `cbp diff` on a real pair: two published GitHub REST descriptions (@octokit/openapi 22.0.0, packed
 * from the npm registry into a temporary cache on first use, against the 23.0.2 devDependency),
 * each a fresh process, alternating with `cbp generate` (default plugins) on the newer document.
 * Prints: wall ms of each (median of BENCH_RUNS, default 3), the ratio (target <= 2), the counts
 * by severity and rule, and the first finding of each rule so the grading can be sampled by hand.
 * Run: `npm run bench diff`.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { measureSide, median, ROOT } from './lib/side-by-side.js';

const run = promisify(execFile);
const NEW = path.join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json');
const OLD_VERSION = '22.0.0';

async function oldDocument(): Promise<string> {
  const dir = path.join(os.tmpdir(), `cbp-bench-octokit-openapi-${OLD_VERSION}`);
  const file = path.join(dir, 'package/generated/api.github.com.json');
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const { stdout } = await run('npm', ['pack', `@octokit/openapi@${OLD_VERSION}`, '--silent'], { cwd: dir });
  await run('tar', ['-xzf', stdout.trim().split('\n').pop()!], { cwd: dir });
  return file;
}

interface Result {
  counts: Record<string, number>;
  changes: Array<{ rule: string; severity: string; message: string; old?: string; new?: string; subjects: unknown[] }>;
}

async function main(): Promise<void> {
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  const old = await oldDocument();
  const diffMs: number[] = [];
  const generateMs: number[] = [];
  let result: Result | undefined;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const { stdout } = await run(
      process.execPath,
      [path.join(ROOT, 'bin/cbp.js'), 'diff', old, NEW, '--format', 'json', '--fail-on', 'none'],
      { cwd: ROOT, maxBuffer: 256 << 20 },
    );
    diffMs.push(performance.now() - t);
    result = JSON.parse(stdout) as Result;
    generateMs.push((await measureSide('ours', NEW)).ms);
  }
  const d = median(diffMs);
  const g = median(generateMs);
  console.log(`GitHub REST @octokit/openapi ${OLD_VERSION} -> 23.0.2, fresh processes, median of ${runs}:`);
  console.log(`  cbp diff wall ms ${d.toFixed(0)}; cbp generate (default plugins, 23.0.2) wall ms ${g.toFixed(0)}`);
  console.log(`  ratio diff/generate ${(d / g).toFixed(2)} (target <= 2)`);
  const r = result!;
  console.log(
    `  ${r.counts.breaking} breaking, ${r.counts.warning} warnings, ${r.counts.additive} additive (${r.changes.length} changes)`,
  );
  const byRule = new Map<string, Result['changes']>();
  for (const c of r.changes)
    byRule.set(`${c.severity} ${c.rule}`, [...(byRule.get(`${c.severity} ${c.rule}`) ?? []), c]);
  for (const [key, list] of [...byRule].sort()) {
    const first = list[0]!;
    console.log(
      `  ${key}: ${list.length}; e.g. ${first.message} (#${first.new ?? first.old}; ${first.subjects.length} ops)`,
    );
  }
}

await main();
