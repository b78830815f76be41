/** `cbp generate`: a thin shell over the library: resolve the configs (generator/resolve-config.ts),
 * then generateToDisk (generator/generate-to-disk.ts: the cache, --check, stubs, the tool profile
 * and the runtime dependencies against the host project) for each, and print what it did. */
import path from 'node:path';
import type { GenerateToDiskResult } from '../../generator/generate-to-disk.js';
import type { GenerateConfig } from '../../generator/config.js';
import type { GenerateArgv } from '../../generator/resolve-config.js';
import { CbpError, isCbpError } from '../../lib/errors.js';
import type { CbpCommand, CliIO } from '../command.js';
import { EXIT_FAILURE, EXIT_OK } from '../exit-code.js';
import { packageInfo } from '../../generator/package-info.js';
import { flagOf, pluginsEpilogue } from '../../generator/plugins/describe.js';
import { generateOptions } from '../../generator/options.js';
import type { Plugin } from '../../generator/plugins/plugin.js';
import { runtimePackage } from '../../generator/plugins/runtime-root.js';

/** The plugin registry (api/plugins.ts), loaded by prepare(): the help, --contract's choices, the
 * plugins' shorthand flags and every list of plugin names derive from it. */
let registry: readonly Plugin[] | undefined;
async function loadRegistry(): Promise<readonly Plugin[]> {
  registry ??= (await import('../../api/plugins.js')).plugins;
  return registry;
}

function loadedRegistry(): readonly Plugin[] {
  if (registry === undefined) throw new Error('generate: prepare() loads the plugin registry the builder reads');
  return registry;
}

export const generateCommand: CbpCommand = {
  command: 'generate',
  describe: 'Generate types, client, server and validators from an OpenAPI 3.0/3.1 document',
  async prepare() {
    await loadRegistry();
  },
  options: generateOptions,
  context: () => loadedRegistry(),
  // The options plugins claim as top-level keys (Plugin.shorthands): `--state-table`, before --plugins.
  before: () => ({
    plugins: (y) =>
      loadedRegistry()
        .flatMap((p) => p.shorthands ?? [])
        .reduce((h, { key, describe }) => h.option(flagOf(key), { type: 'string', describe }), y),
  }),
  builder: (y) => y.epilogue(pluginsEpilogue(loadedRegistry())),
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

/** One output through the library (generateToDisk), printed. */
async function generateOne(config: GenerateConfig, toolProfile: string | undefined, io: CliIO): Promise<number> {
  const [{ generateToDisk }, plugins] = await Promise.all([
    import('../../generator/generate-to-disk.js'),
    loadRegistry(),
  ]);
  const r = await generateToDisk(config, { cwd: io.cwd, plugins, ...(toolProfile ? { toolProfile } : {}) });
  for (const w of r.warnings) io.err(`warning: ${w}`);
  if (r.drift) return printCheck(config, r, r.drift, io);
  if (r.toolProfile) io.out(`tool profile: ${path.relative(io.cwd, r.toolProfile)}`);
  const { written, unchanged, removed } = r.written!;
  io.out(`${config.out}: ${written.length} written, ${unchanged.length} unchanged, ${removed.length} removed`);
  const list = Object.entries(r.runtimeDependencies).map(([n, v]) => `${n}@${v}`);
  io.out(
    `runtime dependencies: ${list.length > 0 ? list.join(' ') : 'none'} ` +
      `(${path.posix.join(config.out, 'runtime-dependencies.json')})`,
  );
  if (r.host.missing.length > 0) reportMissing(io, r.host, 'warning');
  if (r.stubs) io.out(`${config.stubs}: ${r.stubs.created.length} stubs created, ${r.stubs.kept.length} kept`);
  return EXIT_OK;
}

/** --check: the files out of date (exit 1), the dependencies the project lacks (exit 1), or up to date. */
function printCheck(
  config: GenerateConfig,
  r: GenerateToDiskResult,
  drift: NonNullable<GenerateToDiskResult['drift']>,
  io: CliIO,
): number {
  const lines = [
    ...drift.stale.map((p) => `stale: ${p}`),
    ...drift.missing.map((p) => `missing: ${p}`),
    ...drift.extra.map((p) => `extra: ${p}`),
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
    if (drift.contractChanged)
      io.err(
        `  the contract changed since ${config.out} was written: \`cbp diff git:HEAD:${config.spec} ${config.spec}\` ` +
          'shows what it breaks for your code (--usage src/ narrows it to what you call)',
      );
    return EXIT_FAILURE;
  }
  if (r.host.missing.length > 0) {
    reportMissing(io, r.host, 'E_RUNTIME_DEPENDENCIES');
    return EXIT_FAILURE;
  }
  io.out(`${config.out}: ${r.files} files up to date`);
  return EXIT_OK;
}

/** --watch: generate, then again on every change of an input, until SIGINT/SIGTERM (exit 0). A
 * failed run prints its error and keeps watching. */
async function watch(argv: GenerateArgv, io: CliIO): Promise<number> {
  if (argv.check === true)
    throw new CbpError('E_USAGE', '--watch and --check cannot be combined', {
      hint: 'use --check in CI and --watch while editing the document',
    });
  const [{ watchGenerate }, plugins] = await Promise.all([import('../../generator/watch.js'), loadRegistry()]);
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
