/**
 * `cbp generate` against openapi-typescript alone on one document, as a user runs them: each
 * side is its own CLI in a fresh process (node start-up, module loading, generation, writing the
 * files), in an empty working directory. Wall time from spawn to exit, peak RSS of the process
 * (worker threads included), bytes written.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { packageInfo } from '../../generator/package-info.js';

export const ROOT = packageInfo().root;
const REPORT_USAGE = path.join(ROOT, 'bench/lib/report-usage.mjs');

export interface Figures {
  ms: number;
  maxRssMb: number;
  bytes: number;
}

export type Side = 'ots' | 'ours';

export const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

function bytesUnder(target: string): number {
  if (!statSync(target).isDirectory()) return statSync(target).size;
  return readdirSync(target).reduce((n, name) => n + bytesUnder(path.join(target, name)), 0);
}

/** One side on `spec` (plugins: cbp's selection, its default when absent; extra: more cbp flags). */
export async function measureSide(
  side: Side,
  spec: string,
  plugins?: string[],
  extra: string[] = [],
): Promise<Figures> {
  const cwd = mkdtempSync(path.join(os.tmpdir(), `cbp-bench-${side}-`));
  try {
    const out = path.join(cwd, side === 'ots' ? 'types.ts' : 'out');
    const args =
      side === 'ots'
        ? [path.join(ROOT, 'node_modules/openapi-typescript/bin/cli.js'), spec, '--output', out, '--silent']
        : [
            path.join(ROOT, 'bin/cbp.js'),
            'generate',
            '--spec',
            spec,
            '--out',
            out,
            ...(plugins ? ['--plugins', ...plugins] : []),
            ...extra,
          ];
    const start = performance.now();
    const { stderr } = await promisify(execFile)(process.execPath, ['--import', REPORT_USAGE, ...args], {
      cwd,
      maxBuffer: 64 << 20,
    });
    const ms = performance.now() - start;
    const usage = /BENCH_USAGE (\{.*\})/.exec(stderr);
    if (!usage) throw new Error(`${side}: no usage report (stderr: ${stderr.slice(0, 300)})`);
    return {
      ms,
      maxRssMb: (JSON.parse(usage[1] ?? '{}') as { maxRssMb: number }).maxRssMb,
      bytes: bytesUnder(out),
    };
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

/** Both sides on `spec`, `runs` times alternating, each figure the median of its runs. */
export async function sideBySide(spec: string, runs: number, plugins?: string[]): Promise<Record<Side, Figures>> {
  const all: Record<Side, Figures[]> = { ots: [], ours: [] };
  for (let i = 0; i < runs; i++) {
    all.ots.push(await measureSide('ots', spec));
    all.ours.push(await measureSide('ours', spec, plugins));
  }
  const mid = (xs: Figures[]): Figures => ({
    ms: median(xs.map((f) => f.ms)),
    maxRssMb: median(xs.map((f) => f.maxRssMb)),
    bytes: median(xs.map((f) => f.bytes)),
  });
  return { ots: mid(all.ots), ours: mid(all.ours) };
}
