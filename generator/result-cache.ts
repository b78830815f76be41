/**
 * The result of the last full generation, so that `cbp generate --check` need not generate again
 * when nothing it reads has changed. The key hashes every input: the resolved config, the
 * document and every local file it names (relative .yaml/.yml/.json references, followed
 * transitively), the overlays, the plugin options' files (e.g. the state table), the toolkit's
 * version and dependencies, its templates, kits and the running CLI code. The record keeps the
 * sha256 of every output file, and a check that hits the cache still hashes every file on disk,
 * so a hand edit of a generated file is caught exactly as a full check catches it.
 * Stored under node_modules/.cache/cbp/ (the usual place for tool caches; `npm ci` clears it).
 * A document named by URL is never cached (its content is unknown without fetching it).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GenerateConfig } from './config.js';
import type { GeneratedFile } from './emitters/emitter.js';
import { isOwnedFile } from './header.js';
import { packageInfo } from './package-info.js';
import type { CheckResult } from './output-files.js';
import { pluginOptions } from './plugins/options.js';
import type { Plugin } from './plugins/plugin.js';
import { resolvePlugins } from './plugins/resolve.js';
import type { RuntimeDependencies } from './plugins/runtime-dependencies.js';
import { selectedPluginNames } from './plugins/selection.js';
import { runtimePackage } from './plugins/runtime-root.js';

const FORMAT = 1;
/** Where a name of another local file (`$ref` target, discriminator mapping) ends; the name is
 * the run of FILE_NAME_CHAR before it. Two steps instead of one regex that, tried at every
 * position of a 13 MB document, backtracked for seconds. */
const FILE_EXTENSION = /\.(?:ya?ml|json)\b/g;
const FILE_NAME_CHAR = /[\w.@%~+\-/]/;

export interface CachedResult {
  format: number;
  key: string;
  /** Output path → sha256 of its contents. */
  files: Record<string, string>;
  runtimeDependencies: RuntimeDependencies;
  warnings: string[];
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** undefined when the inputs cannot be enumerated (a document by URL) or caching is off. */
/** `selected`: the config's plugins already resolved against `registry`. */
export function cacheKey(
  config: GenerateConfig,
  cwd: string,
  registry: readonly Plugin[],
  selected?: readonly Plugin[],
): string | undefined {
  // A formatted output also depends on the formatter's version and the project's formatter
  // config, which the key does not follow: such a check always generates.
  if (process.env.CBP_NO_CACHE === '1' || /^https?:/i.test(config.spec) || config.format !== undefined)
    return undefined;
  // Nowhere to keep a result (writeCachedResult needs node_modules/): no key to compute.
  if (!existsSync(path.join(cwd, 'node_modules'))) return undefined;
  const hash = createHash('sha256');
  const { root, version, dependencies } = packageInfo();
  hash.update(
    JSON.stringify({
      format: FORMAT,
      version,
      dependencies,
      runtime: runtimePackage(),
      cwd: path.resolve(cwd),
      // The result does not depend on whether it is written or compared: a write's record answers the next check.
      config: { ...config, check: undefined },
    }),
  );
  for (const f of generationInputs(config, cwd, registry, selected))
    hash.update(`\0${f}\0${existsSync(f) ? sha256(readFileSync(f)) : 'missing'}`);
  const code = [
    path.join(root, 'templates'),
    path.join(root, 'kits'),
    path.join(root, 'packages/runtime/src'),
    codeDir(),
  ];
  for (const dir of code) for (const f of listFiles(dir)) hash.update(`\0${f}\0${sha256(readFileSync(f))}`);
  return hash.digest('hex');
}

/** The files a generation reads, absolute and sorted: the document and every local file it names
 * (followed transitively), the overlays, and the plugins' path options, defaults included (a kit's
 * data file), resolved as generate does. A document named by URL adds none. */
export function generationInputs(
  config: GenerateConfig,
  cwd: string,
  registry: readonly Plugin[],
  selected?: readonly Plugin[],
): string[] {
  const inputs = new Set<string>();
  if (!/^https?:/i.test(config.spec)) referencedFiles(path.resolve(cwd, config.spec), inputs);
  for (const o of config.overlays) if (!/^https?:/i.test(o)) inputs.add(path.resolve(cwd, o));
  const plugins = selected ?? resolvePlugins(selectedPluginNames(config), registry);
  for (const [name, options] of pluginOptions(plugins, config.pluginOptions ?? {}, cwd)) {
    const declared = plugins.find((p) => p.name === name)?.options ?? {};
    for (const [key, value] of Object.entries(options))
      if (declared[key]?.kind === 'path' && typeof value === 'string') inputs.add(value);
  }
  return [...inputs].sort();
}

/** The directory of the running generator code (the CLI bundle, or dist/ for the library). */
function codeDir(): string {
  const dir = path.dirname(fileURLToPath(import.meta.url));
  return path.basename(dir) === 'chunks' ? path.dirname(dir) : dir;
}

function referencedFiles(file: string, seen: Set<string>): void {
  if (seen.has(file) || !isFile(file)) return;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(FILE_EXTENSION)) {
    const end = m.index + m[0].length;
    let start = m.index;
    while (start > 0 && FILE_NAME_CHAR.test(text.charAt(start - 1))) start--;
    let name = text.slice(start, end);
    try {
      name = decodeURIComponent(name);
    } catch {
      // Not percent-encoded.
    }
    const target = path.resolve(path.dirname(file), name);
    if (target !== file) referencedFiles(target, seen);
  }
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && !e.name.endsWith('.map'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

function cacheFile(cwd: string, outDir: string): string {
  return path.join(cwd, 'node_modules', '.cache', 'cbp', `generate-${sha256(path.resolve(outDir)).slice(0, 16)}.json`);
}

export function readCachedResult(cwd: string, outDir: string, key: string): CachedResult | undefined {
  try {
    const record = JSON.parse(readFileSync(cacheFile(cwd, outDir), 'utf8')) as CachedResult;
    return record.format === FORMAT && record.key === key ? record : undefined;
  } catch {
    return undefined;
  }
}

/** Best effort: without a node_modules/ to write into, nothing is cached. */
export function writeCachedResult(
  cwd: string,
  outDir: string,
  key: string,
  result: { files: GeneratedFile[]; runtimeDependencies: RuntimeDependencies; warnings: string[] },
): void {
  if (!existsSync(path.join(cwd, 'node_modules'))) return;
  const record: CachedResult = {
    format: FORMAT,
    key,
    files: Object.fromEntries(result.files.map((f) => [f.path, sha256(f.contents)])),
    runtimeDependencies: result.runtimeDependencies,
    warnings: result.warnings,
  };
  try {
    const file = cacheFile(cwd, outDir);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(record));
  } catch {
    // A read-only node_modules only costs the next check its speed.
  }
}

/** The same verdict as checkGenerated, from the recorded hashes instead of a generation. */
export function checkCachedResult(record: CachedResult, outDir: string): CheckResult {
  const stale: string[] = [];
  const missing: string[] = [];
  for (const [p, hash] of Object.entries(record.files)) {
    const file = path.join(outDir, p);
    if (!existsSync(file)) missing.push(p);
    else if (sha256(readFileSync(file, 'utf8')) !== hash) stale.push(p);
  }
  const extra = listFiles(outDir)
    .map((f) => path.relative(outDir, f).split(path.sep).join('/'))
    .filter((p) => !Object.hasOwn(record.files, p) && isOwnedFile(readFileSync(path.join(outDir, p), 'utf8')))
    .sort();
  return { stale, missing, extra };
}
