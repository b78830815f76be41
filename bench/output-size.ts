/**
 * Where the bytes of `cbp generate` (default plugins) go, per corpus document, next to
 * openapi-typescript's types for the same document: runtime/ (by default only re-exports: the
 * runtime itself is imported from this package), validators-data.ts,
 * types.ts, operations.ts and the rest. The `out` column of bench/corpus.ts is their total over
 * openapi-typescript's; this one says which part to shrink. Target: total <= 3x.
 * Run: `npm run bench output-size` (BENCH_DOCS=substring limits the documents).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generate } from '../generator/generate.js';
import { median, ROOT } from './lib/side-by-side.js';

const CORPUS = [
  'spec/openapi.yaml',
  'node_modules/@readme/oas-examples/3.1/yaml/train-travel.yaml',
  'node_modules/rclone-openapi/openapi.yaml',
  'node_modules/@ideal-postcodes/openapi/dist/openapi.json',
  'node_modules/@blockfrost/openapi/openapi.yaml',
  'node_modules/shipengine-openapi/openapi.yaml',
  'node_modules/@figma/rest-api-spec/openapi/openapi.yaml',
  'node_modules/@octokit/openapi/generated/api.github.com.json',
].filter((f) => f.includes(process.env.BENCH_DOCS ?? ''));

const GROUPS: Array<[string, (p: string) => boolean]> = [
  ['runtime', (p) => p.startsWith('runtime/')],
  ['vdata', (p) => p === 'validators-data.ts'],
  ['types', (p) => p === 'types.ts'],
  ['ops', (p) => p === 'operations.ts'],
  ['rest', () => true],
];

const kb = (n: number) => `${(n / 1024).toFixed(0)}k`.padStart(7);

async function main(): Promise<void> {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const ratios: number[] = [];
  console.log(
    `${'document'.padEnd(44)} ${'ots'.padStart(7)} ` +
      `${GROUPS.map(([g]) => g.padStart(7)).join(' ')} ${'total'.padStart(7)}   out  files`,
  );
  for (const doc of CORPUS) {
    const spec = path.join(ROOT, doc);
    const ots = astToString(await openapiTS(pathToFileURL(spec), { silent: true })).length;
    const config = { spec, overlays: [], out: 'unused', check: false, clientFactoryName: 'createApiClient' };
    const result = await generate(config, { cwd: ROOT });
    const sums = GROUPS.map(() => 0);
    for (const f of result.files) sums[GROUPS.findIndex(([, match]) => match(f.path))]! += f.contents.length;
    const total = sums.reduce((a, b) => a + b, 0);
    // The document of this repository is not one of the corpus: its ratio is shown, not counted.
    if (!doc.startsWith('spec/')) ratios.push(total / ots);
    const name = doc.replace(/^node_modules\//, '');
    console.log(
      `${name.padEnd(44)} ${kb(ots)} ${sums.map(kb).join(' ')} ${kb(total)} ` +
        `${(total / ots).toFixed(2).padStart(5)}x ${String(result.files.length).padStart(5)}`,
    );
  }
  if (ratios.length > 0)
    console.log(
      `output size / openapi-typescript: median ${median(ratios).toFixed(2)}x, ` +
        `worst ${Math.max(...ratios).toFixed(2)}x (target <= 3x)`,
    );
}

await main();
