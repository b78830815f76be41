/**
 * Generation speed and memory. Prints:
 *  1. full `cbp generate` of our spec (in memory, every emitter): wall ms, median of BENCH_RUNS
 *     (default 5) after one warm-up;
 *  2. `cbp generate --check` as a fresh process, with and without the result cache;
 *  3. the GitHub REST description (@octokit/openapi, ~13 MB): `cbp generate` with types + client
 *     + server vs openapi-typescript's CLI, each a fresh process (bench/lib/side-by-side.ts), with
 *     wall ms and peak memory, and the ratios.
 * Run: `npm run bench generate` (compiles to dist/bench/generate.js and runs it).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { generate } from '../generator/generate.js';
import { resolveGenerateConfig } from '../generator/resolve-config.js';
import { type Figures, median, ROOT, sideBySide } from './lib/side-by-side.js';

const GITHUB = path.join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json');
const WANTED = ['types', 'client', 'server'];

async function ourSpec(): Promise<void> {
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  const config = await resolveGenerateConfig({}, ROOT);
  await generate(config, { cwd: ROOT });
  const times: number[] = [];
  let files = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    files = (await generate(config, { cwd: ROOT })).files.length;
    times.push(performance.now() - t);
  }
  console.log(`our spec (${config.spec} + ${config.overlays.join(', ')}), all emitters, ${files} files:`);
  console.log(`  generate wall ms: median ${median(times).toFixed(0)}, min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)} (n=${runs})`);
}

/** The same generation as a user runs it: a fresh `cbp generate --check` process (node start-up,
 * module loading (TypeScript for openapi-typescript is ~0.6 s of it), generation, comparison),
 * without the result cache and with it (inputs unchanged since the last run). */
async function cliWall(): Promise<void> {
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  for (const cached of [false, true]) {
    const env = cached ? process.env : { ...process.env, CBP_NO_CACHE: '1' };
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await promisify(execFile)(process.execPath, [path.join(ROOT, 'bin/cbp.js'), 'generate', '--check'], { cwd: ROOT, env });
      times.push(performance.now() - t);
    }
    const label = cached ? 'result cache hit' : 'no result cache';
    console.log(`  cbp generate --check, fresh process, ${label}, wall ms: median ${median(times).toFixed(0)}, min ${Math.min(...times).toFixed(0)} (n=${runs})`);
  }
}

async function github(): Promise<void> {
  const { ots, ours } = await sideBySide(GITHUB, 1, WANTED);
  const row = (label: string, f: Figures) =>
    `  ${label.padEnd(34)} ${f.ms.toFixed(0).padStart(7)} ms ${f.maxRssMb.toFixed(0).padStart(6)} MB peak RSS ${(f.bytes / 1e6).toFixed(1).padStart(6)} MB output`;
  console.log(`GitHub REST (api.github.com.json), one fresh process each:`);
  console.log(row('openapi-typescript alone', ots));
  console.log(row(`cbp generate (${WANTED.join('+')})`, ours));
  console.log(`  ratio cbp/openapi-typescript: time ${(ours.ms / ots.ms).toFixed(2)}x, peak memory ${(ours.maxRssMb / ots.maxRssMb).toFixed(2)}x`);
}

await ourSpec();
await cliWall();
await github();
