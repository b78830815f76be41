/**
 * The reference pages derived from the option tables (lib/options.ts): docs/reference/cli.md
 * (every command, its options, the exit codes of cli/exit-code.ts) and docs/reference/config.md
 * (the config file's keys, conformance.yaml's `run:` section), and the config file's JSON Schema.
 * test/cli/reference-pages.test.ts fails when the checked-in pages are stale; `npm run docs:cli`
 * rewrites them. Each renderer is a function of its inputs, so a page registry can list them.
 */
import { conformanceOptions } from '../../conformance/suites/api/options.js';
import { CONFIG_FILE_NAMES } from '../../generator/resolve-config.js';
import { type GenerateContext, generateConfigSchema, generateOptions } from '../../generator/options.js';
import { flagOf } from '../../generator/plugins/describe.js';
import { type OptionSpec, type OptionTable, optionRows } from '../../lib/options.js';
import type { CbpCommand } from '../command.js';
import { commands } from '../commands/index.js';
import { EXIT_CODES, USAGE_CODES } from '../exit-code.js';
import { choicesOf, describeOf } from './apply.js';
import { conformanceContext } from './conformance.js';

const HEADER = (what: string) =>
  `<!-- Generated from the option tables by ${what} (cli/options/reference.ts). ` +
  'Do not edit: `npm run docs:cli` rewrites it. -->';

/** Texts joined as sentences (a table's descriptions are phrases without a full stop). */
const sentences = (first: string, ...rest: string[]): string =>
  [first, ...rest].map((t, i) => (i < rest.length && !/\.$/.test(t) ? `${t}.` : t)).join(' ');

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function typeOf<Ctx>(spec: OptionSpec<Ctx>, ctx: Ctx): string {
  const choices = choicesOf(spec, ctx);
  const one = choices ? choices.map((c) => `\`${c}\``).join(' | ') : spec.type;
  return spec.array ? `${choices ? `(${one})` : one}[]` : one;
}

/** One command's options as a table (positionals first, as `<name>`). */
function optionTable<Ctx>(table: OptionTable<Ctx>, ctx: Ctx, extra: string[][] = []) {
  const rows: string[][] = [];
  for (const { flag, spec } of optionRows(table)) {
    if (spec.configOnly || spec.hidden || (spec.when && !spec.when(ctx))) continue;
    const name = spec.positional ? `\`<${flag}>\`` : `\`--${flag}\`${spec.alias ? ` (\`--${spec.alias}\`)` : ''}`;
    const key = typeof spec.config === 'string' ? spec.config : spec.config?.key;
    const notes = [...(spec.demand ? ['Required.'] : []), ...(key ? [`Config: \`${key}\`.`] : [])];
    const fallback = spec.default === undefined ? '' : `\`${String(spec.default)}\``;
    rows.push([name, typeOf(spec, ctx), fallback, sentences(describeOf(spec, ctx), ...notes)]);
  }
  rows.push(...extra);
  if (rows.length === 0) return ['No options.'];
  return [
    '| option | type | default | description |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ];
}

/** The options a command shows: its table, and what `before` adds (generate: the plugins' shorthands). */
function commandSection(c: CbpCommand, parents: string[], registry: GenerateContext): string[] {
  const name = ['cbp', ...parents, c.command].join(' ');
  const ctx = c.context?.();
  // The shorthands generate's `before` adds ahead of --plugins: listed after the table.
  const extra =
    c.command === 'generate'
      ? registry.flatMap((p) =>
          (p.shorthands ?? []).map((s) => [
            `\`--${flagOf(s.key)}\``,
            'string',
            '',
            sentences(s.describe, `Config: \`${s.key}\`.`),
          ]),
        )
      : [];
  const lines = [`## \`${name}\``, '', c.describe, '', ...optionTable(c.options ?? {}, ctx, extra), ''];
  const sub = (c.subcommands ?? []).flatMap((s) => commandSection(s, [...parents, c.command.split(' ')[0]!], registry));
  return [...lines, ...sub];
}

/** docs/reference/cli.md. `list`: the commands (default: the CLI's); their prepare() runs first
 * (generate loads the plugin registry its options read). */
export async function renderCliReference(list: readonly CbpCommand[] = commands): Promise<string> {
  for (const c of list) await c.prepare?.();
  const { plugins } = await import('../../api/plugins.js');
  const usage = [...USAGE_CODES].map((c) => `\`${c}\``).join(', ');
  const lines = [
    '# `cbp` command-line reference',
    '',
    HEADER('renderCliReference'),
    '',
    '## Exit codes',
    '',
    '| code | meaning |',
    '|---|---|',
    ...EXIT_CODES.map((e) => `| ${e.code} | ${cell(e.meaning)} |`),
    '',
    `Error codes that exit 2: ${usage}.`,
    '',
    ...list.flatMap((c) => commandSection(c, [], plugins)),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}

function configRows<Ctx>(table: OptionTable<Ctx>, ctx: Ctx): string[] {
  const rows: string[] = [];
  for (const { flag, spec, key } of optionRows(table)) {
    if (key === undefined) continue;
    const note = typeof spec.config === 'object' && spec.config.note ? spec.config.note : describeOf(spec, ctx);
    const flagCell = spec.configOnly ? '' : `\`--${flag}\``;
    rows.push(`| \`${key}\` | ${cell(typeOf(spec, ctx))} | ${flagCell} | ${cell(note)} |`);
  }
  return rows;
}

/** docs/reference/config.md: `table` (default generate's) and the registry's shorthands. */
export async function renderConfigReference(
  table: OptionTable<GenerateContext> = generateOptions,
  registry?: GenerateContext,
): Promise<string> {
  const plugins = registry ?? (await import('../../api/plugins.js')).plugins;
  const files = CONFIG_FILE_NAMES.map((n) => `\`${n}\``).join(', ');
  const shorthands = plugins.flatMap((p) =>
    (p.shorthands ?? []).map(
      (s) => `| \`${s.key}\` | string | \`--${flagOf(s.key)}\` | ${cell(`${s.describe} (plugin ${p.name})`)} |`,
    ),
  );
  const lines = [
    '# Config file reference',
    '',
    HEADER('renderConfigReference'),
    '',
    '## `cbp generate`: cbp.config',
    '',
    `The first of ${files} in the working directory, or \`--config FILE\`. One object, or a list of them ` +
      '(one output each). Paths are relative to the config file; a flag given on the command line wins over ' +
      'the file. Its JSON Schema: [cbp.config.schema.json](cbp.config.schema.json); a typed config: ' +
      '`defineConfig` from `cross-border-payments-toolkit/config`.',
    '',
    '| key | type | flag | description |',
    '|---|---|---|---|',
    ...configRows(table, plugins),
    ...shorthands,
    '',
    '## `cbp conformance --config FILE`: the `run:` section',
    '',
    'The run options of conformance.yaml (`run:`), under the flags. Credentials are never read from the file.',
    '',
    '| key | type | flag | description |',
    '|---|---|---|---|',
    ...configRows(conformanceOptions, conformanceContext()),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}

/** docs/reference/cbp.config.schema.json. */
export async function renderConfigSchema(
  table: OptionTable<GenerateContext> = generateOptions,
  registry?: GenerateContext,
): Promise<string> {
  const plugins = registry ?? (await import('../../api/plugins.js')).plugins;
  return `${JSON.stringify(generateConfigSchema(plugins, table), null, 2)}\n`;
}

/** The pages, by path relative to the repository root. */
export const REFERENCE_PAGES: Record<string, () => Promise<string>> = {
  'docs/reference/cli.md': () => renderCliReference(),
  'docs/reference/config.md': () => renderConfigReference(),
  'docs/reference/cbp.config.schema.json': () => renderConfigSchema(),
};
