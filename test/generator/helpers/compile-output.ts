/**
 * Type-checks (and compiles) generated files in a temp dir under os.tmpdir(): the "tsc over the
 * output" gate every emitter must pass. node_modules is symlinked so imports of openapi-fetch, hono, ajv
 * resolve. Callers remove the dir with `cleanup()`.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { GeneratedFile } from '../../../generator/emitters/emitter.js';
import { runtimeSourcePaths } from '../../runtime-source-aliases.js';

const run = promisify(execFile);
export const ROOT = fileURLToPath(new URL('../../..', import.meta.url)).replace(/[/]$/, '');

export interface CompiledOutput {
  dir: string;
  /** tsc diagnostics ('' when it compiled). */
  diagnostics: string;
  ok: boolean;
  /** tsc ran to the end (no crash, e.g. out of memory): every output line is a diagnostic. */
  completed: boolean;
  cleanup(): void;
}

export function writeFiles(files: GeneratedFile[], dir: string): void {
  for (const f of files) {
    mkdirSync(path.dirname(path.join(dir, f.path)), { recursive: true });
    writeFileSync(path.join(dir, f.path), f.contents);
  }
}

/** `sets` maps a subdirectory name to the files of one generation (several outputs, one tsc). */
export async function compileOutput(sets: Record<string, GeneratedFile[]>, options: { emit?: boolean; maxOldSpaceMb?: number; strictest?: boolean } = {}): Promise<CompiledOutput> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-tsc-'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  for (const [name, files] of Object.entries(sets)) writeFiles(files, path.join(dir, 'src', name));
  const tsconfig = {
    // @tsconfig/strictest: what a strict host project may use (noUncheckedIndexedAccess,
    // exactOptionalPropertyTypes, noPropertyAccessFromIndexSignature, unused locals, ...).
    ...(options.strictest ? { extends: '@tsconfig/strictest/tsconfig.json' } : {}),
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2023', 'DOM'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      skipLibCheck: true,
      types: ['node'],
      outDir: 'js',
      noEmit: options.emit !== true,
      // Output in the default 'package' runtime mode imports the toolkit's runtime: the sources.
      paths: runtimeSourcePaths,
    },
    include: ['src'],
  };
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  let diagnostics = '';
  try {
    const heap = options.maxOldSpaceMb ? [`--max-old-space-size=${options.maxOldSpaceMb}`] : [];
    await run(process.execPath, [...heap, path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(dir, 'tsconfig.json')], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    diagnostics = String((err as { stdout?: string }).stdout ?? '') + String((err as { stderr?: string }).stderr ?? '') || String(err);
  }
  // A diagnostic starts with a path and (line,col); continuation lines are indented.
  const completed = diagnostics.split('\n').every((l) => l === '' || /^\S+\(\d+,\d+\): error TS\d+/.test(l) || /^\s/.test(l));
  return { dir, diagnostics, ok: diagnostics === '', completed, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
