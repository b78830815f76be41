/**
 * The generic config keys. `defineConfig` over them is the package's `./config` export,
 * api/define-config.ts, which adds the keys its kits' plugins claim (Plugin.shorthands).
 *
 * `defineConfig` is for a typed `cbp.config.ts` / `.mts` (the convention of hey-api, orval and kubb):
 * it returns its argument and only gives the editor the option names and their types. One config,
 * or a list of them for several outputs from one run (e.g. a partner's client and a test server
 * from the same document, each with its own `out`).
 *
 * ```ts
 * import { defineConfig } from 'cross-border-payments-toolkit/config';
 * export default defineConfig([
 *   { spec: 'api.yaml', out: 'src/client', plugins: ['client'] },
 *   { spec: 'api.yaml', out: 'test/server', plugins: ['server', 'node-http'], stubs: 'test/handlers' },
 * ]);
 * ```
 */
import type { Formatter, RuntimeMode } from './config.js';

/** A plugin by name, or `{ name, ...options }` (e.g. `{ name: 'validators', standalone: true }`). */
export type PluginEntry = string | ({ name: string } & Record<string, unknown>);

/** The keys a config file may hold (paths relative to the config file). */
export interface UserConfig {
  /** OpenAPI 3.0/3.1 document: a path or an http(s) URL. Default: spec/openapi.yaml. */
  spec?: string;
  /** Overlay 1.0 files, applied in order. */
  overlays?: string[];
  /** Output directory. Default: generated. */
  out?: string;
  /** Handler stubs directory (never overwritten). */
  stubs?: string;
  /** Name of the client factory. Default: createApiClient. */
  clientFactoryName?: string;
  /** Plugins to run (dependencies are added). */
  plugins?: PluginEntry[];
  /** Former name of `plugins` (names only). */
  emitters?: string[];
  /** An overlay target matching nothing: 'error' (default) or 'warn'. */
  overlayMissingTarget?: 'error' | 'warn';
  /** 'package' (default) or 'copy'. */
  runtime?: RuntimeMode;
  /** Format the output with the project's prettier or biome before writing or comparing. */
  format?: Formatter;
}
