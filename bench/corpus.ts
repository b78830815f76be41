/**
 * `cbp generate` (every default plugin) against openapi-typescript alone, side by side over the
 * corpus of real provider descriptions (test/generator/corpus.slow.test.ts plus GitHub REST):
 * each side is its own CLI in a fresh process, alternating, BENCH_RUNS times (default 3), median
 * per side: wall ms, peak RSS, bytes written; per-document ratios and their medians.
 * Targets: median time <= 1.3x, worst <= 2x, peak memory <= 1.5x, output <= 3x.
 * Run: `npm run bench corpus` (BENCH_DOCS=substring limits the documents).
 */
import path from 'node:path';
import { type Figures, median, ROOT, sideBySide } from './lib/side-by-side.js';

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
  const ratios = { time: [] as number[], memory: [] as number[], size: [] as number[], sizeWithoutRuntime: [] as number[] };
  console.log(
    `${'document'.padEnd(48)} ${'ots ms'.padStart(8)} ${'cbp ms'.padStart(8)} time  ${'ots MB'.padStart(7)} ${'cbp MB'.padStart(7)} mem   ${'ots kB'.padStart(7)} ${'cbp kB'.padStart(7)} out    out-runtime`,
  );
  for (const doc of CORPUS) {
    const spec = path.join(ROOT, 'node_modules', doc);
    let ots: Figures;
    let ours: Figures;
    try {
      ({ ots, ours } = await sideBySide(spec, Number(process.env.BENCH_RUNS ?? 3)));
    } catch (err) {
      console.log(`${doc.padEnd(48)} failed: ${String((err as Error).message).split('\n')[0]}`);
      continue;
    }
    const r = {
      time: ours.ms / ots.ms,
      memory: ours.maxRssMb / ots.maxRssMb,
      size: ours.bytes / ots.bytes,
      sizeWithoutRuntime: (ours.bytes - ours.runtimeBytes) / ots.bytes,
    };
    for (const k of ['time', 'memory', 'size', 'sizeWithoutRuntime'] as const) ratios[k].push(r[k]);
    const kB = (n: number) => (n / 1024).toFixed(0).padStart(7);
    console.log(
      `${doc.padEnd(48)} ${ots.ms.toFixed(0).padStart(8)} ${ours.ms.toFixed(0).padStart(8)} ${r.time.toFixed(2)}x ${ots.maxRssMb.toFixed(0).padStart(7)} ${ours.maxRssMb.toFixed(0).padStart(7)} ${r.memory.toFixed(2)}x ${kB(ots.bytes)} ${kB(ours.bytes)} ${r.size.toFixed(2)}x  ${r.sizeWithoutRuntime.toFixed(2)}x`,
    );
  }
  const line = (name: string, xs: number[], target: string) => `  ${name}: median ${median(xs).toFixed(2)}x, worst ${Math.max(...xs).toFixed(2)}x (target ${target})`;
  console.log('cbp generate / openapi-typescript alone:');
  console.log(line('time', ratios.time, 'median <= 1.3x, worst <= 2x'));
  console.log(line('peak memory', ratios.memory, '<= 1.5x'));
  console.log(line('output size', ratios.size, '<= 3x'));
  console.log(line('output size without the fixed runtime/ copy', ratios.sizeWithoutRuntime, '<= 3x'));
}

await main();
