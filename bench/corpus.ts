/**
 * `cbp generate` (every default plugin) against openapi-typescript alone, side by side over the
 * corpus of real provider descriptions (test/generator/corpus.slow.test.ts plus GitHub REST):
 * each side is its own CLI in a fresh process, alternating, BENCH_RUNS times (default 3), median
 * per side: wall ms, peak RSS, bytes written; per-document ratios and their medians.
 * Targets: median time <= 1.1x, worst <= 1.3x, peak memory <= 1.2x, GitHub REST <= 1.1x, output <= 3x.
 * Output is the default (the runtime imported from this package, as openapi-typescript's types
 * import openapi-fetch); `--runtime copy` is measured once per document beside it, and the runtime
 * the package serves is weighed once against openapi-fetch, what openapi-typescript's users install.
 * Run: `npm run bench corpus` (BENCH_DOCS=substring limits the documents).
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { type Figures, measureSide, median, ROOT, sideBySide } from './lib/side-by-side.js';

const CORPUS = [
  '@readme/oas-examples/3.1/yaml/train-travel.yaml',
  'rclone-openapi/openapi.yaml',
  '@ideal-postcodes/openapi/dist/openapi.json',
  '@blockfrost/openapi/openapi.yaml',
  'shipengine-openapi/openapi.yaml',
  '@figma/rest-api-spec/openapi/openapi.yaml',
  '@octokit/openapi/generated/api.github.com.json',
  '@interledger/open-payments/dist/openapi/specs/wallet-address-server.yaml', // multi-file
].filter((f) => f.includes(process.env.BENCH_DOCS ?? ''));

async function main(): Promise<void> {
  const ratios = { time: [] as number[], memory: [] as number[], size: [] as number[], sizeCopy: [] as number[] };
  console.log(
    `${'document'.padEnd(48)} ${'ots ms'.padStart(8)} ${'cbp ms'.padStart(8)} time  ${'ots MB'.padStart(7)} ${'cbp MB'.padStart(7)} mem   ${'ots kB'.padStart(7)} ${'cbp kB'.padStart(7)} out    ${'copy kB'.padStart(7)} out --runtime copy`,
  );
  for (const doc of CORPUS) {
    const spec = path.join(ROOT, 'node_modules', doc);
    let ots: Figures;
    let ours: Figures;
    let copy: Figures;
    try {
      ({ ots, ours } = await sideBySide(spec, Number(process.env.BENCH_RUNS ?? 3)));
      copy = await measureSide('ours', spec, undefined, ['--runtime', 'copy']);
    } catch (err) {
      console.log(`${doc.padEnd(48)} failed: ${String((err as Error).message).split('\n')[0]}`);
      continue;
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

/** Bytes of the .js files under `dir` (what a runtime import loads; no .d.ts, no maps). */
function jsUnder(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(m?js|cjs)$/.test(e.name))
    .reduce((n, e) => n + statSync(path.join(e.parentPath, e.name)).size, 0);
}

await main();
