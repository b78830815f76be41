/**
 * `cbp generate`'s options, each declared once (lib/options.ts): the yargs builder, GenerateArgv,
 * the config file's keys (resolve-config.ts checks them), their JSON Schema and `defineConfig`'s
 * UserConfig, and the reference pages all derive from this table. The plugins' shorthands
 * (Plugin.shorthands, e.g. `--state-table`) come from the registry, not from here.
 */
import {
  type ArgvOf,
  type ConfigOf,
  configKey,
  configSchemaOf,
  type OptionSpec,
  type OptionTable,
} from '../lib/options.js';
import { FORMATTERS, RUNTIME_MODES } from './config.js';
import { pluginsHelp } from './plugins/describe.js';
import type { Plugin } from './plugins/plugin.js';

/** A plugin by name, or `{ name, ...options }` (e.g. `{ name: 'validators', standalone: true }`). */
export type PluginEntry = string | ({ name: string } & Record<string, unknown>);

/** What the context-dependent entries read: the plugin registry. */
export type GenerateContext = readonly Plugin[];

const contracts = (registry: GenerateContext) => registry.flatMap((p) => (p.contract ? [p.contract] : []));
const names = { type: 'array', items: { type: 'string', minLength: 1 } } as const;

export const generateOptions = {
  spec: {
    type: 'string',
    describe: 'OpenAPI document (default: spec/openapi.yaml, or the packaged contract where there is none)',
    config: configKey<string>()('spec', {
      note: 'a path (relative to the config file) or an http(s) URL; default spec/openapi.yaml',
    }),
  },
  contract: {
    type: 'string',
    describe: (r: GenerateContext) =>
      contracts(r)
        .map((c) => c.describe)
        .join('; '),
    when: (r: GenerateContext) => contracts(r).length > 0,
    choicesOf: (r: GenerateContext) => contracts(r).map((c) => c.name),
  },
  overlay: {
    type: 'string',
    array: true,
    describe: 'Overlay 1.0 file(s), applied in order',
    config: configKey<string[]>()('overlays', { schema: names, note: 'Overlay 1.0 files, applied in order' }),
  },
  out: { type: 'string', describe: 'Output directory (default: generated)', config: 'out' },
  check: {
    type: 'boolean',
    default: false,
    describe:
      'Compare with the output directory instead of writing, and check that the ' +
      'nearest package.json declares the runtime dependencies; exit 1 otherwise',
  },
  config: {
    type: 'string',
    describe:
      'Config file (default: cbp.config.{json,yaml,yml,js,mjs,ts,mts,cts} ' +
      'in cwd); a list of configs generates each output',
  },
  watch: {
    type: 'boolean',
    default: false,
    describe:
      'Generate, then regenerate on every change of the document, the files it ' +
      'references, the overlays, the state table or the config (Ctrl-C stops, exit 0)',
  },
  format: {
    type: 'string',
    choices: FORMATTERS,
    // Checked by resolve-config.ts (one line and a hint) rather than by yargs' choices (the whole help).
    enforceChoices: false,
    describe:
      "prettier or biome: format the output with the project's formatter " +
      'and its config; --check compares against the formatted output',
    config: 'format',
  },
  stubs: { type: 'string', describe: 'Write handler stubs into this directory (never overwrites)', config: 'stubs' },
  'client-factory-name': {
    type: 'string',
    describe: 'Name of the client factory (default: createApiClient)',
    config: 'clientFactoryName',
  },
  plugins: {
    type: 'string',
    array: true,
    alias: 'emitters',
    describe: (r: GenerateContext) => pluginsHelp(r),
    config: configKey<PluginEntry[]>()('plugins', {
      schema: {
        type: 'array',
        items: {
          anyOf: [
            { type: 'string', minLength: 1 },
            { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } },
          ],
        },
      },
      note: 'names, or `{ "name": ..., ...options }` objects (a plugin with its options)',
    }),
  },
  emitters: {
    type: 'string',
    array: true,
    configOnly: true,
    describe: 'Former name of plugins (names only)',
    config: 'emitters',
  },
  'tool-profile': {
    type: 'string',
    describe: 'Also write the tool profile (explicit status codes, examples) to this file (.yaml or .json)',
  },
  'overlay-missing-target': {
    type: 'string',
    choices: ['error', 'warn'],
    describe: 'An overlay target matching nothing fails (default) or warns',
    config: 'overlayMissingTarget',
  },
  'allow-ref-origin': {
    type: 'string',
    array: true,
    describe:
      "An http(s) origin (https://host[:port]) the document's $refs may also " +
      'reach; repeatable. A document fetched by URL reaches only its own origin ' +
      'otherwise, a local one only local files (config: allowRefOrigins)',
    config: configKey<string[]>()('allowRefOrigins', {
      schema: { type: 'array', items: { type: 'string', pattern: '^https?://' } },
    }),
  },
  runtime: {
    type: 'string',
    choices: RUNTIME_MODES,
    describe:
      "Where the output's runtime comes from: imported from the runtime package " +
      'cross-border-payments-runtime (default; install it as a dependency) or copied into <out>/runtime/',
    config: 'runtime',
  },
} as const satisfies OptionTable<GenerateContext>;

/** `cbp generate`'s flags as yargs gives them; the Node API takes a single string where yargs
 * gives a list. `--no-overlay` gives false: apply no overlay even if the config file lists some. */
export interface GenerateArgv extends Omit<Loose<ArgvOf<typeof generateOptions>>, 'overlay'> {
  overlay?: string | Array<string | false> | false;
  /** The registry's plugin shorthands (Plugin.shorthands), by config key (`--some-key` is `someKey`). */
  [shorthand: string]: unknown;
}
/** A list flag also takes one value, and a choice any string (resolve-config.ts names the choices). */
type Loose<T> = {
  [K in keyof T]: T[K] extends (infer V)[] | undefined ? Wide<V> | Wide<V>[] : Wide<T[K]>;
};
type Wide<V> = V extends string ? string : V;

/** The generic keys a config file may hold (the kits' shorthands are added by api/define-config.ts). */
export type GenerateFileConfig = ConfigOf<typeof generateOptions>;

/** The JSON Schema of one entry of a config file: the table's keys and the registry's shorthands
 * (Plugin.shorthands). A file may also hold a list of such entries. */
export function generateConfigSchema(registry: GenerateContext, table: OptionTable<GenerateContext> = generateOptions) {
  const describe = (spec: OptionSpec<GenerateContext>) =>
    typeof spec.describe === 'function' ? spec.describe(registry) : spec.describe;
  const shorthands: Record<string, Record<string, unknown>> = {};
  for (const p of registry)
    for (const s of p.shorthands ?? []) shorthands[s.key] ??= { type: 'string', description: s.describe };
  const entry = configSchemaOf(table, shorthands, describe);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'cbp.config (cbp generate)',
    oneOf: [entry, { type: 'array', minItems: 1, items: entry }],
  };
}
