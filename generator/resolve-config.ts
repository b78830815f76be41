/**
 * `cbp generate` configuration, resolved in one place: defaults < config file < CLI flags
 * (hey-api's UserConfig → Config). Paths in a config file are relative to
 * that file; paths in flags are relative to cwd. The result uses paths relative to cwd.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CbpError, toPointer } from '../lib/errors.js';
import type { GenerateConfig } from './config.js';
import { isUrl, readDocumentFile } from './load/read-document.js';
import { parseOrigin } from './load/ref-origins.js';
import { packageInfo } from './package-info.js';
import { corePlugins, DEFAULT_PLUGINS } from './plugins/index.js';
import type { PackagedContract, Plugin, PluginShorthand } from './plugins/plugin.js';
import { camel, optionRows } from '../lib/options.js';
import { type GenerateArgv, generateOptions } from './options.js';

/** The values a choice key of the config file accepts (generator/options.ts). */
const choicesOfKey = (key: string): readonly string[] | undefined =>
  optionRows(generateOptions).find((r) => r.key === key)?.spec.choices;

export const DEFAULT_SPEC = 'spec/openapi.yaml';
export const DEFAULT_OVERLAY = 'spec/rules.overlay.yaml';
export const CONFIG_FILE_NAMES = [
  'cbp.config.json',
  'cbp.config.yaml',
  'cbp.config.yml',
  'cbp.config.js',
  'cbp.config.mjs',
  'cbp.config.ts',
  'cbp.config.mts',
  'cbp.config.cts',
];

/** Flags as yargs gives them (all optional): derived from generator/options.ts. */
export type { GenerateArgv };

/** A config file's keys. `plugins` entries are names or `{ name, ...options }` (hey-api's form);
 * `emitters` (a list of names) is kept as a shorthand, and so are the plugins' own shorthands
 * (Plugin.shorthands, e.g. a kit's option as a top-level key), held in `claims` by key. */
type FileConfig = Partial<Omit<GenerateConfig, 'check' | 'pluginOptions'>> & {
  emitters?: string[];
  pluginOptions?: Record<string, Record<string, unknown>>;
  claims?: Record<string, string>;
};

type KeyKind = 'string' | 'strings' | 'choice' | 'plugins' | 'origins' | 'shorthand';

/** The keys a config file may hold (generator/options.ts), with the registry's shorthands after `plugins`. */
function fileKeys(registry: readonly Plugin[]): Record<string, KeyKind> {
  const shorthands = Object.fromEntries([...shorthandsOf(registry).keys()].map((k) => [k, 'shorthand' as const]));
  const keys: Record<string, KeyKind> = {};
  for (const { key, spec } of optionRows(generateOptions)) {
    if (key === undefined) continue;
    if (key === 'plugins') Object.assign(keys, { plugins: 'plugins' }, shorthands);
    else if (key === 'allowRefOrigins') keys[key] = 'origins';
    else keys[key] = spec.choices ? 'choice' : spec.array ? 'strings' : 'string';
  }
  return keys;
}
const PATH_KEYS = ['spec', 'out', 'stubs'] as const;

type Registry = readonly Plugin[];
/** A plugin's packaged contract, with the plugin's name. */
type Contract = PackagedContract & { plugin: string };
/** `--contract` and the spec a config names, if any. */
type ContractChoice = { name: string | undefined; spec: string | undefined };

interface Claim {
  plugin: Plugin;
  shorthand: PluginShorthand;
  /** The option it sets is a path (resolved like `spec`). */
  path: boolean;
}

/** The registry's shorthands by config key (the first plugin claiming a key has it). */
function shorthandsOf(registry: readonly Plugin[]): Map<string, Claim> {
  const out = new Map<string, Claim>();
  for (const plugin of registry) {
    for (const shorthand of plugin.shorthands ?? []) {
      const isPath = plugin.options?.[shorthand.option]?.kind === 'path';
      if (!out.has(shorthand.key)) out.set(shorthand.key, { plugin, shorthand, path: isPath });
    }
  }
  return out;
}

/** `registry`: the plugins a config may name (their path options are resolved like `spec`).
 * A config file that lists several outputs is refused here: use resolveGenerateConfigs. */
export async function resolveGenerateConfig(
  argv: GenerateArgv,
  cwd: string,
  registry: readonly Plugin[] = corePlugins,
): Promise<GenerateConfig> {
  const all = await resolveGenerateConfigs(argv, cwd, registry);
  if (all.length !== 1) {
    throw new CbpError('E_CONFIG', `the config file lists ${all.length} outputs where one was expected`, {
      hint: 'call resolveGenerateConfigs to get every output',
    });
  }
  return all[0];
}

/** Every output of the config file (one, or the entries of an exported array: e.g. the partner's
 * client and a test server from the same document), each with the flags applied over it. */
export async function resolveGenerateConfigs(
  argv: GenerateArgv,
  cwd: string,
  registry: readonly Plugin[] = corePlugins,
): Promise<GenerateConfig[]> {
  const found = findConfigFile(argv.config, cwd);
  const fromFile = found ? await readConfigFile(found, cwd, registry) : [{}];
  const flags = flagConfig(argv, registry);
  if (fromFile.length > 1) {
    // One directory cannot hold several outputs (each prunes the other's files).
    for (const key of ['out', 'stubs'] as const) {
      if (flags[key] !== undefined) {
        throw new CbpError('E_USAGE', `--${key} cannot apply to the ${fromFile.length} outputs the config file lists`, {
          hint: `set ${key} in each entry of ${path.relative(cwd, found!)} instead`,
        });
      }
    }
    const outs = fromFile.map((c) => path.resolve(cwd, c.out ?? 'generated'));
    const twice = outs.find((o, i) => outs.indexOf(o) !== i);
    if (twice !== undefined) {
      throw new CbpError('E_CONFIG', `two outputs write into ${path.relative(cwd, twice) || '.'}`, {
        file: path.relative(cwd, found!),
        pointer: `/${outs.lastIndexOf(twice)}/out`,
        hint: 'give every entry its own out directory',
      });
    }
  }
  const inputs: Inputs = { flags, argv, cwd, found, registry };
  return fromFile.map((entry, i) => resolveOne(entry, fromFile.length > 1 ? `/${i}` : '', inputs));
}

/** What every output of a config shares: the flags, the argv, the config file found, the registry. */
interface Inputs {
  flags: FileConfig;
  argv: GenerateArgv;
  cwd: string;
  found: string | undefined;
  registry: Registry;
}

function resolveOne(fromFile: FileConfig, at: string, { flags, argv, cwd, found, registry }: Inputs): GenerateConfig {
  const merged: FileConfig = { ...fromFile, ...flags, claims: { ...fromFile.claims, ...flags.claims } };
  const shorthands = shorthandsOf(registry);
  /** Options set through shorthands, by plugin: each also selects its plugin. */
  const claimed = new Map<string, Record<string, unknown>>();
  const claim = (plugin: string, option: string, value: string) => {
    claimed.set(plugin, { [option]: value, ...claimed.get(plugin) });
  };
  for (const [key, value] of Object.entries(merged.claims ?? {})) {
    const { plugin, shorthand } = shorthands.get(key)!;
    claim(plugin.name, shorthand.option, value);
  }
  const contract = packagedContract({ name: argv.contract, spec: merged.spec }, cwd, registry);
  if (contract !== undefined) {
    merged.spec = packaged(cwd, contract.spec);
    merged.overlays ??= contract.overlays.map((o) => packaged(cwd, o));
    merged.clientFactoryName ??= contract.clientFactoryName;
    // The contract's plugin with its packaged files, unless the plugins were chosen.
    if (merged.plugins === undefined && merged.emitters === undefined) {
      const files = Object.entries(contract.options);
      for (const [option, file] of files) claim(contract.plugin, option, packaged(cwd, file));
    }
  }
  const spec = merged.spec ?? DEFAULT_SPEC;
  const isDefaultSpec = path.resolve(cwd, spec) === path.resolve(cwd, DEFAULT_SPEC);
  const config: GenerateConfig = {
    spec,
    overlays: merged.overlays ?? (isDefaultSpec ? [DEFAULT_OVERLAY] : []),
    out: merged.out ?? 'generated',
    check: argv.check === true,
    clientFactoryName: merged.clientFactoryName ?? 'createApiClient',
  };
  if (merged.stubs !== undefined) config.stubs = merged.stubs;
  const plugins = merged.plugins ?? merged.emitters;
  if (plugins !== undefined && plugins.length > 0) config.plugins = plugins;
  const pluginOptions: Record<string, Record<string, unknown>> = { ...(fromFile.pluginOptions ?? {}) };
  for (const [name, options] of claimed) {
    pluginOptions[name] = { ...pluginOptions[name], ...options };
    const selected = config.plugins ?? DEFAULT_PLUGINS;
    if (!selected.includes(name)) config.plugins = [...selected, name];
  }
  // A plugin named in a project without a file of its own at an option's default: the packaged one.
  for (const plugin of registry) {
    if (!config.plugins?.includes(plugin.name)) continue;
    for (const [key, option] of Object.entries(plugin.options ?? {})) {
      const fallback = option.packagedDefault === true ? option.default : undefined;
      if (typeof fallback !== 'string' || pluginOptions[plugin.name]?.[key] !== undefined) continue;
      if (existsSync(path.resolve(cwd, fallback))) continue;
      pluginOptions[plugin.name] = { ...pluginOptions[plugin.name], [key]: packaged(cwd, fallback) };
    }
  }
  if (Object.keys(pluginOptions).length > 0) config.pluginOptions = pluginOptions;
  if (merged.overlayMissingTarget !== undefined) config.overlayMissingTarget = merged.overlayMissingTarget;
  if (merged.allowRefOrigins !== undefined && merged.allowRefOrigins.length > 0)
    config.allowRefOrigins = merged.allowRefOrigins;
  if (merged.runtime !== undefined) config.runtime = merged.runtime;
  if (merged.format !== undefined) config.format = merged.format;
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(config.clientFactoryName)) {
    throw new CbpError(
      'E_CONFIG',
      `clientFactoryName ${JSON.stringify(config.clientFactoryName)} is not a valid identifier`,
      {
        file: found ? path.relative(cwd, found) : undefined,
        pointer:
          fromFile.clientFactoryName !== undefined && flags.clientFactoryName === undefined
            ? `${at}/clientFactoryName`
            : undefined,
      },
    );
  }
  return config;
}

/** A file of this package's spec/, relative to cwd. */
const packaged = (cwd: string, file: string): string =>
  path.relative(cwd, path.join(packageInfo().root, file)).split(path.sep).join('/');

/** A contract a plugin ships (Plugin.contract) when named, or the registry's first when nothing
 * names a document and cwd has no spec/openapi.yaml (a partner's project: `npx cbp generate --out
 * src/api`). Its paths are relative to this toolkit's root. */
function packagedContract(given: ContractChoice, cwd: string, registry: Registry): Contract | undefined {
  const { name, spec } = given;
  const contracts = registry.flatMap((p) => (p.contract === undefined ? [] : [{ ...p.contract, plugin: p.name }]));
  const chosen = name === undefined ? contracts[0] : contracts.find((c) => c.name === name);
  if (name !== undefined && chosen === undefined) {
    const names = contracts.map((c) => JSON.stringify(c.name)).join(' or ');
    let message = `--contract must be ${names} (the contract this package ships)`;
    if (names === '') message = `--contract ${JSON.stringify(name)}: no plugin of this registry ships a contract`;
    throw new CbpError('E_USAGE', message);
  }
  const twice = '--contract and a spec name two documents: pass one of them';
  if (name !== undefined && spec !== undefined) throw new CbpError('E_USAGE', twice);
  if (name === undefined && (spec !== undefined || existsSync(path.resolve(cwd, DEFAULT_SPEC)))) return undefined;
  return chosen;
}

/** The config file `resolveGenerateConfig` reads (absolute), or undefined when there is none. */
export function findConfigFile(explicit: string | undefined, cwd: string): string | undefined {
  if (explicit !== undefined) {
    const file = path.resolve(cwd, explicit);
    if (!existsSync(file))
      throw new CbpError('E_FILE_NOT_FOUND', `config file ${explicit} not found`, { file: explicit });
    return file;
  }
  return CONFIG_FILE_NAMES.map((n) => path.join(cwd, n)).find((f) => existsSync(f));
}

async function readConfigFile(file: string, cwd: string, registry: readonly Plugin[]): Promise<FileConfig[]> {
  const shown = path.relative(cwd, file).split(path.sep).join('/') || file;
  let raw: unknown;
  if (/\.[mc]?ts$/.test(file)) raw = await importTypeScript(file, shown);
  else if (/\.(m?js)$/.test(file)) {
    try {
      raw = ((await import(pathToFileURL(file).href)) as { default?: unknown }).default;
    } catch (err) {
      throw new CbpError('E_CONFIG', `cannot load ${shown}: ${String((err as Error).message).split('\n')[0]}`, {
        file: shown,
      });
    }
  } else {
    raw = await readDocumentFile(file, { cwd, kind: 'config file', parseErrorCode: 'E_CONFIG' });
  }
  if (Array.isArray(raw)) {
    if (raw.length === 0)
      throw new CbpError('E_CONFIG', 'the config file lists no output', {
        file: shown,
        pointer: '',
        hint: 'export one config object, or a list of them',
      });
    return raw.map((entry, i) => checkFileConfig(entry, shown, path.dirname(file), cwd, registry, `/${i}`));
  }
  return [checkFileConfig(raw, shown, path.dirname(file), cwd, registry, '')];
}

/** cbp.config.ts / .mts / .cts through jiti (the loader nuxt, unocss and tailwind use for their
 * typed configs): it strips the types and resolves the config's own imports (`defineConfig` from
 * this package) without a build step or a hand-written transpiler. Loaded fresh on every call,
 * so `--watch` sees an edited config. */
async function importTypeScript(file: string, shown: string): Promise<unknown> {
  try {
    const { createJiti } = await import('jiti');
    const jiti = createJiti(pathToFileURL(file).href, { moduleCache: false, fsCache: false, interopDefault: true });
    return await jiti.import(file, { default: true });
  } catch (err) {
    throw new CbpError('E_CONFIG', `cannot load ${shown}: ${String((err as Error).message).split('\n')[0]}`, {
      file: shown,
      hint: 'a typed config exports its options: export default defineConfig({ ... })',
    });
  }
}

function checkFileConfig(
  raw: unknown,
  shown: string,
  dir: string,
  cwd: string,
  registry: readonly Plugin[],
  at: string,
): FileConfig {
  const fail = (message: string, key?: string, hint?: string): never => {
    throw new CbpError('E_CONFIG', message, {
      file: shown,
      pointer: key === undefined ? at : `${at}${toPointer([key])}`,
      hint,
    });
  };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return fail('a config file must hold an object or a list of objects (JS/TS: export default {...})');
  const out: Record<string, unknown> = {};
  const keys = fileKeys(registry);
  const shorthands = shorthandsOf(registry);
  const claims: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const kind = Object.hasOwn(keys, key) ? keys[key] : undefined;
    if (kind === undefined) {
      const also = key === 'check' ? ' (check is the --check flag)' : '';
      fail(`unknown option ${JSON.stringify(key)}`, key, `known options: ${Object.keys(keys).join(', ')}${also}`);
    }
    if ((kind === 'string' || kind === 'shorthand') && typeof value !== 'string') fail(`${key} must be a string`, key);
    if (kind === 'shorthand') {
      claims[key] = value as string;
      continue;
    }
    if (kind === 'strings' && !(Array.isArray(value) && value.every((v) => typeof v === 'string')))
      fail(`${key} must be a list of strings`, key);
    const choices = kind === 'choice' ? choicesOfKey(key) : undefined;
    if (choices && !choices.includes(value as string))
      fail(`${key} must be ${choices.map((m) => JSON.stringify(m)).join(' or ')}`, key);
    if (kind === 'origins') {
      if (!(Array.isArray(value) && value.every((v) => typeof v === 'string')))
        fail(`${key} must be a list of origins`, key);
      out[key] = (value as string[]).map((v, i) =>
        parseOrigin(v, { code: 'E_CONFIG', file: shown, pointer: `${at}${toPointer([key, i])}` }),
      );
      continue;
    }
    out[key] = value;
  }
  const rel = (p: string) => (isUrl(p) ? p : relPath(p));
  const relPath = (p: string) => path.relative(cwd, path.resolve(dir, p)).split(path.sep).join('/') || '.';
  for (const key of PATH_KEYS) if (typeof out[key] === 'string') out[key] = rel(out[key] as string);
  for (const [key, value] of Object.entries(claims)) claims[key] = shorthands.get(key)!.path ? rel(value) : value;
  if (Object.keys(claims).length > 0) out.claims = claims;
  if (Array.isArray(out.overlays)) out.overlays = (out.overlays as string[]).map(rel);
  if (out.plugins !== undefined) Object.assign(out, pluginEntries(out.plugins, fail, registry, rel));
  return out as FileConfig;
}

/** `plugins: ["types", { "name": "validators", "standalone": true }]`; path options are resolved like `spec`. */
function pluginEntries(
  value: unknown,
  fail: (message: string, key?: string, hint?: string) => never,
  registry: readonly Plugin[],
  rel: (p: string) => string,
): { plugins: string[]; pluginOptions: Record<string, Record<string, unknown>> } {
  if (!Array.isArray(value))
    return fail('plugins must be a list of plugin names or { name, ...options } objects', 'plugins');
  const plugins: string[] = [];
  const pluginOptions: Record<string, Record<string, unknown>> = {};
  value.forEach((entry: unknown, i) => {
    if (typeof entry === 'string') {
      plugins.push(entry);
      return;
    }
    if (
      typeof entry !== 'object' ||
      entry === null ||
      Array.isArray(entry) ||
      typeof (entry as { name?: unknown }).name !== 'string'
    ) {
      fail(`plugins/${i} must be a plugin name or an object with a name`, 'plugins');
    }
    const { name, ...options } = entry as { name: string } & Record<string, unknown>;
    const declared = registry.find((p) => p.name === name)?.options ?? {};
    for (const [key, v] of Object.entries(options))
      if (declared[key]?.kind === 'path' && typeof v === 'string') options[key] = rel(v);
    plugins.push(name);
    pluginOptions[name] = options;
  });
  return { plugins, pluginOptions };
}

/** The flags that set a config key, each as the table declares it (generator/options.ts); a list
 * flag takes repeats and commas, a choice is checked here (one line, not yargs' whole help). */
function flagConfig(argv: GenerateArgv, registry: readonly Plugin[]): FileConfig {
  const list = (v: string | Array<string | false> | undefined) =>
    v === undefined
      ? undefined
      : (Array.isArray(v) ? v : [v])
          .flatMap((s) => (typeof s === 'string' ? s.split(',') : []))
          .map((s) => s.trim())
          .filter(Boolean);
  const out: Record<string, unknown> = {};
  const given = argv as Record<string, unknown>;
  for (const { flag, spec, key } of optionRows(generateOptions)) {
    const value = given[camel(flag)];
    if (key === undefined || spec.configOnly || value === undefined) continue;
    if (key === 'overlays') {
      // `--no-overlay`: no overlay, whatever the config file lists.
      const none = value === false || (Array.isArray(value) && value.includes(false));
      out.overlays = none ? [] : list(value as string | string[]);
    } else if (key === 'allowRefOrigins') {
      out.allowRefOrigins = (Array.isArray(value) ? value : [value]).map((o) => parseOrigin(String(o)));
    } else if (spec.array) {
      out[key] = list(value as string | string[]);
    } else if (spec.choices && !spec.choices.includes(value as string)) {
      throw new CbpError('E_USAGE', `--${flag} must be ${spec.choices.map((m) => JSON.stringify(m)).join(' or ')}`, {
        hint: key === 'format' ? "prettier uses the project's prettier config; biome its biome.json" : undefined,
      });
    } else {
      out[key] = value;
    }
  }
  // --emitters is the alias yargs also fills; a caller of the Node API may give it alone.
  if (out.plugins === undefined && argv.emitters !== undefined) out.plugins = list(argv.emitters);
  for (const key of shorthandsOf(registry).keys()) {
    const value = argv[key];
    if (typeof value === 'string') out.claims = { ...(out.claims as object), [key]: value };
  }
  return out as FileConfig;
}
