/**
 * `cbp generate` against openapi-typescript alone on one document, each side in a fresh child
 * process of the calling benchmark (`<bench> --child <side> <spec>`), so peak RSS is that side's own.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { generate } from '../../generator/generate.js';
import { packageInfo } from '../../generator/package-info.js';

export const ROOT = packageInfo().root;

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

/** In the child: time one side (plugins: the generator's selection, default when absent) and print its figures. */
export async function measureSide(side: string, spec: string, plugins?: string[]): Promise<void> {
  // Both sides start with openapi-typescript's modules loaded (cbp generate imports it on demand),
  // so neither side's figure counts loading it.
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const start = performance.now();
  let bytes: number;
  if (side === 'ots') bytes = astToString(await openapiTS(pathToFileURL(spec), { silent: true })).length;
  else {
    const config = { spec, overlays: [], out: 'unused', check: false, clientFactoryName: 'createApiClient', ...(plugins ? { plugins } : {}) };
    const result = await generate(config, { cwd: ROOT });
    bytes = result.files.reduce((n, f) => n + f.contents.length, 0);
  }
  const figures: Figures = { ms: performance.now() - start, maxRssMb: process.resourceUsage().maxRSS / 1024, bytes };
  process.stdout.write(JSON.stringify(figures));
}

/** In the parent: run `benchUrl` (the benchmark's import.meta.url) as the child for one side. */
export async function inChild(benchUrl: string, side: Side, spec: string): Promise<Figures> {
  const { stdout } = await promisify(execFile)(process.execPath, [fileURLToPath(benchUrl), '--child', side, spec], { cwd: ROOT, maxBuffer: 1 << 20 });
  return JSON.parse(stdout) as Figures;
}
