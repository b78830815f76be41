/**
 * One output of `cbp generate`, to disk: generate (or, with `check`, answer from the result cache
 * when nothing it reads changed), then write or compare, the handler stubs, the tool profile and
 * the host project's runtime dependencies. The CLI (cli/commands/generate.ts) only prints what
 * this returns; the Node API exports it (api/index.ts). The plugins are resolved once, here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { GenerateConfig } from './config.js';
import type { GeneratedFile } from './emitters/emitter.js';
import { checkHostDependencies, type HostDependencyCheck } from './host-dependencies.js';
import { checkGenerated, writeGenerated, writeStubs } from './output-files.js';
import type { Plugin } from './plugins/plugin.js';
import { resolvePlugins } from './plugins/resolve.js';
import { selectedPluginNames } from './plugins/selection.js';
import { startTypesWorkerFor } from './plugins/types/types-thread.js';
import type { RuntimeDependencies } from './plugins/runtime-dependencies.js';
import { cacheKey, checkCachedResult, readCachedResult, writeCachedResult } from './result-cache.js';

export interface GenerateToDiskOptions {
  /** Relative paths of the config are resolved against it. Default: process.cwd(). */
  cwd?: string;
  /** The registry a selection may name (api/plugins.ts for the CLI and the Node API). */
  plugins: readonly Plugin[];
  /** Also write the tool profile to this file (.yaml or .json), relative to cwd. */
  toolProfile?: string;
}

export interface GenerateToDiskResult {
  /** false: `check` found the output out of date, or the host project lacks a runtime dependency. */
  ok: boolean;
  /** `check` was answered from the result cache (nothing generated). */
  fromCache: boolean;
  warnings: string[];
  /** How many files the output holds. */
  files: number;
  /** `check`: what differs from disk (empty lists when up to date). */
  drift?: {
    stale: string[];
    missing: string[];
    extra: string[];
    /** The document a stale file was generated from is not the one generated now. */
    contractChanged: boolean;
  };
  /** Without `check`: what was written. */
  written?: { written: string[]; unchanged: string[]; removed: string[] };
  /** The packages the output imports at run time, `name → version`. */
  runtimeDependencies: Record<string, string>;
  /** Those of them the nearest package.json above the output does not declare. */
  host: HostDependencyCheck;
  /** Without `check`, when `config.stubs` is set. */
  stubs?: { created: string[]; kept: string[] };
  /** The tool profile written (absolute path). */
  toolProfile?: string;
}

interface Generated {
  files: GeneratedFile[];
  stubFiles: GeneratedFile[];
  warnings: string[];
  runtimeDependencies: RuntimeDependencies;
  model?: { documentHash: string };
}

export async function generateToDisk(
  config: GenerateConfig,
  options: GenerateToDiskOptions,
): Promise<GenerateToDiskResult> {
  const cwd = options.cwd ?? process.cwd();
  const registry = options.plugins;
  const selected = resolvePlugins(selectedPluginNames(config), registry);
  // A generation that will run needs openapi-typescript: its worker starts loading it now, beside
  // the cache key, the generator's own modules and the document.
  if (!config.check) startTypesWorkerFor(selected);
  const outDir = path.resolve(cwd, config.out);
  const key = cacheKey(config, cwd, registry, selected);
  const cached = config.check && key !== undefined ? readCachedResult(cwd, outDir, key) : undefined;
  let result: Generated | undefined;
  if (cached === undefined) {
    // Loaded on use: the generator pulls in openapi-typescript, typescript and swagger-parser,
    // which a check answered from the cache skips.
    const { generate } = await import('./generate.js');
    result = await generate(config, { cwd, plugins: registry, selected });
  }
  const warnings = result?.warnings ?? cached?.warnings ?? [];
  const runtimeDependencies = (result?.runtimeDependencies ?? cached!.runtimeDependencies).dependencies;
  const host = checkHostDependencies(outDir, runtimeDependencies);
  const common = { fromCache: result === undefined, warnings, runtimeDependencies, host };
  if (config.check) {
    const drift =
      result !== undefined ? checkGenerated(result.files, outDir, { prune: true }) : checkCachedResult(cached!, outDir);
    const files = result?.files.length ?? Object.keys(cached!.files).length;
    const isStale = drift.stale.length + drift.missing.length + drift.extra.length > 0;
    const before = isStale && result !== undefined ? recordedHash(outDir, drift.stale[0]) : undefined;
    const contractChanged = before !== undefined && before !== result?.model?.documentHash;
    const ok = !isStale && host.missing.length === 0;
    if (ok && result !== undefined && key !== undefined) writeCachedResult(cwd, outDir, key, result);
    return { ...common, ok, files, drift: { ...drift, contractChanged } };
  }
  if (result === undefined) throw new Error('unreachable: only a check reads the cache');
  const out: GenerateToDiskResult = { ...common, ok: true, files: result.files.length };
  if (options.toolProfile) out.toolProfile = await writeProfile(options.toolProfile, config, cwd, registry);
  out.written = writeGenerated(result.files, outDir, { prune: true });
  if (key !== undefined) writeCachedResult(cwd, outDir, key, result);
  if (config.stubs) out.stubs = writeStubs(result.stubFiles, path.resolve(cwd, config.stubs));
  return out;
}

/** The tool profile of the document with the config's overlays; the success codes every plugin of
 * the registry declares (Plugin.toolProfile: the selection does not matter, the profile rewrites
 * the document, not the output). */
async function writeProfile(file: string, config: GenerateConfig, cwd: string, registry: readonly Plugin[]) {
  const { writeToolProfile } = await import('./tool-profile/index.js');
  const successStatus: Record<string, string> = {};
  for (const p of registry) Object.assign(successStatus, p.toolProfile?.successStatus);
  const { spec, overlays, allowRefOrigins } = config;
  return writeToolProfile(file, spec, overlays, cwd, allowRefOrigins, { successStatus });
}

/** The document hash a generated file's header records (generator/header.ts), if it has one. */
function recordedHash(outDir: string, file: string | undefined): string | undefined {
  if (file === undefined) return undefined;
  try {
    const head = readFileSync(path.join(outDir, file), 'utf8').slice(0, 400);
    return /\(cbp generate\) from .* sha256:([0-9a-f]{64})/.exec(head)?.[1];
  } catch {
    return undefined;
  }
}
