/**
 * Type-checks (and compiles) generated files in a temp dir under os.tmpdir(): the "tsc over the
 * output" gate every emitter must pass. node_modules is symlinked so imports of openapi-fetch, hono, ajv
 * resolve. Callers remove the dir with `cleanup()`.
 *
 * In the fast suite (CBP_TEST_TSC_IN_PROCESS=1, set by vitest.config.ts) outputs of ordinary size
 * are checked in the test's own process with TypeScript's API, the way `tsc -p` checks them (same
 * diagnostics, same text): a worker runs many test files, and the files every output shares
 * (TypeScript's lib, @types/node, hono, the runtime sources) are parsed once per worker instead of
 * once per check in a new tsc process. Large outputs, a caller asking for a heap size, and the slow
 * suite (whose real documents are type-checked by a tsc with Node's default heap) get a tsc process.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
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
export async function compileOutput(
  sets: Record<string, GeneratedFile[]>,
  options: { emit?: boolean; maxOldSpaceMb?: number; strictest?: boolean } = {},
): Promise<CompiledOutput> {
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
  const size = Object.values(sets).reduce((n, files) => n + files.reduce((m, f) => m + f.contents.length, 0), 0);
  const ordinary = options.maxOldSpaceMb === undefined && size <= IN_PROCESS_MAX_CHARS;
  const inProcess = ordinary && process.env.CBP_TEST_TSC_IN_PROCESS === '1';
  const diagnostics = inProcess ? typeCheckInProcess(dir) : await typeCheckInChild(dir, options.maxOldSpaceMb);
  // A diagnostic starts with a path and (line,col); continuation lines are indented.
  const completed = diagnostics
    .split('\n')
    .every((l) => l === '' || /^\S+\(\d+,\d+\): error TS\d+/.test(l) || /^\s/.test(l));
  return {
    dir,
    diagnostics,
    ok: diagnostics === '',
    completed,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** `tsc -p <dir>/tsconfig.json` in a process of its own, with `maxOldSpaceMb` of heap when given. */
async function typeCheckInChild(dir: string, maxOldSpaceMb: number | undefined): Promise<string> {
  const heap = maxOldSpaceMb ? [`--max-old-space-size=${maxOldSpaceMb}`] : [];
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  try {
    const args = [...heap, tsc, '-p', path.join(dir, 'tsconfig.json')];
    await run(process.execPath, args, { cwd: dir, maxBuffer: 64 << 20 });
    return '';
  } catch (err) {
    const { stdout, stderr } = err as { stdout?: string; stderr?: string };
    return String(stdout ?? '') + String(stderr ?? '') || String(err);
  }
}

/** Above this much generated text (a third-party document of megabytes), tsc runs in its own process. */
const IN_PROCESS_MAX_CHARS = 4_000_000;

/**
 * Parsed files that are not part of the output (lib, node_modules, the runtime sources), by
 * compiler settings that affect parsing and binding, then by file name and parse options. A
 * SourceFile is immutable once bound, so programs may share it (the language service does the same).
 */
const sharedSourceFiles = new Map<string, Map<string, ts.SourceFile | undefined>>();
const registry = ts.createDocumentRegistry();

/**
 * The diagnostics of a shared file (the runtime sources the output imports), by all compiler
 * settings: most of a check's time, and the same in every program with the same settings, as
 * nothing emitted declares globals or augments a module. The first program of a worker with those
 * settings checks them; the next ones check only their own output.
 */
const sharedDiagnostics = new Map<string, Checked>();

type Checked = Map<string, readonly ts.Diagnostic[]>;

function semanticDiagnostics(program: ts.Program, file: ts.SourceFile, own: string, checked: Checked) {
  if (file.fileName.startsWith(own)) return program.getSemanticDiagnostics(file);
  const known = checked.get(file.fileName);
  if (known) return known;
  const found = program.getSemanticDiagnostics(file);
  checked.set(file.fileName, found);
  return found;
}

/** What `tsc -p <dir>/tsconfig.json` run in `dir` prints (tsc's format, one diagnostic a line), '' when it compiled. */
function typeCheckInProcess(dir: string): string {
  const fail = (d: ts.Diagnostic) => {
    throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  };
  const configHost = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: fail };
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(dir, 'tsconfig.json'), undefined, configHost);
  if (!parsed) throw new Error(`${dir}/tsconfig.json could not be read`);
  const host = ts.createCompilerHost(parsed.options);
  const key = registry.getKeyForCompilationSettings(parsed.options);
  const shared = sharedSourceFiles.get(key) ?? new Map<string, ts.SourceFile | undefined>();
  sharedSourceFiles.set(key, shared);
  // Every option counts here (strictness, lib, paths), except where this program's files go.
  const ownValue = (k: string, v: unknown) => k === 'noEmit' || (typeof v === 'string' && v.startsWith(dir));
  const settings = JSON.stringify(parsed.options, (k, v) => (ownValue(k, v) ? undefined : v));
  const checked = sharedDiagnostics.get(settings) ?? (new Map() as Checked);
  sharedDiagnostics.set(settings, checked);
  const read = host.getSourceFile.bind(host);
  const own = `${dir}${path.sep}`;
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreateNewSourceFile) => {
    if (fileName.startsWith(own) || shouldCreateNewSourceFile) {
      return read(fileName, languageVersion, onError, shouldCreateNewSourceFile);
    }
    const id = `${fileName}\0${JSON.stringify(languageVersion)}`;
    if (!shared.has(id)) shared.set(id, read(fileName, languageVersion, onError));
    return shared.get(id);
  };
  const { fileNames: rootNames, options, errors: configFileParsingDiagnostics } = parsed;
  const program = ts.createProgram({ rootNames, options, host, configFileParsingDiagnostics });
  // The order tsc reports in (executeCommandLine's emitFilesAndReportErrors): the semantic
  // diagnostics only when the configuration, the syntax and the options are clean.
  const all = [...program.getConfigFileParsingDiagnostics()];
  const before = all.length;
  all.push(...program.getSyntacticDiagnostics());
  if (all.length === before) {
    all.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
    if (all.length === before) {
      for (const file of program.getSourceFiles()) all.push(...semanticDiagnostics(program, file, own, checked));
    }
  }
  if (!parsed.options.noEmit) all.push(...program.emit().diagnostics);
  const formatHost: ts.FormatDiagnosticsHost = {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => dir,
    getNewLine: () => '\n',
  };
  return ts.formatDiagnostics(ts.sortAndDeduplicateDiagnostics(all), formatHost);
}
