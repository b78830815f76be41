/** Which plugins a config selects, by name: the ones it names (default: DEFAULT_PLUGINS), plus
 * the stubs plugin when --stubs is set. Dependencies are added by resolvePlugins. */
import type { GenerateConfig } from '../config.js';
import { DEFAULT_PLUGINS } from './index.js';

/** The plugin whose files are handler stubs for the user to edit: written into `config.stubs`,
 * never overwritten, no "do not edit" header. It is selected whenever `config.stubs` is set. */
export const STUBS_PLUGIN = 'stubs';

export function selectedPluginNames(config: GenerateConfig): string[] {
  const named = config.plugins !== undefined && config.plugins.length > 0 ? [...config.plugins] : [...DEFAULT_PLUGINS];
  if (config.stubs && !named.includes(STUBS_PLUGIN)) named.push(STUBS_PLUGIN);
  return named;
}
