/**
 * A command's options, each declared ONCE in a typed table (vitest's cli-config.ts is the model):
 * the yargs builder (cli/options/apply.ts), the argv type (`ArgvOf`), the config-file keys and
 * their JSON Schema (`configSchemaOf`, `ConfigOf`) and the reference pages (cli/options/reference.ts)
 * are all read from it. A table is keyed on the flag's spelling (`allow-partial`); its entries are
 * `as const satisfies OptionTable` so the derived types keep the literal types.
 *
 * `describe` may be a function of a context the command supplies (the plugin registry, the
 * reporters' kinds) for what the layer holding the table may not import.
 */

export type OptionType = 'string' | 'boolean' | 'number';

/** The config-file key an option is also settable as, with what its value may be beyond the
 * option's own type. `T` (phantom) is the key's TypeScript type when it differs from the flag's. */
export interface ConfigKey<K extends string = string, T = unknown> {
  key: K;
  /** JSON Schema of the value (default: derived from `type` and `array`). */
  schema?: Readonly<Record<string, unknown>>;
  /** A line for the config reference when the key's value differs from the flag's. */
  note?: string;
  /** Phantom: never set; carries the value type for ConfigOf. */
  readonly __type?: T;
}

export interface OptionSpec<Ctx = never> {
  type: OptionType;
  array?: boolean;
  describe: string | ((ctx: Ctx) => string);
  default?: string | number | boolean;
  /** Values the option accepts (the argv and config types, the schema and the reference list them). */
  choices?: readonly string[];
  /** false: yargs does not enforce `choices` (a resolver does, with a message of its own). */
  enforceChoices?: false;
  alias?: string;
  /** A positional of the command string (`rules [id]`), not a `--flag`. */
  positional?: true;
  /** Required by yargs (`cbp record --out`). */
  demand?: true;
  /** The config-file key (a string: the same value type as the flag). */
  config?: string | ConfigKey;
  /** Only a config-file key (no flag). */
  configOnly?: true;
  /** Hidden from this command's --help (and its reference section). */
  hidden?: true;
  /** Shown only when this holds for the context (e.g. --contract when a plugin ships a contract). */
  when?: (ctx: Ctx) => boolean;
  /** The choices of yargs and the help, when they depend on the context. */
  choicesOf?: (ctx: Ctx) => readonly string[];
}

// biome-ignore lint/suspicious/noExplicitAny: a table's context is each command's own
export type OptionTable<Ctx = any> = Readonly<Record<string, OptionSpec<Ctx>>>;

/** `allow-partial` → `allowPartial` (what yargs' camel-case expansion gives). */
export type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
export const camel = (flag: string): string => flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
/** `stateTable` → `state-table`. */
const kebab = (key: string): string => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

type Scalar<O> = O extends { choices: readonly (infer C)[] }
  ? C
  : O extends { type: 'boolean' }
    ? boolean
    : O extends { type: 'number' }
      ? number
      : string;
type ValueOf<O> = O extends { array: true } ? Scalar<O>[] : Scalar<O>;

/** What yargs gives a command (camel-cased keys, every flag optional; an alias holds the same value). */
export type ArgvOf<T extends OptionTable> = {
  -readonly [K in keyof T & string as T[K] extends { configOnly: true } ? never : Camel<K>]?: ValueOf<T[K]>;
} & {
  -readonly [K in keyof T & string as T[K] extends { alias: infer A extends string } ? Camel<A> : never]?: ValueOf<
    T[K]
  >;
};

type KeyOf<O> = O extends { config: infer C }
  ? C extends string
    ? C
    : C extends { key: infer K extends string }
      ? K
      : never
  : never;
type ConfigValue<O> = O extends { config: { __type?: infer V } } ? (unknown extends V ? ValueOf<O> : V) : ValueOf<O>;

/** The config-file keys the table declares, with their types (`defineConfig`'s, run: sections'). */
export type ConfigOf<T extends OptionTable> = {
  -readonly [K in keyof T & string as KeyOf<T[K]>]?: ConfigValue<T[K]>;
};

/** A config key whose TypeScript type is `T` (the flag's differs: `--plugins a,b` vs entries). */
export function configKey<T>() {
  return <const K extends string>(key: K, extra: Omit<ConfigKey<K, T>, 'key' | '__type'> = {}): ConfigKey<K, T> => ({
    key,
    ...extra,
  });
}

export interface OptionRow<Ctx = never> {
  flag: string;
  spec: OptionSpec<Ctx>;
  /** Config key, if any. */
  key?: string;
}

/** The table's entries in order, with their config key. */
export function optionRows<Ctx>(table: OptionTable<Ctx>): OptionRow<Ctx>[] {
  return Object.entries(table).map(([flag, spec]) => {
    const key = typeof spec.config === 'string' ? spec.config : spec.config?.key;
    return key === undefined ? { flag, spec } : { flag, spec, key };
  });
}

/** The option's values in JSON Schema (strings of an array are never empty). */
export function valueSchema<Ctx>(spec: OptionSpec<Ctx>): Record<string, unknown> {
  const custom = typeof spec.config === 'object' ? spec.config.schema : undefined;
  if (custom) return { ...custom };
  const one: Record<string, unknown> = spec.choices ? { enum: [...spec.choices] } : { type: spec.type };
  if (spec.array) return { type: 'array', items: spec.choices ? one : { ...one, minLength: 1 } };
  return one;
}

/** The JSON Schema of a config object holding the table's config keys (plus `extra` properties). */
export function configSchemaOf<Ctx>(
  table: OptionTable<Ctx>,
  extra: Record<string, Record<string, unknown>> = {},
  describe: (spec: OptionSpec<Ctx>) => string | undefined = (s) =>
    typeof s.describe === 'string' ? s.describe : undefined,
): { type: 'object'; additionalProperties: false; properties: Record<string, Record<string, unknown>> } {
  const properties: Record<string, Record<string, unknown>> = {};
  for (const row of optionRows(table)) {
    if (row.key === undefined) continue;
    const text = describe(row.spec);
    properties[row.key] = { ...valueSchema(row.spec), ...(text ? { description: text } : {}) };
  }
  return { type: 'object', additionalProperties: false, properties: { ...properties, ...extra } };
}

/** The flags of `table` that `other` does not have (e.g. the API suite's options a nested command refuses). */
export function flagsOnlyIn(table: OptionTable, other: OptionTable): string[] {
  return optionRows(table)
    .filter((r) => !r.spec.positional && !r.spec.configOnly && !Object.hasOwn(other, r.flag))
    .map((r) => r.flag);
}
