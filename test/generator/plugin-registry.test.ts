/**
 * A plugin is one folder and one registry line: the CLI's `--plugins` help, its epilogue, the
 * unknown-plugin hint and the documented plugin table (docs/reference/generated-output.md) are derived from the registry (api/plugins.ts).
 * The proof adds a throw-away plugin, written as a folder in a temp dir (its declaration, emitter
 * and template) plus one registry entry, and runs `cbp generate` with it.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { defineConfig, type UserConfig } from '../../api/define-config.js';
import { plugins } from '../../api/plugins.js';
import type { UserConfig as GenericConfig } from '../../generator/define-config.js';
import { pluginsHelp, pluginTable } from '../../generator/plugins/describe.js';
import { sharedPartials } from '../../generator/templates.js';
import { corePlugins, DEFAULT_PLUGINS } from '../../generator/plugins/index.js';
import type { Plugin } from '../../generator/plugins/plugin.js';
import { ROOT } from './helpers/compile-output.js';
import { recordingIO } from './helpers/io.js';

/** The documentation page that holds the plugin table between its markers. */
const PLUGIN_TABLE_PAGE = 'docs/reference/generated-output.md';
const README_TABLE = /<!-- plugin-table[^\n]*-->\n([\s\S]*?)\n<!-- \/plugin-table -->/;

describe('lists derived from the registry', () => {
  test("the documented plugin table (docs/reference/generated-output.md) is the registry's (a second hand-written list would drift)", () => {
    const readme = readFileSync(path.join(ROOT, PLUGIN_TABLE_PAGE), 'utf8');
    const expected = pluginTable(plugins);
    const actual = README_TABLE.exec(readme)?.[1];
    const fix = `${PLUGIN_TABLE_PAGE}'s plugin table differs from api/plugins.ts; put this between its markers:\n\n${expected}\n`;
    expect(actual, fix).toBe(expected);
  });

  test('every plugin has a one-line description; the defaults are the core plugins declared default', () => {
    for (const p of plugins) expect(p.describe, p.name).toMatch(/^[^\n]{10,}$/);
    expect(DEFAULT_PLUGINS).toEqual(corePlugins.filter((p) => p.default === true).map((p) => p.name));
    expect(DEFAULT_PLUGINS).toEqual(['types', 'operations', 'validators', 'client', 'server', 'node-http', 'fetch']);
    const core = 'types, operations, validators, client, server, node-http, fetch, hono, stubs, webhook-signing';
    const all = `${core}, payments`;
    const defaults = 'types,operations,validators,client,server,node-http,fetch';
    expect(pluginsHelp(plugins)).toBe(`Plugins to run (dependencies are added): ${all} (default: ${defaults})`);
  });
});

describe("the typed config (package export ./config) knows the kits' shorthands", () => {
  test('stateTable is a key of the composed config, not of the generic one', () => {
    const config = defineConfig({ spec: 'api.yaml', stateTable: 'states.yaml' });
    const key: keyof UserConfig = 'stateTable';
    // @ts-expect-error: generator/ declares only the generic keys (a kit adds its own in api/).
    const generic: keyof GenericConfig = 'stateTable';
    expect([config.stateTable, key, generic]).toEqual(['states.yaml', 'stateTable', 'stateTable']);
  });
});

describe('templates ship with the package', () => {
  test('every plugin\'s templates and the shared partials match package.json "files"', () => {
    const files = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { files: string[] }).files;
    // An entry is a folder (everything under it) or a glob whose `*` stays within one path segment.
    const patterns = files.map((f) => new RegExp(`^${f.replace(/\./g, '\\.').replace(/\*/g, '[^/]*')}(/.*)?$`));
    const shipped = (file: string) => patterns.some((p) => p.test(file));
    const folders = plugins.flatMap((p) => (p.templates === undefined ? [] : [p.templates]));
    const own = folders.flatMap((dir) => readdirSync(path.join(ROOT, dir)).map((f) => `${dir}/${f}`));
    const partials = sharedPartials().map((f) => path.relative(ROOT, f).split(path.sep).join('/'));
    const hbs = [...own, ...partials].filter((f) => f.endsWith('.hbs'));
    expect(hbs.length).toBeGreaterThan(folders.length);
    expect(partials.length).toBeGreaterThan(0);
    expect(hbs.filter((f) => !shipped(f))).toEqual([]);
    expect(shipped('generator/plugins/client/emit.ts')).toBe(false);
  });
});

describe('a throw-away plugin: one folder plus one registry line', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-plugin-'));
  afterAll(() => {
    vi.doUnmock('../../api/plugins.js');
    // The worker is shared (isolate: false): modules evaluated against the mocked registry stay
    // cached until reset, and a later file would see the throw-away plugin in its help and pages.
    vi.resetModules();
    rmSync(dir, { recursive: true, force: true });
  });
  // The folder: its declaration (with its emitter) and its template, nothing anywhere else.
  const folder = path.join(dir, 'greeting');
  mkdirSync(folder);
  const pluginType = JSON.stringify(pathToFileURL(path.join(ROOT, 'generator/plugins/plugin.js')).href);
  writeFileSync(
    path.join(folder, 'plugin.ts'),
    [
      `import type { Plugin } from ${pluginType};`,
      '',
      'export const greetingPlugin: Plugin = {',
      "  name: 'greeting',",
      "  describe: 'greeting.ts: the title of the document as a constant',",
      "  dependencies: ['operations'],",
      '  runtime: [],',
      `  templates: ${JSON.stringify(folder)},`,
      '  emitters: [',
      '    {',
      "      name: 'greeting',",
      "      emit: (ctx) => [{ path: 'greeting.ts', contents: ctx.render('greeting', { title: ctx.model.title }) }],",
      '    },',
      '  ],',
      '};',
      '',
    ].join('\n'),
  );
  writeFileSync(path.join(folder, 'greeting.hbs'), '{{!-- greeting.ts --}}\nexport const greeting = {{str title}};\n');
  copyFileSync(path.join(ROOT, 'test/fixtures/generator/small-3.1.yaml'), path.join(dir, 'api.yaml'));

  /** The folder's plugin, imported as a registry would. */
  const loadGreeting = async (): Promise<Plugin> => {
    const module = (await import(pathToFileURL(path.join(folder, 'plugin.ts')).href)) as { greetingPlugin: Plugin };
    return module.greetingPlugin;
  };

  /** The CLI with the registry line added (api/plugins.ts plus the folder's plugin). */
  async function cliWithGreeting() {
    vi.resetModules();
    const greetingPlugin = await loadGreeting();
    vi.doMock('../../api/plugins.js', async (original) => {
      const registry = (await original()) as { plugins: readonly Plugin[] };
      return { ...registry, plugins: [...registry.plugins, greetingPlugin] };
    });
    const { main } = await import('../../cli/main.js');
    return async (...args: string[]) => {
      const io = recordingIO(dir);
      return { code: await main(args, io), io };
    };
  }

  test('it is listed by `cbp generate --help` (the --plugins list and the epilogue)', async () => {
    const cbp = await cliWithGreeting();
    const { code, io } = await cbp('generate', '--help');
    expect(code).toBe(0);
    const help = io.stdout.join('\n');
    expect(help).toMatch(/--plugins[\s\S]*payments,\s+greeting \(default:/);
    expect(help).toMatch(/^ {2}greeting +greeting\.ts: the title of the document as a constant$/m);
  });

  test('selecting it runs its dependencies and emits its file from its own template', async () => {
    const cbp = await cliWithGreeting();
    const args = ['--spec', 'api.yaml', '--plugins', 'greeting', '--out', 'out', '--runtime', 'copy'];
    const { code, io } = await cbp('generate', ...args);
    expect(io.stderr.filter((l) => !/npm install|runtime dependencies|declare them/.test(l))).toEqual([]);
    expect(code).toBe(0);
    const greeting = readFileSync(path.join(dir, 'out/greeting.ts'), 'utf8');
    expect(greeting).toMatch(/DO NOT EDIT/);
    expect(greeting).toMatch(/^export const greeting = "[^"]+";$/m);
    expect(readFileSync(path.join(dir, 'out/operations.ts'), 'utf8')).toMatch(/export const operations = /);
  });

  test('an unknown plugin names it among the valid ones', async () => {
    const cbp = await cliWithGreeting();
    const { code, io } = await cbp('generate', '--spec', 'api.yaml', '--plugins', 'nope', '--out', 'out');
    expect(code).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/known plugins: .*payments, greeting/);
  });

  test('the documented table would list it', async () => {
    const table = pluginTable([...plugins, await loadGreeting()]);
    expect(table).toContain('| `greeting` | greeting.ts: the title of the document as a constant | operations |');
  });
});
