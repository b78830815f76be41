/**
 * Shared by the real-document tests: generate each document with every registered emitter,
 * type-check all outputs in one tsc run, and split the diagnostics by file so a failure names
 * the emitter output that broke.
 */
import path from 'node:path';
import { generate } from '../../../generator/generate.js';
import type { GeneratedFile } from '../../../generator/emitters/emitter.js';
import { isCbpError } from '../../../lib/errors.js';
import { compileOutput, ROOT, type CompiledOutput } from './compile-output.js';

export interface RealRun {
  generated: Record<string, GeneratedFile[]>;
  /** Documents generation refused, with the one-line error (must be a CbpError). */
  refused: Record<string, string>;
  compiled: CompiledOutput;
}

/** Only the outputs of the core emitters, to type-check them apart from the others. */
export function coreOnly(generated: Record<string, GeneratedFile[]>): Record<string, GeneratedFile[]> {
  return Object.fromEntries(
    Object.entries(generated).map(([k, files]) => [k, files.filter((f) => CORE_OUTPUTS.test(f.path))]),
  );
}

export function setName(file: string): string {
  const rel = path.relative(path.join(ROOT, 'node_modules'), file);
  return rel.replace(/\.(ya?ml|json)$/, '').replace(/[^A-Za-z0-9]+/g, '_');
}

export async function generateAndCompile(
  files: string[],
  compile: { maxOldSpaceMb?: number; strictest?: boolean } = {},
): Promise<RealRun> {
  const { generated, refused } = await generateAll(files);
  return { generated, refused, compiled: await compileOutput(generated, compile) };
}

/** Generates each document with every registered emitter; refusals must be CbpErrors. */
export async function generateAll(files: string[]): Promise<Omit<RealRun, 'compiled'>> {
  const generated: Record<string, GeneratedFile[]> = {};
  const refused: Record<string, string> = {};
  for (const file of files) {
    try {
      const result = await generate(
        { spec: file, overlays: [], out: 'unused', check: false, clientFactoryName: 'createApiClient' },
        { cwd: ROOT },
      );
      generated[setName(file)] = result.files;
    } catch (err) {
      if (!isCbpError(err)) throw err;
      refused[setName(file)] = err.format();
    }
  }
  return { generated, refused };
}

/** tsc diagnostic lines about files matching `pathPattern` (relative to the output dir). */
export function diagnosticsFor(diagnostics: string, pathPattern: RegExp): string[] {
  return diagnostics
    .split('\n')
    .filter((l) => /^src\/[^/]+\/\S+\(\d+,\d+\): error/.test(l))
    .filter((l) => pathPattern.test(l.replace(/^src\/[^/]+\//, '').replace(/\(.*$/, '')));
}

/** Outputs of the emitters owned by the generator core (types, operations, runtime). */
export const CORE_OUTPUTS = /^(types\.ts|operations\.ts|runtime\/.*)$/;
