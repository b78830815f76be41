/**
 * Generates a document (default: our spec + rules overlay) with every plugin, stubs included,
 * into tmp/h2-tests/<label>/ (git-ignored) so tests can import the generated client and server.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { GenerateConfig } from '../../../../generator/config.js';
import type { GeneratedFile } from '../../../../generator/emitters/emitter.js';
import { generate } from '../../../../api/index.js';
import type { GenerateResult } from '../../../../generator/generate.js';

export const ROOT = fileURLToPath(new URL('../../../..', import.meta.url)).replace(/[\\/]$/, '');

export interface Generated {
  dir: string;
  result: GenerateResult;
  /** Imports a generated module by its path relative to the output directory (`client.ts`). */
  load<T = Record<string, unknown>>(file: string): Promise<T>;
}

function write(files: GeneratedFile[], dir: string): void {
  for (const f of files) {
    mkdirSync(path.dirname(path.join(dir, f.path)), { recursive: true });
    writeFileSync(path.join(dir, f.path), f.contents);
  }
}

/**
 * Generations by config, the output directory aside (`<label>/generated`, `<label>/handlers`: the
 * same relative layout for every label, so the same files): the files of a worker (vitest runs
 * several in one process) that generate the same document with the same plugins share one
 * generation. Each still writes its own directory.
 */
const generations = new Map<string, Promise<GenerateResult>>();

function generation(config: GenerateConfig, overrides: Partial<GenerateConfig>): Promise<GenerateResult> {
  if ('out' in overrides || 'stubs' in overrides) return generate(config, { cwd: ROOT });
  const key = JSON.stringify({ ...config, out: undefined, stubs: undefined });
  const known = generations.get(key) ?? generate(config, { cwd: ROOT });
  generations.set(key, known);
  return known;
}

export async function generateInto(label: string, overrides: Partial<GenerateConfig> = {}): Promise<Generated> {
  const dir = path.join(ROOT, 'tmp', 'h2-tests', label);
  rmSync(dir, { recursive: true, force: true });
  const config: GenerateConfig = {
    spec: 'spec/openapi.yaml',
    overlays: ['spec/rules.overlay.yaml'],
    out: path.join(dir, 'generated'),
    stubs: path.join(dir, 'handlers'),
    check: false,
    clientFactoryName: 'createPaymentsClient',
    plugins: ['types', 'operations', 'validators', 'client', 'server', 'node-http', 'fetch', 'hono', 'payments'],
    ...overrides,
  };
  const result = await generation(config, overrides);
  write(result.files, config.out);
  if (config.stubs) write(result.stubFiles, config.stubs);
  return {
    dir,
    result,
    load: (file) => import(pathToFileURL(path.join(config.out, file)).href),
  };
}
