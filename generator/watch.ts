/**
 * `cbp generate --watch`: generate, then regenerate whenever an input changes: the document and
 * every local file it references, the overlays, the plugins' files (the state table) and the
 * config file. The set is recomputed after every run, so a newly referenced file is watched too.
 *
 * Watching uses node:fs.watch on the directories that hold the inputs (not on the files): an
 * editor that saves by writing a new file and renaming it over the old one replaces the inode a
 * file watch would follow, while the directory sees the rename. The inputs are a short list of
 * named files, so nothing a library adds (globs, polling, recursive trees) is needed, and
 * fs.watch on a directory is inotify on Linux and FSEvents/ReadDirectoryChangesW elsewhere.
 * Events are debounced, and a run happens only when an input's bytes differ from the last run's
 * (editors and `writeFile` often signal one save two or three times).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, type FSWatcher, watch as fsWatch } from 'node:fs';
import path from 'node:path';
import type { GenerateConfig } from './config.js';
import { generate } from './generate.js';
import { writeGenerated, writeStubs } from './output-files.js';
import type { Plugin } from './plugins/plugin.js';
import { findConfigFile, type GenerateArgv, resolveGenerateConfigs } from './resolve-config.js';
import { generationInputs } from './result-cache.js';

export interface WatchOutput {
  /** The output directory, as configured (relative to cwd). */
  out: string;
  written: string[];
  removed: string[];
  unchanged: number;
  /** Handler stubs created this run (never overwritten). */
  stubsCreated: string[];
}

export interface WatchRun {
  /** The inputs whose contents changed, relative to cwd (empty for the first run). */
  changed: string[];
  outputs: WatchOutput[];
  warnings: string[];
  /** Wall time of the run, in milliseconds. */
  ms: number;
}

export interface WatchOptions {
  /** Flags as the CLI gives them; the config file is read again on every run. */
  argv: GenerateArgv;
  cwd: string;
  /** The plugin registry (the CLI passes api/plugins.ts). */
  plugins: readonly Plugin[];
  /** Quiet time after the last event before a run. Default: 100 ms. */
  debounceMs?: number;
  onRun(run: WatchRun): void;
  /** A run that failed (a broken document, a bad config): watching goes on. */
  onError(error: unknown, changed: string[]): void;
}

export interface Watcher {
  /** The watched inputs, absolute and sorted. */
  files(): string[];
  /** Stops watching; a run in progress finishes, none starts after. */
  close(): void;
}

/** Runs once, then watches. The returned promise settles after the first run (failed or not). */
export async function watchGenerate(options: WatchOptions): Promise<Watcher> {
  const { cwd, debounceMs = 100 } = options;
  let watched: string[] = [];
  let hashes = new Map<string, string>();
  const dirWatchers = new Map<string, FSWatcher>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let pending = false;
  let closed = false;

  const rel = (f: string) => path.relative(cwd, f).split(path.sep).join('/') || f;
  const fingerprint = (f: string) =>
    existsSync(f) ? createHash('sha256').update(readFileSync(f)).digest('hex') : 'missing';

  const runOnce = async (changed: string[]): Promise<void> => {
    const started = performance.now();
    let configs: GenerateConfig[] = [];
    try {
      configs = await resolveGenerateConfigs(options.argv, cwd, options.plugins);
    } finally {
      // Even when the config is broken, its file stays watched (so a fix is seen).
      const inputs = new Set(watched);
      const configFile = safe(() => findConfigFile(options.argv.config, cwd));
      if (configs.length > 0) inputs.clear();
      if (configFile !== undefined) inputs.add(configFile);
      for (const config of configs) {
        if (!/^https?:/i.test(config.spec)) inputs.add(path.resolve(cwd, config.spec));
        for (const f of generationInputs(config, cwd, options.plugins)) inputs.add(f);
      }
      setWatched([...inputs].sort());
    }
    const outputs: WatchOutput[] = [];
    const warnings: string[] = [];
    for (const config of configs) {
      const result = await generate({ ...config, check: false }, { cwd, plugins: options.plugins });
      warnings.push(...result.warnings);
      const written = writeGenerated(result.files, path.resolve(cwd, config.out), { prune: true });
      const stubs = config.stubs ? writeStubs(result.stubFiles, path.resolve(cwd, config.stubs)) : { created: [] };
      outputs.push({
        out: config.out,
        written: written.written,
        removed: written.removed,
        unchanged: written.unchanged.length,
        stubsCreated: stubs.created,
      });
    }
    options.onRun({ changed, outputs, warnings, ms: Math.round(performance.now() - started) });
  };

  const setWatched = (files: string[]) => {
    watched = files;
    hashes = new Map(files.map((f) => [f, fingerprint(f)]));
    const dirs = new Set(files.map((f) => path.dirname(f)));
    for (const [dir, w] of dirWatchers) {
      if (dirs.has(dir)) continue;
      w.close();
      dirWatchers.delete(dir);
    }
    for (const dir of dirs) {
      if (dirWatchers.has(dir) || !existsSync(dir)) continue;
      const w = fsWatch(dir, { persistent: true }, (_event, name) => {
        if (name === null || watched.some((f) => path.dirname(f) === dir && path.basename(f) === name.toString()))
          schedule();
      });
      // A directory removed under us: the next run sets up the watchers again.
      w.on('error', () => {
        w.close();
        dirWatchers.delete(dir);
      });
      dirWatchers.set(dir, w);
    }
  };

  const schedule = () => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(fire, debounceMs);
  };

  const fire = () => {
    if (closed) return;
    if (running !== undefined) {
      pending = true;
      return;
    }
    const changed = watched.filter((f) => hashes.get(f) !== fingerprint(f));
    if (changed.length === 0) return;
    running = runOnce(changed.map(rel))
      .catch((err: unknown) => options.onError(err, changed.map(rel)))
      .finally(() => {
        running = undefined;
        if (pending) {
          pending = false;
          fire();
        }
      });
  };

  running = runOnce([])
    .catch((err: unknown) => options.onError(err, []))
    .finally(() => {
      running = undefined;
    });
  await running;
  return {
    files: () => [...watched],
    close: () => {
      closed = true;
      clearTimeout(timer);
      for (const w of dirWatchers.values()) w.close();
      dirWatchers.clear();
    },
  };
}

function safe<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch {
    return undefined;
  }
}
