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
import { plugins } from '../api/plugins.js';
import { generate } from '../generator/generate.js';
import { resolveGenerateConfig } from '../generator/resolve-config.js';
import { type Figures, measureSide, median, ROOT, sideBySide } from './lib/side-by-side.js';

const GITHUB = path.join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json');
const WANTED = ['types', 'client', 'server'];

async function ourSpec(): Promise<void> {
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  const config = await resolveGenerateConfig({}, ROOT, plugins);
  await generate(config, { cwd: ROOT, plugins });
  const times: number[] = [];
  let files = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    files = (await generate(config, { cwd: ROOT, plugins })).files.length;
    times.push(performance.now() - t);
  }
  console.log(`our spec (${config.spec} + ${config.overlays.join(', ')}), all emitters, ${files} files:`);
  console.log(
    `  generate wall ms: median ${median(times).toFixed(0)}, min ` +
      `${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)} (n=${runs})`,
  );
}

/** The same generation as a user runs it: a fresh `cbp generate --check` process (node start-up,
 * module loading, generation, comparison), without the result cache and with it (inputs
 * unchanged since the last run), alternating with openapi-typescript's CLI writing the types of
 * the same document (spec/openapi.yaml), which is the target: no slower than that. */
async function cliWall(): Promise<void> {
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  const spec = path.join(ROOT, 'spec/openapi.yaml');
  const times: Record<'noCache' | 'cached' | 'ots', number[]> = { noCache: [], cached: [], ots: [] };
  const cbp = async (env: NodeJS.ProcessEnv) => {
    const t = performance.now();
    await promisify(execFile)(process.execPath, [path.join(ROOT, 'bin/cbp.js'), 'generate', '--check'], {
      cwd: ROOT,
      env,
    });
    return performance.now() - t;
  };
  for (let i = 0; i < runs; i++) {
    times.noCache.push(await cbp({ ...process.env, CBP_NO_CACHE: '1' }));
    times.cached.push(await cbp(process.env));
    times.ots.push((await measureSide('ots', spec)).ms);
  }
  const ots = median(times.ots);
  console.log(
    `  openapi-typescript CLI on ${path.relative(ROOT, spec)}, ` +
      `fresh process, wall ms: median ${ots.toFixed(0)} (n=${runs})`,
  );
  for (const [label, xs] of [
    ['no result cache', times.noCache],
    ['result cache hit', times.cached],
  ] as const) {
    console.log(
      `  cbp generate --check, fresh process, ${label}, wall ms: median ${median(xs).toFixed(0)}, min ` +
        `${Math.min(...xs).toFixed(0)} (n=${runs}), ${(median(xs) / ots).toFixed(2)}x openapi-typescript`,
    );
  }
}

async function github(): Promise<void> {
  const { ots, ours } = await sideBySide(GITHUB, 1, WANTED);
  const row = (label: string, f: Figures) =>
    `  ${label.padEnd(34)} ${f.ms.toFixed(0).padStart(7)} ms ${f.maxRssMb.toFixed(0).padStart(6)} ` +
    `MB peak RSS ${(f.bytes / 1e6).toFixed(1).padStart(6)} MB output`;
  console.log(`GitHub REST (api.github.com.json), one fresh process each:`);
  console.log(row('openapi-typescript alone', ots));
  console.log(row(`cbp generate (${WANTED.join('+')})`, ours));
  console.log(
    `  ratio cbp/openapi-typescript: time ${(ours.ms / ots.ms).toFixed(2)}x, ` +
      `peak memory ${(ours.maxRssMb / ots.maxRssMb).toFixed(2)}x`,
  );
}

await ourSpec();
await cliWall();
await github();
