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
import type { GenerateFileConfig, PluginEntry } from './options.js';

export type { PluginEntry };

/** The keys a config file may hold (paths relative to the config file): derived from
 * generator/options.ts, where each is declared with its flag. */
export type UserConfig = GenerateFileConfig;
