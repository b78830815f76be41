/**
 * The generation pipeline: load → overlays → bundle/validate → normalize → emitters → headers.
 * Nothing here writes to disk (see output-files.ts), so `--check` compares in memory.
 */
import path from 'node:path';
import { CbpError, isCbpError } from '../lib/errors.js';
import type { GenerateConfig } from './config.js';
import type { EmitContext, Emitter, GeneratedFile } from './emitters/emitter.js';
import { emitters as allEmitters } from './emitters/index.js';
import { headerFor, makeHeader } from './header.js';
import type { ApiModel } from './ir/model.js';
import { normalize } from './ir/normalize.js';
import { loadDocument } from './load/load-document.js';
import { createTemplateEngine } from './templates.js';

/** The emitter whose files are handler stubs for the user to edit: written into `config.stubs`,
 * never overwritten, no "do not edit" header. It runs only when `config.stubs` is set. */
export const STUBS_EMITTER = 'stubs';

export interface GenerateOptions {
  /** Directory relative paths in the config are resolved against. Default: process.cwd(). */
  cwd?: string;
  /** Emitters to choose from (tests pass their own). Default: generator/emitters/index.ts. */
  emitters?: Emitter[];
}

export interface GenerateResult {
  /** Files for `config.out`, sorted by path, each starting with the generated header. */
  files: GeneratedFile[];
  /** Files for `config.stubs` (empty unless it is set). */
  stubFiles: GeneratedFile[];
  model: ApiModel;
  warnings: string[];
}

export async function generate(config: GenerateConfig, options: GenerateOptions = {}): Promise<GenerateResult> {
  const cwd = options.cwd ?? process.cwd();
  const loaded = await loadDocument(config.spec, {
    cwd,
    overlays: config.overlays,
    onMissingTarget: config.overlayMissingTarget,
    deferValidation: true,
  });
  try {
    const model = normalize(loaded.document, { file: loaded.file });
    const tsHeader = makeHeader(loaded.file, model.documentHash);
    const render = createTemplateEngine();
    // Emitters cannot know the cwd: hand them the file they may read (the state table) absolute.
    const emitConfig: GenerateConfig = config.stateTable === undefined ? config : { ...config, stateTable: path.resolve(cwd, config.stateTable) };
    const warnings = [...loaded.warnings];
    const ctx: EmitContext = { model, config: emitConfig, render, header: (p) => headerFor(p, tsHeader), document: loaded.document, warn: (m) => warnings.push(m) };
    const files: GeneratedFile[] = [];
    const stubFiles: GeneratedFile[] = [];
    for (const emitter of selectEmitters(config, options.emitters ?? allEmitters)) {
      const emitted = await runEmitter(emitter, ctx, loaded.file);
      if (emitter.name === STUBS_EMITTER) stubFiles.push(...emitted.map((f) => ({ path: checkPath(f.path, emitter.name), contents: normalizeText(f.contents) })));
      else files.push(...emitted.map((f) => finish(f, emitter.name, tsHeader)));
    }
    await loaded.validated;
    return { files: sortAndCheck(files), stubFiles: sortAndCheck(stubFiles), model, warnings };
  } catch (err) {
    // An invalid document explains any later failure: its validation error comes first.
    await loaded.validated;
    throw err;
  }
}

/** Emitters do not know the file name; errors about the document get it here. */
async function runEmitter(emitter: Emitter, ctx: EmitContext, file: string): Promise<GeneratedFile[]> {
  try {
    return await emitter.emit(ctx);
  } catch (err) {
    if (isCbpError(err) && err.details.file === undefined) throw new CbpError(err.code, err.message, { ...err.details, file });
    throw err;
  }
}

function selectEmitters(config: GenerateConfig, available: Emitter[]): Emitter[] {
  const names = available.map((e) => e.name);
  for (const wanted of config.emitters ?? []) {
    if (!names.includes(wanted)) {
      throw new CbpError('E_CONFIG', `unknown emitter ${JSON.stringify(wanted)}`, { hint: `known emitters: ${names.join(', ')}` });
    }
  }
  return available.filter((e) => {
    if (e.name === STUBS_EMITTER && !config.stubs) return false;
    return config.emitters === undefined || config.emitters.length === 0 || config.emitters.includes(e.name) || e.name === STUBS_EMITTER;
  });
}

/** LF endings and exactly one final newline (contents are otherwise kept: runtime files are
 * copied verbatim, so template literals inside them must not change). */
function normalizeText(text: string): string {
  return `${text.replace(/\r\n?/g, '\n').replace(/^\n+/, '').replace(/\n+$/, '')}\n`;
}

function finish(file: GeneratedFile, emitter: string, tsHeader: string): GeneratedFile {
  const p = checkPath(file.path, emitter);
  const header = headerFor(p, tsHeader);
  const body = normalizeText(file.contents);
  return { path: p, contents: header && !body.startsWith(header) ? `${header}${body}` : body };
}

function checkPath(p: string, emitter: string): string {
  if (p === '' || p.startsWith('/') || p.includes('\\') || p.split('/').some((s) => s === '..' || s === '.' || s === '')) {
    throw new Error(`emitter ${emitter} produced an invalid path ${JSON.stringify(p)} (must be relative, POSIX, inside the output)`);
  }
  return p;
}

function sortAndCheck(files: GeneratedFile[]): GeneratedFile[] {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i].path === sorted[i - 1].path) throw new Error(`two emitters produced ${sorted[i].path}`);
  }
  return sorted;
}
