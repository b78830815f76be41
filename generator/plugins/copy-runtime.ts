/**
 * Copies the runtime files of the selected plugins into runtime/. A kit's runtime lives in its
 * own folder and imports the generic runtime by its path in this repository; each relative
 * import is re-pointed at the copied file, and one that no selected plugin copies is an error
 * (the output would not resolve).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { GeneratedFile } from '../emitters/emitter.js';
import type { Plugin, RuntimeSource } from './plugin.js';

interface Copied extends GeneratedFile {
  source: string;
  plugin: string;
}

export const RELATIVE_IMPORT =
  /((?:^|\n)(?:import|export)\b[^;]*?\bfrom\s+|(?:^|\n)\}\s*from\s+|(?:^|\n)import\s+|\bimport\(\s*)(['"])(\.\.?\/[^'"]+)\2/g;

export function copyRuntime(plugins: readonly Plugin[]): GeneratedFile[] {
  const byOutput = new Map<string, Copied>();
  const outputOf = new Map<string, string>();
  for (const { out, file, plugin } of runtimeFiles(plugins)) {
    const seen = byOutput.get(out);
    if (seen !== undefined && seen.source !== file)
      throw new Error(`plugins ${seen.plugin} and ${plugin} both copy runtime file ${out}`);
    if (seen === undefined)
      byOutput.set(out, { path: out, contents: readFileSync(file, 'utf8'), source: file, plugin });
    outputOf.set(file, out);
  }
  return [...byOutput.values()].map((f) => ({ path: f.path, contents: repoint(f, outputOf) }));
}

function walk(target: string): string[] {
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((e) =>
      e.isDirectory()
        ? walk(path.join(target, e.name))
        : e.isFile() && !/\.test\.ts$/.test(e.name)
          ? [path.join(target, e.name)]
          : [],
    );
}

function repoint(file: Copied, outputOf: Map<string, string>): string {
  return file.contents.replace(RELATIVE_IMPORT, (whole, before: string, quote: string, specifier: string) => {
    const target = path.resolve(path.dirname(file.source), specifier.replace(/\.js$/, '.ts'));
    const out = outputOf.get(target);
    if (out === undefined) {
      throw new Error(
        `runtime file ${file.path} (plugin ${file.plugin}) imports ${specifier}, which ` +
          `no selected plugin copies: add it to a plugin's runtime or its dependencies`,
      );
    }
    let rel = path.posix.relative(path.posix.dirname(file.path), out).replace(/\.ts$/, '.js');
    if (!rel.startsWith('.')) rel = `./${rel}`;
    return rel === specifier ? whole : `${before}${quote}${rel}${quote}`;
  });
}

export interface RuntimeFile {
  /** Path in the output (`runtime/<into>/<rel>`). */
  out: string;
  /** Path under the source's root, POSIX. */
  rel: string;
  /** Absolute path of the file in this toolkit. */
  file: string;
  source: RuntimeSource;
  plugin: string;
}

/** Every runtime file the plugins declare (a file two plugins declare is listed twice). */
export function runtimeFiles(plugins: readonly Plugin[]): RuntimeFile[] {
  const files: RuntimeFile[] = [];
  for (const plugin of plugins) {
    for (const source of plugin.runtime) {
      for (const p of source.paths) {
        for (const file of walk(path.join(source.root, p))) {
          const rel = path.relative(source.root, file).split(path.sep).join('/');
          files.push({
            out: path.posix.join('runtime', source.into ?? '', rel),
            rel,
            file,
            source,
            plugin: plugin.name,
          });
        }
      }
    }
  }
  return files;
}

/** Output paths of the runtime files copied only when reached (`prune`): a file any plugin copies
 * without `prune` is an entry point and stays. */
export function prunableRuntime(plugins: readonly Plugin[]): Set<string> {
  const prunable = new Set<string>();
  const kept = new Set<string>();
  for (const { out, source } of runtimeFiles(plugins)) (source.prune === true ? prunable : kept).add(out);
  for (const out of kept) prunable.delete(out);
  return prunable;
}

/**
 * The files without the prunable runtime files nothing reaches: reachability follows relative
 * imports (type-only ones too: the type checker reads those files) from every other file, so a
 * feature's runtime is in the output only when an emitted file imports it.
 */
export function pruneRuntime(files: readonly GeneratedFile[], prunable: ReadonlySet<string>): GeneratedFile[] {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const reached = new Set<string>();
  const queue = files.filter((f) => !prunable.has(f.path)).map((f) => f.path);
  while (queue.length > 0) {
    const at = queue.pop() as string;
    if (reached.has(at)) continue;
    reached.add(at);
    const file = byPath.get(at);
    if (file === undefined || !/\.ts$/.test(at)) continue;
    for (const m of file.contents.matchAll(RELATIVE_IMPORT)) {
      const target = path.posix.join(path.posix.dirname(at), m[3]!.replace(/\.js$/, '.ts'));
      if (!reached.has(target)) queue.push(target);
    }
  }
  return files.filter((f) => reached.has(f.path));
}

/** Relative imports of emitted TS files that point at no emitted file (a plugin forgot a dependency). */
export function danglingImports(files: readonly GeneratedFile[]): string[] {
  const paths = new Set(files.map((f) => f.path));
  const out: string[] = [];
  for (const f of files) {
    if (!/\.ts$/.test(f.path)) continue;
    for (const m of f.contents.matchAll(RELATIVE_IMPORT)) {
      const target = path.posix.join(path.posix.dirname(f.path), m[3]!.replace(/\.js$/, '.ts'));
      if (!paths.has(target)) out.push(`${f.path} imports ${m[3]}`);
    }
  }
  return out;
}
