/** `cbp generate`: a thin shell over generator/generate.ts (resolve config → generate → write
 * or, with --check, compare; then the runtime dependencies against the host project). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { GeneratedFile } from '../../generator/emitters/emitter.js';
import type { RuntimeDependencies } from '../../generator/plugins/runtime-dependencies.js';
import type { GenerateConfig } from '../../generator/config.js';
import type { GenerateArgv } from '../../generator/resolve-config.js';
import { CbpError, isCbpError } from '../../lib/errors.js';
import type { CbpCommand, CliIO } from '../command.js';
import { EXIT_FAILURE, EXIT_OK } from '../exit-code.js';
import { packageInfo } from '../../generator/package-info.js';
import { flagOf, pluginsEpilogue } from '../../generator/plugins/describe.js';
import { generateOptions } from '../../generator/options.js';
import { applyOptions } from '../options/apply.js';
import type { Argv } from 'yargs';
import type { Plugin } from '../../generator/plugins/plugin.js';
import { runtimePackage } from '../../generator/plugins/runtime-root.js';

/** The plugin registry (api/plugins.ts), loaded by prepare(): the help, --contract's choices, the
 * plugins' shorthand flags and every list of plugin names derive from it. */
let registry: readonly Plugin[] | undefined;
async function loadRegistry(): Promise<readonly Plugin[]> {
  registry ??= (await import('../../api/plugins.js')).plugins;
  return registry;
}

export const generateCommand: CbpCommand = {
  command: 'generate',
  describe: 'Generate types, client, server and validators from an OpenAPI 3.0/3.1 document',
  async prepare() {
    await loadRegistry();
  },
  builder: (y) => {
    if (registry === undefined) throw new Error('generate: prepare() loads the plugin registry the builder reads');
    const plugins = registry;
    // The options plugins claim as top-level keys (Plugin.shorthands): `--state-table`, before --plugins.
    const shorthands = (built: Argv) =>
      plugins
        .flatMap((p) => p.shorthands ?? [])
        .reduce((h, { key, describe }) => h.option(flagOf(key), { type: 'string', describe }), built);
    return applyOptions(y, generateOptions, plugins, { plugins: shorthands }).epilogue(pluginsEpilogue(plugins));
  },
  async run(argv, io) {
    if (argv.watch === true) return watch(argv as GenerateArgv, io);
    // Loaded on use: the generator pulls in openapi-typescript, typescript and swagger-parser
    // (~1 s), which no other command needs, and which a --check answered from the cache skips.
    // prepare() loaded the registry already.
    const plugins = await loadRegistry();
    const { resolveGenerateConfigs } = await import('../../generator/resolve-config.js');
    const configs = await resolveGenerateConfigs(argv as GenerateArgv, io.cwd, plugins);
    const given = argv as GenerateArgv;
    const contract = plugins.find((p) => p.contract !== undefined)?.contract;
    const packagedSpec = contract === undefined ? undefined : path.join(packageInfo().root, contract.spec);
    if (
      contract !== undefined &&
      given.contract === undefined &&
      given.spec === undefined &&
      path.resolve(io.cwd) !== packageInfo().root &&
      configs.some((c) => path.resolve(io.cwd, c.spec) === packagedSpec)
    ) {
      const how = `--contract ${contract.name}`;
      const what = `generating the contract this package ships (${how})`;
      io.out(`no spec/openapi.yaml here: ${what}; --spec names another document`);
    }
    let code = EXIT_OK;
    for (const [i, config] of configs.entries())
      code = Math.max(
        code,
        await generateOne(config, i === 0 ? (argv as { toolProfile?: string }).toolProfile : undefined, io),
      );
    return code;
  },
};

async function generateOne(config: GenerateConfig, toolProfile: string | undefined, io: CliIO): Promise<number> {
  const [
    { checkGenerated, writeGenerated, writeStubs },
    { plugins },
    { checkHostDependencies },
    cache,
    typesThread,
    { resolvePlugins },
    { selectedPluginNames },
  ] = await Promise.all([
    import('../../generator/output-files.js'),
    import('../../api/plugins.js'),
    import('../../generator/host-dependencies.js'),
    import('../../generator/result-cache.js'),
    import('../../generator/plugins/types/types-thread.js'),
    import('../../generator/plugins/resolve.js'),
    import('../../generator/plugins/selection.js'),
  ]);
  // A generation that will run needs openapi-typescript: its worker starts loading it now, beside
  // the cache key, the generator's own modules and the document (generate() would start it too).
  const startTypes = () => {
    if (resolvePlugins(selectedPluginNames(config), plugins).some((p) => p.name === 'types'))
      typesThread.startTypesWorker();
  };
  if (!config.check) startTypes();
  const outDir = path.resolve(io.cwd, config.out);
  const key = cache.cacheKey(config, io.cwd, plugins);
  const cached = config.check && key !== undefined ? cache.readCachedResult(io.cwd, outDir, key) : undefined;
  let result:
    | {
        files: GeneratedFile[];
        stubFiles: GeneratedFile[];
        warnings: string[];
        runtimeDependencies: RuntimeDependencies;
        model?: { documentHash: string };
      }
    | undefined;
  if (cached === undefined) {
    startTypes();
    const { generate } = await import('../../generator/generate.js');
    result = await generate(config, { cwd: io.cwd, plugins });
  }
  const warnings = result?.warnings ?? cached?.warnings ?? [];
  for (const w of warnings) io.err(`warning: ${w}`);
  const needed = (result?.runtimeDependencies ?? cached!.runtimeDependencies).dependencies;
  const host = checkHostDependencies(outDir, needed);
  if (config.check) {
    const { stale, missing, extra } =
      result !== undefined
        ? checkGenerated(result.files, outDir, { prune: true })
        : cache.checkCachedResult(cached!, outDir);
    const lines = [
      ...stale.map((p) => `stale: ${p}`),
      ...missing.map((p) => `missing: ${p}`),
      ...extra.map((p) => `extra: ${p}`),
    ];
    if (lines.length > 0) {
      io.err(
        `E_STALE_OUTPUT: ${config.out} is out of date with ${config.spec} ` +
          `(${lines.length} ${lines.length === 1 ? 'file' : 'files'})`,
      );
      for (const line of lines) io.err(`  ${line}`);
      io.err(
        `  hint: run \`cbp generate\`${config.format ? ` (it formats with ${config.format})` : ''} and ` +
          `commit the result`,
      );
      const before = result === undefined ? undefined : recordedHash(outDir, stale[0]);
      if (before !== undefined && before !== result?.model?.documentHash)
        io.err(
          `  the contract changed since ${config.out} was written: \`cbp diff git:HEAD:${config.spec} ${config.spec}\` ` +
            'shows what it breaks for your code (--usage src/ narrows it to what you call)',
        );
      return EXIT_FAILURE;
    }
    if (host.missing.length > 0) {
      reportMissing(io, host, 'E_RUNTIME_DEPENDENCIES');
      return EXIT_FAILURE;
    }
    if (result !== undefined && key !== undefined) cache.writeCachedResult(io.cwd, outDir, key, result);
    io.out(`${config.out}: ${result?.files.length ?? Object.keys(cached!.files).length} files up to date`);
    return EXIT_OK;
  }
  if (result === undefined) throw new Error('unreachable: only --check reads the cache');
  if (toolProfile) {
    const { writeToolProfile } = await import('../../generator/tool-profile/index.js');
    // The success codes every plugin of the registry declares (the selection does not matter: the
    // profile rewrites the document, not the output).
    const successStatus: Record<string, string> = {};
    for (const p of plugins) Object.assign(successStatus, p.toolProfile?.successStatus);
    const { spec, overlays, allowRefOrigins } = config;
    const written = await writeToolProfile(toolProfile, spec, overlays, io.cwd, allowRefOrigins, { successStatus });
    io.out(`tool profile: ${path.relative(io.cwd, written)}`);
  }
  const written = writeGenerated(result.files, outDir, { prune: true });
  if (key !== undefined) cache.writeCachedResult(io.cwd, outDir, key, result);
  io.out(
    `${config.out}: ${written.written.length} written, ` +
      `${written.unchanged.length} unchanged, ${written.removed.length} removed`,
  );
  const list = Object.entries(needed).map(([n, v]) => `${n}@${v}`);
  io.out(
    `runtime dependencies: ${list.length > 0 ? list.join(' ') : 'none'} ` +
      `(${path.posix.join(config.out, 'runtime-dependencies.json')})`,
  );
  if (host.missing.length > 0) reportMissing(io, host, 'warning');
  if (config.stubs) {
    const stubs = writeStubs(result.stubFiles, path.resolve(io.cwd, config.stubs));
    io.out(`${config.stubs}: ${stubs.created.length} stubs created, ${stubs.kept.length} kept`);
  }
  return EXIT_OK;
}

/** --watch: generate, then again on every change of an input, until SIGINT/SIGTERM (exit 0). A
 * failed run prints its error and keeps watching. */
async function watch(argv: GenerateArgv, io: CliIO): Promise<number> {
  if (argv.check === true)
    throw new CbpError('E_USAGE', '--watch and --check cannot be combined', {
      hint: 'use --check in CI and --watch while editing the document',
    });
  const [{ watchGenerate }, { plugins }] = await Promise.all([
    import('../../generator/watch.js'),
    import('../../api/plugins.js'),
  ]);
  let first = true;
  let firstError: unknown;
  const list = (names: string[], max = 6) =>
    names.length > max ? `${names.slice(0, max).join(', ')}, +${names.length - max} more` : names.join(', ');
  const watcher = await watchGenerate({
    argv,
    cwd: io.cwd,
    plugins,
    onRun: (run) => {
      if (run.changed.length > 0) io.out(`changed: ${list(run.changed)}`);
      for (const w of run.warnings) io.err(`warning: ${w}`);
      for (const o of run.outputs) {
        const what = [...o.written.map((p) => `${p}`), ...o.removed.map((p) => `-${p}`)];
        io.out(
          `${o.out}: ${o.written.length} written, ${o.unchanged} unchanged, ${o.removed.length} ` +
            `removed${what.length > 0 ? ` (${list(what)})` : ''} in ${run.ms} ms`,
        );
        if (o.stubsCreated.length > 0) io.out(`  stubs created: ${list(o.stubsCreated)}`);
      }
    },
    onError: (err, changed) => {
      if (first) {
        firstError = err;
        return;
      }
      if (changed.length > 0) io.out(`changed: ${list(changed)}`);
      io.err(isCbpError(err) ? err.format() : `internal error: ${(err as Error)?.stack ?? String(err)}`);
      io.err('  still watching: fix the input and save');
    },
  });
  first = false;
  if (firstError !== undefined) {
    // A flag mistake, or nothing to watch, cannot be fixed by saving a file: exit as without --watch.
    if ((isCbpError(firstError) && firstError.code === 'E_USAGE') || watcher.files().length === 0) {
      watcher.close();
      throw firstError;
    }
    io.err(
      isCbpError(firstError)
        ? firstError.format()
        : `internal error: ${(firstError as Error)?.stack ?? String(firstError)}`,
    );
    io.err('  still watching: fix the input and save');
  }
  io.out(`watching ${watcher.files().length} ${watcher.files().length === 1 ? 'file' : 'files'} (Ctrl-C to stop)`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  watcher.close();
  return EXIT_OK;
}

function reportMissing(
  io: CliIO,
  host: { packageJson?: string; missing: string[]; devOnly: string[] },
  label: string,
): void {
  const where =
    host.packageJson === undefined
      ? 'there is no package.json above the output to declare them'
      : `${path.relative(io.cwd, host.packageJson) || 'package.json'} does not declare them as dependencies`;
  io.err(`${label}: the generated code imports ${host.missing.join(' ')} at run time, and ${where}`);
  if (host.devOnly.length > 0)
    io.err(`  devDependencies only (removed by npm prune --omit=dev): ${host.devOnly.join(' ')}`);
  io.err(`  hint: npm install ${host.missing.join(' ')}`);
  const runtime = runtimePackage().name;
  if (host.missing.some((m) => m.startsWith(`${runtime}@`))) {
    io.err(
      `  hint: or generate with --runtime copy (config: "runtime": "copy") to vendor ` +
        `the runtime into <out>/runtime/ instead of importing it from ${runtime}`,
    );
  }
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
