/**
 * Turns a selection of plugin names into the plugins to run: unknown names are a CbpError listing
 * the valid ones, dependencies are added, and the order puts every plugin after the ones it needs.
 */
import { CbpError } from '../../lib/errors.js';
import type { Plugin } from './plugin.js';

export function resolvePlugins(selected: readonly string[], available: readonly Plugin[]): Plugin[] {
  const byName = new Map(available.map((p) => [p.name, p]));
  const order: Plugin[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, wantedBy?: string): void => {
    const plugin = byName.get(name);
    if (plugin === undefined) {
      throw new CbpError(
        'E_CONFIG',
        `unknown plugin ${JSON.stringify(name)}${wantedBy ? ` (a dependency of ${wantedBy})` : ''}`,
        {
          hint: `known plugins: ${available.map((p) => p.name).join(', ')}`,
        },
      );
    }
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`plugin dependency cycle through ${name}`);
    state.set(name, 'visiting');
    for (const dep of plugin.dependencies) visit(dep, name);
    state.set(name, 'done');
    order.push(plugin);
  };
  for (const name of selected) visit(name);
  return order;
}
