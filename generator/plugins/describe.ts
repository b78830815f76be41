/**
 * What the CLI and the docs say about plugins, derived from a registry (api/plugins.ts for the CLI),
 * so a plugin's one folder and registry line are all it takes to be listed.
 */
import type { Plugin } from './plugin.js';

/** The `--plugins` help: every name, then the defaults. */
export function pluginsHelp(registry: readonly Plugin[]): string {
  const names = registry.map((p) => p.name).join(', ');
  const defaults = registry.filter((p) => p.default === true).map((p) => p.name);
  return `Plugins to run (dependencies are added): ${names} (default: ${defaults.join(',')})`;
}

/** The `cbp generate --help` epilogue: each plugin and what it writes, wrapped under its name to
 * `width` columns (yargs' help is 80 wide and would wrap it without the indent). */
export function pluginsEpilogue(registry: readonly Plugin[], width = 78): string {
  // Two spaces, the longest name, two spaces: where every description starts.
  const indent = Math.max(...registry.map((p) => p.name.length)) + 4;
  const lines = ['Plugins (--plugins):'];
  for (const p of registry) {
    let line = `  ${p.name}`.padEnd(indent);
    let empty = true;
    for (const word of `${p.describe}${p.default === true ? ' [default]' : ''}`.split(' ')) {
      if (!empty && line.length + 1 + word.length > width) {
        lines.push(line);
        line = ' '.repeat(indent);
        empty = true;
      }
      line += empty ? word : ` ${word}`;
      empty = false;
    }
    lines.push(line);
  }
  return lines.join('\n');
}

/** `someKey` → `some-key`: the flag of a config key. */
export const flagOf = (key: string): string => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** `name` (default `value`), or the shorthand that sets it. */
function optionCells(p: Plugin): string {
  const cells: string[] = [];
  for (const [key, o] of Object.entries(p.options ?? {})) {
    cells.push(o.default === undefined ? `\`${key}\`` : `\`${key}\` (default \`${o.default}\`)`);
  }
  for (const { key } of p.shorthands ?? []) cells.push(`\`--${flagOf(key)}\` (config \`${key}\`) selects it`);
  return cells.join('; ');
}

/** docs/reference/generated-output.md's plugin table (test/generator/plugin-registry.test.ts keeps it equal to this). */
export function pluginTable(registry: readonly Plugin[]): string {
  const rows = registry.map((p) => {
    const cells = [`\`${p.name}\``, cell(p.describe), p.dependencies.join(', '), optionCells(p)];
    return `| ${[...cells, p.default === true ? 'yes' : ''].join(' | ')} |`;
  });
  return ['| plugin | writes | needs (plugins) | options | default |', '|---|---|---|---|---|', ...rows].join('\n');
}
