/**
 * `cbp generate` (every default emitter) against openapi-typescript alone, side by side over the
 * corpus of real provider descriptions (test/generator/corpus.slow.test.ts plus GitHub REST),
 * each run in a fresh child process: wall ms, peak RSS, output size; per-document ratios and their
 * medians. Targets: median time <= 1.3x, worst <= 2x, peak memory <= 1.5x, output <= 3x.
 * Run: `npm run bench corpus` (BENCH_DOCS=substring limits the documents).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { generate } from '../generator/generate.js';
import { packageInfo } from '../generator/package-info.js';

const ROOT = packageInfo().root;
const CORPUS = [
  '@readme/oas-examples/3.1/yaml/train-travel.yaml',
  'rclone-openapi/openapi.yaml',
  '@ideal-postcodes/openapi/dist/openapi.json',
  '@blockfrost/openapi/openapi.yaml',
  'shipengine-openapi/openapi.yaml',
  '@figma/rest-api-spec/openapi/openapi.yaml',
  '@octokit/openapi/generated/api.github.com.json',
].filter((f) => f.includes(process.env.BENCH_DOCS ?? ''));

interface Figures {
  ms: number;
  maxRssMb: number;
  bytes: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function child(mode: string, spec: string): Promise<void> {
  // Both sides start with openapi-typescript's modules loaded (the ots side imports it statically;
  // cbp generate imports it on demand), so neither side's figure counts loading it.
  await import('openapi-typescript');
  const start = performance.now();
  let bytes: number;
  if (mode === 'ots') bytes = astToString(await openapiTS(pathToFileURL(spec), { silent: true })).length;
  else {
    const result = await generate({ spec, overlays: [], out: 'unused', check: false, clientFactoryName: 'createApiClient' }, { cwd: ROOT });
    bytes = result.files.reduce((n, f) => n + f.contents.length, 0);
  }
  const figures: Figures = { ms: performance.now() - start, maxRssMb: process.resourceUsage().maxRSS / 1024, bytes };
  process.stdout.write(JSON.stringify(figures));
}

async function inChild(mode: string, spec: string): Promise<Figures> {
  const self = fileURLToPath(import.meta.url);
  const { stdout } = await promisify(execFile)(process.execPath, [self, '--child', mode, spec], { cwd: ROOT, maxBuffer: 1 << 20 });
  return JSON.parse(stdout) as Figures;
}

async function main(): Promise<void> {
  const ratios = { time: [] as number[], memory: [] as number[], size: [] as number[] };
  console.log(`${'document'.padEnd(48)} ${'ots ms'.padStart(8)} ${'cbp ms'.padStart(8)} time  ${'ots MB'.padStart(7)} ${'cbp MB'.padStart(7)} mem   out`);
  for (const doc of CORPUS) {
    const spec = path.join(ROOT, 'node_modules', doc);
    const ots = await inChild('ots', spec);
    let ours: Figures;
    try {
      ours = await inChild('ours', spec);
    } catch (err) {
      console.log(`${doc.padEnd(48)} cbp generate failed: ${String((err as Error).message).split('\n')[0]}`);
      continue;
    }
    const r = { time: ours.ms / ots.ms, memory: ours.maxRssMb / ots.maxRssMb, size: ours.bytes / ots.bytes };
    ratios.time.push(r.time);
    ratios.memory.push(r.memory);
    ratios.size.push(r.size);
    console.log(
      `${doc.padEnd(48)} ${ots.ms.toFixed(0).padStart(8)} ${ours.ms.toFixed(0).padStart(8)} ${r.time.toFixed(2)}x ${ots.maxRssMb.toFixed(0).padStart(7)} ${ours.maxRssMb.toFixed(0).padStart(7)} ${r.memory.toFixed(2)}x ${r.size.toFixed(1)}x`,
    );
  }
  const line = (name: string, xs: number[], target: string) => `  ${name}: median ${median(xs).toFixed(2)}x, worst ${Math.max(...xs).toFixed(2)}x (target ${target})`;
  console.log('cbp generate / openapi-typescript alone:');
  console.log(line('time', ratios.time, 'median <= 1.3x, worst <= 2x'));
  console.log(line('peak memory', ratios.memory, '<= 1.5x'));
  console.log(line('output size', ratios.size, '<= 3x'));
}

const args = process.argv.slice(2);
if (args[0] === '--child') await child(args[1], args[2]);
else await main();
