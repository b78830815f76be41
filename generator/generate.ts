/**
 * The generation pipeline: load → overlays → bundle/validate → normalize → plugins (runtime
 * copies, then emitters, in dependency order) → headers → import and dependency checks.
 * Nothing here writes to disk (see output-files.ts), so `--check` compares in memory.
 */
import path from 'node:path';
import { CbpError, isCbpError } from '../lib/errors.js';
import { formatFiles } from './format-output.js';
import type { GenerateConfig } from './config.js';
import type { EmitContext, Emitter, GeneratedFile } from './emitters/emitter.js';
import { headerFor, makeHeader } from './header.js';
import type { ApiModel } from './ir/model.js';
import { normalize } from './ir/normalize.js';
import { loadDocument } from './load/load-document.js';
import { copyRuntime, danglingImports, prunableRuntime, pruneRuntime } from './plugins/copy-runtime.js';
import { corePlugins } from './plugins/index.js';
import { pluginOptions } from './plugins/options.js';
import type { Plugin } from './plugins/plugin.js';
import { resolvePlugins } from './plugins/resolve.js';
import { packageRuntime } from './plugins/package-runtime.js';
import { selectedPluginNames, STUBS_PLUGIN } from './plugins/selection.js';
import {
  renderRuntimeDependencies,
  runtimeDependencies,
  type RuntimeDependencies,
} from './plugins/runtime-dependencies.js';
import { pluginTemplates } from './templates.js';
import { startTypesWorkerFor } from './plugins/types/types-thread.js';

export { STUBS_PLUGIN };

export interface GenerateOptions {
  /** Directory relative paths in the config are resolved against. Default: process.cwd(). */
  cwd?: string;
  /** The plugins a selection may name (the registry). Default: the generic core
   * (generator/plugins/index.ts); the CLI and the Node API pass api/plugins.ts. */
  plugins?: readonly Plugin[];
  /** The config's selection already resolved against `plugins` (dependencies added, in order),
   * by a caller that needed it first (generateToDisk). */
  selected?: readonly Plugin[];
}

export interface GenerateResult {
  /** Files for `config.out`, sorted by path, each starting with the generated header. */
  files: GeneratedFile[];
  /** Files for `config.stubs` (empty unless it is set). */
  stubFiles: GeneratedFile[];
  model: ApiModel;
  warnings: string[];
  /** The plugins that ran, dependencies included, in order. */
  plugins: string[];
  /** The npm packages the output imports at run time (also written as runtime-dependencies.json). */
  runtimeDependencies: RuntimeDependencies;
}

export async function generate(config: GenerateConfig, options: GenerateOptions = {}): Promise<GenerateResult> {
  const cwd = options.cwd ?? process.cwd();
  const plugins = options.selected ?? resolvePlugins(selectedPluginNames(config), options.plugins ?? corePlugins);
  // openapi-typescript (with TypeScript) loads on its worker while the document is read and normalized.
  startTypesWorkerFor(plugins);
  const optionsOf = pluginOptions(plugins, config.pluginOptions ?? {}, cwd);
  const loaded = await loadDocument(config.spec, {
    cwd,
    overlays: config.overlays,
    onMissingTarget: config.overlayMissingTarget,
    ...(config.allowRefOrigins !== undefined ? { allowRefOrigins: config.allowRefOrigins } : {}),
  });
  const model = normalize(loaded.document, { file: loaded.file });
  const templatesOf = pluginTemplates();
  const warnings = [...loaded.warnings];
  const has = (name: string) => plugins.some((p) => p.name === name);
  let tsHeader = '';
  const context = (plugin: Plugin): EmitContext => ({
    model,
    config,
    render: templatesOf(plugin),
    header: (p) => headerFor(p, tsHeader),
    document: loaded.document,
    warn: (m) => warnings.push(m),
    options: optionsOf.get(plugin.name) ?? {},
    plugins,
    registry: options.plugins ?? corePlugins,
    has,
  });
  // Every emitter is started before any is awaited: the types emitter hands its work to a
  // worker thread (openapi-typescript), which then runs beside the other emitters. It starts
  // first, and the document hash of the headers is computed while the worker runs.
  const started = new Map<Emitter, Promise<GeneratedFile[]>>();
  for (const plugin of plugins.filter((p) => p.name === 'types')) {
    for (const emitter of plugin.emitters) {
      const files = runEmitter(emitter, context(plugin), loaded.file);
      // Awaited below; a failure before that point must not surface as an unhandled rejection.
      files.catch(() => undefined);
      started.set(emitter, files);
    }
  }
  tsHeader = makeHeader(loaded.file, model.documentHash);
  const files: GeneratedFile[] = copyRuntime(plugins).map((f) => finish(f, 'runtime', tsHeader));
  const stubFiles: GeneratedFile[] = [];
  const runs: Array<{ plugin: Plugin; emitter: Emitter; files: Promise<GeneratedFile[]> }> = [];
  for (const plugin of plugins) {
    const ctx = context(plugin);
    for (const emitter of plugin.emitters) {
      runs.push({ plugin, emitter, files: started.get(emitter) ?? runEmitter(emitter, ctx, loaded.file) });
    }
  }
  const settled = await Promise.allSettled(runs.map((r) => r.files));
  for (const [i, outcome] of settled.entries()) {
    // The first failure in plugin order is the one reported, as when emitters ran one by one.
    if (outcome.status === 'rejected') throw outcome.reason;
    const { plugin, emitter } = runs[i];
    if (plugin.name === STUBS_PLUGIN)
      stubFiles.push(
        ...outcome.value.map((f) => ({ path: checkPath(f.path, emitter.name), contents: normalizeText(f.contents) })),
      );
    else files.push(...outcome.value.map((f) => finish(f, emitter.name, tsHeader)));
  }
  // Runtime files of features the output does not use (plugins mark them `prune`) are left out.
  const prunable = prunableRuntime(plugins);
  const reached = pruneRuntime(files, prunable);
  files.splice(
    0,
    files.length,
    ...((config.runtime ?? 'package') === 'package' ? packageRuntime(reached, plugins, prunable, tsHeader) : reached),
  );
  // What the runtime imports is declared in both modes: installed at the same versions beside the
  // toolkit, npm keeps one copy of each, and the types that reach the app's code (hono's)
  // are the ones the runtime was compiled against.
  const deps = runtimeDependencies([...reached, ...files], plugins);
  files.push(renderRuntimeDependencies(deps));
  const dangling = danglingImports(files);
  if (dangling.length > 0)
    throw new Error(
      `plugin selection ${plugins.map((p) => p.name).join(', ')} leaves imports unresolved: ${dangling.join('; ')}`,
    );
  // Last: the project's formatter sees exactly what would be written (headers included).
  const sorted = sortAndCheck(files);
  const output =
    config.format === undefined ? sorted : await formatFiles(sorted, config.format, path.resolve(cwd, config.out), cwd);
  return {
    files: output,
    stubFiles: sortAndCheck(stubFiles),
    model,
    warnings,
    plugins: plugins.map((p) => p.name),
    runtimeDependencies: deps,
  };
}

/** Emitters do not know the file name; errors about the document get it here. */
async function runEmitter(emitter: Emitter, ctx: EmitContext, file: string): Promise<GeneratedFile[]> {
  try {
    return await emitter.emit(ctx);
  } catch (err) {
    if (isCbpError(err) && err.details.file === undefined)
      throw new CbpError(err.code, err.message, { ...err.details, file });
    throw err;
  }
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
  if (
    p === '' ||
    p.startsWith('/') ||
    p.includes('\\') ||
    p.split('/').some((s) => s === '..' || s === '.' || s === '')
  ) {
    throw new Error(
      `emitter ${emitter} produced an invalid path ${JSON.stringify(p)} (must be relative, POSIX, inside the output)`,
    );
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
