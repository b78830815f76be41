/**
 * Each selected plugin's options: its declared defaults < the config's `plugins` entry for it.
 * Options of a plugin that is not selected (a config file's, under a narrower --plugins) are unused.
 * Path options arrive relative to cwd (resolve-config.ts) and leave absolute: emitters do not
 * know the cwd.
 */
import path from 'node:path';
import { CbpError } from '../../lib/errors.js';
import type { Plugin } from './plugin.js';

export type PluginOptionValues = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

export function pluginOptions(
  plugins: readonly Plugin[],
  given: PluginOptionValues,
  cwd: string,
): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const plugin of plugins) {
    const declared = plugin.options ?? {};
    const values: Record<string, unknown> = {};
    for (const [key, option] of Object.entries(declared))
      if (option.default !== undefined) values[key] = option.default;
    for (const [key, value] of Object.entries(given[plugin.name] ?? {})) {
      const option = declared[key];
      const fail = (message: string): never => {
        throw new CbpError('E_CONFIG', `plugin ${plugin.name}: ${message}`, {
          pointer: '/plugins',
          hint:
            Object.keys(declared).length > 0
              ? `options of ${plugin.name}: ${Object.keys(declared).join(', ')}`
              : `${plugin.name} takes no options`,
        });
      };
      if (option === undefined) fail(`unknown option ${JSON.stringify(key)}`);
      else if (option.kind === 'boolean' ? typeof value !== 'boolean' : typeof value !== 'string' || value === '')
        fail(`${key} must be ${option.kind === 'boolean' ? 'a boolean' : 'a non-empty string'}`);
      values[key] = value;
    }
    for (const [key, option] of Object.entries(declared)) {
      if (option.kind === 'path' && typeof values[key] === 'string')
        values[key] = path.resolve(cwd, values[key] as string);
    }
    out.set(plugin.name, values);
  }
  return out;
}
