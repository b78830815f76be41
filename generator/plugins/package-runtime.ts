/**
 * The 'package' runtime mode: the output imports the runtime from this toolkit's npm package
 * (compiled in dist/, served by package.json "exports") instead of holding a copy of it, the way
 * openapi-typescript's types are used with openapi-fetch. What the output then holds is what the
 * document shapes, plus one line per runtime entry point that users import themselves (the server
 * adapters, a kit's public modules), so `./generated/runtime/server/node-http.js` stays a valid
 * import in both modes.
 *
 * It runs on the output of copyRuntime + pruneRuntime, so the same reachability decides which
 * runtime the output uses; only the runtime files a source marks `packaged` and a named entry of
 * the package serves leave the output, and imports of them name that entry (`<runtime>/server`).
 */
import path from 'node:path';
import type { GeneratedFile } from '../emitters/emitter.js';
import { RELATIVE_IMPORT, runtimeFiles } from './copy-runtime.js';
import type { Plugin } from './plugin.js';
import { runtimeEntries } from './runtime-entries.js';
import { coreRuntimeRoot } from './runtime-root.js';

/** Output path of each runtime file the package serves → the named entry that exports all of it
 * (runtime-entries.ts), or undefined for a file of the package no entry serves whole (a module
 * only the package's own modules import). */
export function packagedRuntime(plugins: readonly Plugin[]): Map<string, string | undefined> {
  const entries = runtimeEntries();
  const root = coreRuntimeRoot();
  const served = new Map<string, string | undefined>();
  for (const { out, file, source } of runtimeFiles(plugins)) {
    if (source.packaged === true) served.set(out, entries.get(path.relative(root, file).split(path.sep).join('/')));
  }
  return served;
}

/**
 * `files` with every packaged runtime file dropped, except entry points, which become a one-line
 * re-export of the package's named entry serving them; relative imports of a dropped file become
 * that entry's specifier. A file the output reaches only through other runtime files goes with
 * them (the package's modules import it). `prunable` is prunableRuntime(plugins), which the caller
 * already computed to prune `files`; `header` is the generated-file header the re-exports start with.
 */
export function packageRuntime(
  files: readonly GeneratedFile[],
  plugins: readonly Plugin[],
  prunable: ReadonlySet<string>,
  header: string,
): GeneratedFile[] {
  const served = packagedRuntime(plugins);
  const out: GeneratedFile[] = [];
  for (const file of files) {
    if (!served.has(file.path)) out.push({ path: file.path, contents: pointAtPackage(file, served) });
    else if (!prunable.has(file.path))
      out.push({
        path: file.path,
        contents: `${header}export * from ${JSON.stringify(entryOf(file.path, served))};\n`,
      });
  }
  return out;
}

function entryOf(target: string, served: ReadonlyMap<string, string | undefined>, importer?: string): string {
  const entry = served.get(target);
  if (entry === undefined)
    throw new Error(
      `${importer ?? target} needs runtime module ${target}, which no named entry of the runtime package ` +
        'serves whole: re-export it from a barrel of packages/runtime/src/entries/',
    );
  return entry;
}

function pointAtPackage(file: GeneratedFile, served: ReadonlyMap<string, string | undefined>): string {
  if (!/\.ts$/.test(file.path)) return file.contents;
  return file.contents.replace(RELATIVE_IMPORT, (whole, before: string, quote: string, specifier: string) => {
    const target = path.posix.join(path.posix.dirname(file.path), specifier.replace(/\.js$/, '.ts'));
    return served.has(target) ? `${before}${quote}${entryOf(target, served, file.path)}${quote}` : whole;
  });
}
