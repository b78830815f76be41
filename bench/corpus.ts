/**
 * `cbp generate` (every default plugin) against openapi-typescript alone, side by side over the
 * corpus of real provider descriptions (test/generator/corpus.slow.test.ts plus GitHub REST):
 * each side is its own CLI in a fresh process, alternating, BENCH_RUNS times (default 3), median
 * per side: wall ms, peak RSS, bytes written; per-document ratios and their medians.
 * Targets: median time <= 1.1x, worst <= 1.3x, peak memory <= 1.2x, GitHub REST <= 1.1x, output <= 3x.
 * Output is the default (the runtime imported from this package, as openapi-typescript's types
 * import openapi-fetch); `--runtime copy` is measured once per document beside it, and the runtime
 * the package serves is weighed once against openapi-fetch, what openapi-typescript's users install.
 * The multi-file row is the GitHub description split into ~2,850 files the way `redocly split`
 * lays them out (lib/split-document.ts; no npm package ships a large multi-file description);
 * openapi-typescript reads it through its own bundler (@redocly/openapi-core).
 * Run: `npm run bench corpus` (BENCH_DOCS=substring limits the documents).
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Figures, measureSide, median, ROOT, sideBySide } from './lib/side-by-side.js';
import { splitDocument } from './lib/split-document.js';

const GITHUB = '@octokit/openapi/generated/api.github.com.json';
/** The row of the GitHub description split into files (written to a temp dir when measured). */
const GITHUB_SPLIT = 'GitHub REST split into 2,851 files (derived)';

const CORPUS = [
  '@readme/oas-examples/3.1/yaml/train-travel.yaml',
  'rclone-openapi/openapi.yaml',
  '@ideal-postcodes/openapi/dist/openapi.json',
  '@blockfrost/openapi/openapi.yaml',
  'shipengine-openapi/openapi.yaml',
  '@figma/rest-api-spec/openapi/openapi.yaml',
  GITHUB,
  '@interledger/open-payments/dist/openapi/specs/wallet-address-server.yaml', // multi-file
  GITHUB_SPLIT,
].filter((f) => f.includes(process.env.BENCH_DOCS ?? ''));

type Ratios = Record<'time' | 'memory' | 'size' | 'sizeCopy', number[]>;

async function main(): Promise<void> {
  const ratios: Ratios = { time: [], memory: [], size: [], sizeCopy: [] };
  console.log(
    `${'document'.padEnd(48)} ${'ots ms'.padStart(8)} ${'cbp ms'.padStart(8)} time  ${'ots MB'.padStart(7)} ${'cbp MB'.padStart(7)} mem   ${'ots kB'.padStart(7)} ${'cbp kB'.padStart(7)} out    ${'copy kB'.padStart(7)} out --runtime copy`,
  );
  const splitDir = mkdtempSync(path.join(os.tmpdir(), 'cbp-bench-split-'));
  try {
    for (const doc of CORPUS) await row(doc, splitDir, ratios);
  } finally {
    rmSync(splitDir, { recursive: true, force: true });
  }
  const line = (name: string, xs: number[], target: string) =>
    `  ${name}: median ${median(xs).toFixed(2)}x, worst ${Math.max(...xs).toFixed(2)}x (target ${target})`;
  console.log('cbp generate / openapi-typescript alone:');
  console.log(line('time', ratios.time, 'median <= 1.1x, worst <= 1.3x; GitHub REST <= 1.1x'));
  console.log(line('peak memory', ratios.memory, '<= 1.2x'));
  console.log(line('output size', ratios.size, '<= 3x'));
  console.log(
    line('output size, --runtime copy (the runtime vendored into every output)', ratios.sizeCopy, 'none: opt-in'),
  );
  const runtimeKb = jsUnder(path.join(ROOT, 'packages/runtime/dist')) / 1024;
  const fetchKb = jsUnder(path.join(ROOT, 'node_modules/openapi-fetch/dist')) / 1024;
  console.log(
    `runtime the package serves (dist/ .js, installed once, not per output): ${runtimeKb.toFixed(0)} kB; openapi-fetch's dist/ .js: ${fetchKb.toFixed(0)} kB`,
  );
}

/** Measures one document (both sides on the same files) and prints its row. */
async function row(doc: string, splitDir: string, ratios: Ratios): Promise<void> {
  let spec = path.join(ROOT, 'node_modules', doc);
  let ots: Figures;
  let ours: Figures;
  let copy: Figures;
  try {
    if (doc === GITHUB_SPLIT) {
      const original = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', GITHUB), 'utf8')) as Record<
        string,
        unknown
      >;
      spec = splitDocument(original, splitDir).root;
    }
    ({ ots, ours } = await sideBySide(spec, Number(process.env.BENCH_RUNS ?? 3)));
    copy = await measureSide('ours', spec, undefined, ['--runtime', 'copy']);
  } catch (err) {
    console.log(`${doc.padEnd(48)} failed: ${String((err as Error).message).split('\n')[0]}`);
    return;
  }
  const r = {
    time: ours.ms / ots.ms,
    memory: ours.maxRssMb / ots.maxRssMb,
    size: ours.bytes / ots.bytes,
    sizeCopy: copy.bytes / ots.bytes,
  };
  for (const k of ['time', 'memory', 'size', 'sizeCopy'] as const) ratios[k].push(r[k]);
  const kB = (n: number) => (n / 1024).toFixed(0).padStart(7);
  console.log(
    `${doc.padEnd(48)} ${ots.ms.toFixed(0).padStart(8)} ${ours.ms.toFixed(0).padStart(8)} ${r.time.toFixed(2)}x ${ots.maxRssMb.toFixed(0).padStart(7)} ${ours.maxRssMb.toFixed(0).padStart(7)} ${r.memory.toFixed(2)}x ${kB(ots.bytes)} ${kB(ours.bytes)} ${r.size.toFixed(2)}x  ${kB(copy.bytes)} ${r.sizeCopy.toFixed(2)}x`,
  );
}

/** Bytes of the .js files under `dir` (what a runtime import loads; no .d.ts, no maps). */
function jsUnder(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(m?js|cjs)$/.test(e.name))
    .reduce((n, e) => n + statSync(path.join(e.parentPath, e.name)).size, 0);
}

await main();
