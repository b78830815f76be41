/**
 * `defineConfig` for a typed `cbp.config.ts` (package.json "exports" `./config`): the generic keys
 * (generator/define-config.ts) and the top-level keys the kits' plugins claim (Plugin.shorthands).
 *
 * ```ts
 * import { defineConfig } from 'cross-border-payments-toolkit/config';
 * export default defineConfig({ spec: 'api.yaml', out: 'src/api', stateTable: 'states.yaml' });
 * ```
 */
import type { PluginEntry, UserConfig as GenericConfig } from '../generator/define-config.js';
import type { PaymentsShorthands } from '../kits/payments/plugin.js';

/** The keys a config file may hold (paths relative to the config file). */
export type UserConfig = GenericConfig & PaymentsShorthands;
export type { PluginEntry };

export function defineConfig<const T extends UserConfig | readonly UserConfig[]>(config: T): T {
  return config;
}
