/**
 * `cbp generate` configuration, resolved in one place: defaults < config file < CLI flags
 * (STYLE.md, "Resolve user config ... in one place"). Paths in a config file are relative to
 * that file; paths in flags are relative to cwd. The result uses paths relative to cwd.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CbpError, toPointer } from '../lib/errors.js';
import type { GenerateConfig } from './config.js';
import { isUrl, readDocumentFile } from './load/read-document.js';

export const DEFAULT_SPEC = 'spec/openapi.yaml';
export const DEFAULT_OVERLAY = 'spec/rules.overlay.yaml';
export const DEFAULT_STATE_TABLE = 'spec/payment-states.yaml';
export const CONFIG_FILE_NAMES = ['cbp.config.json', 'cbp.config.yaml', 'cbp.config.yml', 'cbp.config.js', 'cbp.config.mjs'];

/** Flags as yargs gives them (all optional). */
export interface GenerateArgv {
  spec?: string;
  /** `--no-overlay` gives false: apply no overlay even if the config file lists some. */
  overlay?: string | Array<string | false> | false;
  out?: string;
  check?: boolean;
  config?: string;
  stubs?: string;
  clientFactoryName?: string;
  stateTable?: string;
  emitters?: string | string[];
  overlayMissingTarget?: string;
}

type FileConfig = Partial<Omit<GenerateConfig, 'check'>>;

const FILE_KEYS: Record<keyof FileConfig, 'string' | 'strings' | 'mode'> = {
  spec: 'string',
  overlays: 'strings',
  out: 'string',
  stubs: 'string',
  clientFactoryName: 'string',
  stateTable: 'string',
  emitters: 'strings',
  overlayMissingTarget: 'mode',
};
const PATH_KEYS = ['spec', 'out', 'stubs', 'stateTable'] as const;

export async function resolveGenerateConfig(argv: GenerateArgv, cwd: string): Promise<GenerateConfig> {
  const found = findConfigFile(argv.config, cwd);
  const fromFile = found ? await readConfigFile(found, cwd) : {};
  const flags = flagConfig(argv);
  const merged: FileConfig = { ...fromFile, ...flags };
  const spec = merged.spec ?? DEFAULT_SPEC;
  const isDefaultSpec = path.resolve(cwd, spec) === path.resolve(cwd, DEFAULT_SPEC);
  const config: GenerateConfig = {
    spec,
    overlays: merged.overlays ?? (isDefaultSpec ? [DEFAULT_OVERLAY] : []),
    out: merged.out ?? 'generated',
    check: argv.check === true,
    clientFactoryName: merged.clientFactoryName ?? 'createApiClient',
  };
  const stateTable = merged.stateTable ?? (isDefaultSpec ? DEFAULT_STATE_TABLE : undefined);
  if (stateTable !== undefined) config.stateTable = stateTable;
  if (merged.stubs !== undefined) config.stubs = merged.stubs;
  if (merged.emitters !== undefined && merged.emitters.length > 0) config.emitters = merged.emitters;
  if (merged.overlayMissingTarget !== undefined) config.overlayMissingTarget = merged.overlayMissingTarget;
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(config.clientFactoryName)) {
    throw new CbpError('E_CONFIG', `clientFactoryName ${JSON.stringify(config.clientFactoryName)} is not a valid identifier`, {
      file: found ? path.relative(cwd, found) : undefined,
      pointer: fromFile.clientFactoryName !== undefined && flags.clientFactoryName === undefined ? '/clientFactoryName' : undefined,
    });
  }
  return config;
}

function findConfigFile(explicit: string | undefined, cwd: string): string | undefined {
  if (explicit !== undefined) {
    const file = path.resolve(cwd, explicit);
    if (!existsSync(file)) throw new CbpError('E_FILE_NOT_FOUND', `config file ${explicit} not found`, { file: explicit });
    return file;
  }
  return CONFIG_FILE_NAMES.map((n) => path.join(cwd, n)).find((f) => existsSync(f));
}

async function readConfigFile(file: string, cwd: string): Promise<FileConfig> {
  const shown = path.relative(cwd, file).split(path.sep).join('/') || file;
  let raw: unknown;
  if (/\.(m?js)$/.test(file)) {
    try {
      raw = ((await import(pathToFileURL(file).href)) as { default?: unknown }).default;
    } catch (err) {
      throw new CbpError('E_CONFIG', `cannot load ${shown}: ${String((err as Error).message).split('\n')[0]}`, { file: shown });
    }
  } else {
    raw = await readDocumentFile(file, { cwd, kind: 'config file', parseErrorCode: 'E_CONFIG' });
  }
  return checkFileConfig(raw, shown, path.dirname(file), cwd);
}

function checkFileConfig(raw: unknown, shown: string, dir: string, cwd: string): FileConfig {
  const fail = (message: string, key?: string, hint?: string): never => {
    throw new CbpError('E_CONFIG', message, { file: shown, pointer: key === undefined ? '' : toPointer([key]), hint });
  };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail('a config file must hold an object (JS: export default {...})');
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const kind = FILE_KEYS[key as keyof FileConfig];
    if (kind === undefined)
      fail(`unknown option ${JSON.stringify(key)}`, key, `known options: ${Object.keys(FILE_KEYS).join(', ')}${key === 'check' ? ' (check is the --check flag)' : ''}`);
    if (kind === 'string' && typeof value !== 'string') fail(`${key} must be a string`, key);
    if (kind === 'strings' && !(Array.isArray(value) && value.every((v) => typeof v === 'string'))) fail(`${key} must be a list of strings`, key);
    if (kind === 'mode' && value !== 'error' && value !== 'warn') fail(`${key} must be "error" or "warn"`, key);
    out[key] = value;
  }
  const rel = (p: string) => (isUrl(p) ? p : relPath(p));
  const relPath = (p: string) => path.relative(cwd, path.resolve(dir, p)).split(path.sep).join('/') || '.';
  for (const key of PATH_KEYS) if (typeof out[key] === 'string') out[key] = rel(out[key] as string);
  if (Array.isArray(out.overlays)) out.overlays = (out.overlays as string[]).map(rel);
  return out as FileConfig;
}

function flagConfig(argv: GenerateArgv): FileConfig {
  const list = (v: string | Array<string | false> | undefined) =>
    v === undefined
      ? undefined
      : (Array.isArray(v) ? v : [v])
          .flatMap((s) => (typeof s === 'string' ? s.split(',') : []))
          .map((s) => s.trim())
          .filter(Boolean);
  const out: FileConfig = {};
  if (argv.spec !== undefined) out.spec = argv.spec;
  if (argv.overlay === false || (Array.isArray(argv.overlay) && argv.overlay.includes(false))) out.overlays = [];
  else if (argv.overlay !== undefined) out.overlays = list(argv.overlay);
  if (argv.out !== undefined) out.out = argv.out;
  if (argv.stubs !== undefined) out.stubs = argv.stubs;
  if (argv.clientFactoryName !== undefined) out.clientFactoryName = argv.clientFactoryName;
  if (argv.stateTable !== undefined) out.stateTable = argv.stateTable;
  if (argv.emitters !== undefined) out.emitters = list(argv.emitters);
  if (argv.overlayMissingTarget !== undefined) {
    if (argv.overlayMissingTarget !== 'error' && argv.overlayMissingTarget !== 'warn') {
      throw new CbpError('E_USAGE', '--overlay-missing-target must be "error" or "warn"');
    }
    out.overlayMissingTarget = argv.overlayMissingTarget;
  }
  return out;
}
