import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { plugins } from '../../api/plugins.js';
import { corePlugins } from '../../generator/plugins/index.js';
import { pathToFileURL } from 'node:url';
import { resolveGenerateConfig, resolveGenerateConfigs } from '../../generator/resolve-config.js';
import { CbpError } from '../../lib/errors.js';
import { ROOT } from './helpers/compile-output.js';

let cwd: string;
beforeEach(() => {
  cwd = mkdtempSync(path.join(os.tmpdir(), 'cbp-config-'));
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

const write = (name: string, text: string) => {
  mkdirSync(path.dirname(path.join(cwd, name)), { recursive: true });
  writeFileSync(path.join(cwd, name), text);
};

async function failure(argv: Parameters<typeof resolveGenerateConfig>[0], registry = plugins): Promise<CbpError> {
  const err = await resolveGenerateConfig(argv, cwd, registry).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(CbpError);
  return err as CbpError;
}

describe('resolveGenerateConfig: defaults < config file < flags', () => {
  test('defaults: our spec, its overlay, generated/, createApiClient, the default plugins', async () => {
    write('spec/openapi.yaml', 'openapi: 3.1.0\n');
    expect(await resolveGenerateConfig({}, cwd)).toEqual({
      spec: 'spec/openapi.yaml',
      overlays: ['spec/rules.overlay.yaml'],
      out: 'generated',
      check: false,
      clientFactoryName: 'createApiClient',
    });
  });

  test(
    'no spec/openapi.yaml and no spec named (a partner project): the ' +
      'packaged contract, its overlay, state table and the payments kit',
    async () => {
      const shipped = (f: string) => path.relative(cwd, path.join(ROOT, f)).split(path.sep).join('/');
      const c = await resolveGenerateConfig({ out: 'src/api' }, cwd, plugins);
      expect(c).toMatchObject({
        spec: shipped('spec/openapi.yaml'),
        overlays: [shipped('spec/rules.overlay.yaml')],
        out: 'src/api',
        clientFactoryName: 'createPaymentsClient',
      });
      expect(c.plugins).toContain('payments');
      expect(c.pluginOptions).toEqual({ payments: { stateTable: shipped('spec/payment-states.yaml') } });
      // The same by name, and chosen plugins are kept (the packaged state table still found).
      expect(await resolveGenerateConfig({ out: 'src/api', contract: 'cross-border-payments' }, cwd, plugins)).toEqual(
        c,
      );
      const both = { plugins: 'client,payments', contract: 'cross-border-payments' };
      const chosen = await resolveGenerateConfig(both, cwd, plugins);
      expect(chosen.plugins).toEqual(['client', 'payments']);
      expect(chosen.pluginOptions).toEqual({ payments: { stateTable: shipped('spec/payment-states.yaml') } });
      expect((await resolveGenerateConfig({ plugins: 'client' }, cwd, plugins)).plugins).toEqual(['client']);
      // A project with a spec/ of its own keeps it; an unknown contract, or one beside --spec, is a usage error.
      const wrong = await failure({ contract: 'petstore' });
      expect(wrong.message).toBe('--contract must be "cross-border-payments" (the contract this package ships)');
      // The contract, the shorthand and the packaged state table are the kit's: the core registry knows none.
      expect((await resolveGenerateConfig({ out: 'src/api' }, cwd, corePlugins)).spec).toBe('spec/openapi.yaml');
      const none = await failure({ contract: 'cross-border-payments' }, corePlugins);
      expect(none.message).toMatch(/no plugin of this registry ships a contract/);
      write('spec/openapi.yaml', 'openapi: 3.1.0\n');
      expect((await resolveGenerateConfig({}, cwd, plugins)).spec).toBe('spec/openapi.yaml');
      expect((await failure({ contract: 'petstore' })).code).toBe('E_USAGE');
      expect((await failure({ contract: 'cross-border-payments', spec: 'x.yaml' })).code).toBe('E_USAGE');
    },
  );

  test('another spec gets no default overlay', async () => {
    const c = await resolveGenerateConfig({ spec: 'other.yaml' }, cwd);
    expect(c.overlays).toEqual([]);
    expect(c.plugins).toBeUndefined();
  });

  test(
    'plugins: names or { name, ...options }, path options ' +
      'relative to the config file; --state-table selects payments',
    async () => {
      write(
        'conf/cbp.config.json',
        JSON.stringify({ plugins: ['client', { name: 'payments', stateTable: 'states.yaml' }] }),
      );
      const c = await resolveGenerateConfig({ config: 'conf/cbp.config.json' }, cwd, plugins);
      expect(c).toMatchObject({
        plugins: ['client', 'payments'],
        pluginOptions: { payments: { stateTable: 'conf/states.yaml' } },
      });
      const flag = await resolveGenerateConfig({ spec: 'other.yaml', stateTable: 't.yaml' }, cwd, plugins);
      expect(flag.plugins).toContain('payments');
      expect(flag.pluginOptions).toEqual({ payments: { stateTable: 't.yaml' } });
      write('conf/bad.json', JSON.stringify({ plugins: [{ stateTable: 'x' }] }));
      expect(await failure({ config: 'conf/bad.json' })).toMatchObject({
        code: 'E_CONFIG',
        details: { pointer: '/plugins' },
      });
    },
  );

  test('a discovered cbp.config.json overrides defaults; flags override it', async () => {
    write(
      'cbp.config.json',
      JSON.stringify({
        spec: 'api/doc.yaml',
        overlays: ['api/o.yaml'],
        out: 'gen',
        clientFactoryName: 'createPaymentsClient',
      }),
    );
    expect(await resolveGenerateConfig({}, cwd)).toMatchObject({
      spec: 'api/doc.yaml',
      overlays: ['api/o.yaml'],
      out: 'gen',
      clientFactoryName: 'createPaymentsClient',
    });
    const flagged = await resolveGenerateConfig({ out: 'elsewhere', overlay: ['a.yaml', 'b.yaml'], check: true }, cwd);
    expect(flagged).toMatchObject({
      spec: 'api/doc.yaml',
      overlays: ['a.yaml', 'b.yaml'],
      out: 'elsewhere',
      check: true,
      clientFactoryName: 'createPaymentsClient',
    });
    expect((await resolveGenerateConfig({ overlay: [false] }, cwd)).overlays).toEqual([]);
  });

  test('paths in a config file are relative to that file (--config PATH)', async () => {
    write(
      'conf/cbp.config.yaml',
      'spec: ../api/doc.yaml\nout: ../gen\nstubs: handlers\nemitters: [types, operations]\n',
    );
    const c = await resolveGenerateConfig({ config: 'conf/cbp.config.yaml' }, cwd);
    expect(c).toMatchObject({
      spec: 'api/doc.yaml',
      out: 'gen',
      stubs: 'conf/handlers',
      plugins: ['types', 'operations'],
    });
  });

  test('a .mjs config file is imported (default export)', async () => {
    write('cbp.config.mjs', "export default { spec: 'x.yaml', overlayMissingTarget: 'warn' };\n");
    expect(await resolveGenerateConfig({}, cwd)).toMatchObject({ spec: 'x.yaml', overlayMissingTarget: 'warn' });
  });

  test('discovery order: cbp.config.json before .yaml', async () => {
    write('cbp.config.json', '{"out": "from-json"}');
    write('cbp.config.yaml', 'out: from-yaml\n');
    expect((await resolveGenerateConfig({}, cwd)).out).toBe('from-json');
  });

  test('an unknown option in a config file is E_CONFIG with its pointer and the known options', async () => {
    write('cbp.config.json', '{"spec": "a.yaml", "outDir": "x"}');
    const err = await failure({});
    expect(err.code).toBe('E_CONFIG');
    expect(err.details).toMatchObject({ file: 'cbp.config.json', pointer: '/outDir' });
    expect(err.details.hint).toContain('out');
  });

  test.each([
    ['{"overlays": "one.yaml"}', '/overlays'],
    ['{"spec": 3}', '/spec'],
    ['{"overlayMissingTarget": "ignore"}', '/overlayMissingTarget'],
    ['{"runtime": "vendored"}', '/runtime'],
    ['{"clientFactoryName": "not-an-identifier"}', '/clientFactoryName'],
    ['{"format": "gofmt"}', '/format'],
    ['[1]', '/0'],
    ['[{"out": "a"}, {"out": "b", "spec": 3}]', '/1/spec'],
    ['[{"out": "a"}, {"out": "./a"}]', '/1/out'],
    ['[]', ''],
  ])('bad config %s is E_CONFIG at %j', async (text, pointer) => {
    write('cbp.config.json', text);
    const err = await failure({});
    expect(err.code).toBe('E_CONFIG');
    expect(err.details.pointer).toBe(pointer);
  });

  test(
    'allowRefOrigins: origins from the config file, normalized; ' +
      'the flag overrides; anything else is E_CONFIG at its entry',
    async () => {
      write(
        'cbp.config.json',
        JSON.stringify({ allowRefOrigins: ['https://Schemas.Example.com/', 'http://127.0.0.1:8080'] }),
      );
      expect((await resolveGenerateConfig({}, cwd)).allowRefOrigins).toEqual([
        'https://schemas.example.com',
        'http://127.0.0.1:8080',
      ]);
      expect((await resolveGenerateConfig({ allowRefOrigin: ['https://other.example'] }, cwd)).allowRefOrigins).toEqual(
        ['https://other.example'],
      );
      write('cbp.config.json', JSON.stringify({ allowRefOrigins: ['https://ok.example', 'file:///etc'] }));
      const err = await failure({});
      expect(err.code).toBe('E_CONFIG');
      expect(err.details.pointer).toBe('/allowRefOrigins/1');
    },
  );

  test('a missing --config file is E_FILE_NOT_FOUND; a broken one E_CONFIG', async () => {
    expect((await failure({ config: 'nope.json' })).code).toBe('E_FILE_NOT_FOUND');
    write('broken.yaml', 'spec: [\n');
    expect((await failure({ config: 'broken.yaml' })).code).toBe('E_CONFIG');
  });
});

describe('typed config (cbp.config.ts / .mts) and several outputs', () => {
  const defineConfigModule = JSON.stringify(pathToFileURL(path.resolve('api/define-config.ts')).href);

  test('cbp.config.ts with defineConfig, importing another module, is loaded; paths are relative to it', async () => {
    write('conf/shared.ts', "export const spec: string = '../api.yaml';\n");
    write(
      'conf/cbp.config.ts',
      [
        `import { defineConfig } from ${defineConfigModule};`,
        "import { spec } from './shared';",
        'interface Extra { out: string }',
        "const extra: Extra = { out: '../src/api' };",
        "export default defineConfig({ spec, ...extra, plugins: ['client', { name: " +
          "'payments', stateTable: 'states.yaml' }], runtime: 'copy', format: 'biome' });",
      ].join('\n'),
    );
    expect(await resolveGenerateConfig({ config: 'conf/cbp.config.ts' }, cwd, plugins)).toEqual({
      spec: 'api.yaml',
      overlays: [],
      out: 'src/api',
      check: false,
      clientFactoryName: 'createApiClient',
      plugins: ['client', 'payments'],
      pluginOptions: { payments: { stateTable: 'conf/states.yaml' } },
      runtime: 'copy',
      format: 'biome',
    });
  });

  test('cbp.config.mts is found in cwd; a list gives one config per output, flags applied to each', async () => {
    write(
      'cbp.config.mts',
      [
        `import { defineConfig } from ${defineConfigModule};`,
        'export default defineConfig([',
        "  { spec: 'api.yaml', out: 'src/client', plugins: ['client'] },",
        "  { spec: 'api.yaml', out: 'test/server', plugins: ['server', 'node-http'], stubs: 'test/handlers' },",
        ']);',
      ].join('\n'),
    );
    const configs = await resolveGenerateConfigs({ runtime: 'copy' }, cwd, plugins);
    expect(configs.map((c) => [c.out, c.plugins, c.stubs, c.runtime])).toEqual([
      ['src/client', ['client'], undefined, 'copy'],
      ['test/server', ['server', 'node-http'], 'test/handlers', 'copy'],
    ]);
    // One output expected: a list is refused with a hint.
    await expect(resolveGenerateConfig({}, cwd)).rejects.toMatchObject({
      code: 'E_CONFIG',
      details: { hint: expect.stringContaining('resolveGenerateConfigs') },
    });
    // --out cannot name one directory for several outputs.
    await expect(resolveGenerateConfigs({ out: 'x' }, cwd)).rejects.toMatchObject({
      code: 'E_USAGE',
      message: '--out cannot apply to the 2 outputs the config file lists',
    });
  });

  test('a typed config that does not load is one E_CONFIG line naming the file', async () => {
    write('cbp.config.ts', "import { nothing } from './missing';\nexport default { spec: nothing };\n");
    const err = await failure({});
    expect(err.code).toBe('E_CONFIG');
    expect(err.details.file).toBe('cbp.config.ts');
    expect(err.message).toMatch(/^cannot load cbp\.config\.ts: /);
    expect(err.message).not.toContain('\n');
  });

  test('a bad option in a typed config names its pointer', async () => {
    write('cbp.config.ts', "export default [{ out: 'a' }, { out: 'b', runtime: 'vendored' }];\n");
    const err = await failure({});
    expect(err.details).toMatchObject({ file: 'cbp.config.ts', pointer: '/1/runtime' });
  });
});
