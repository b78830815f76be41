import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { plugins } from '../../api/plugins.js';
import { resolveGenerateConfig } from '../../generator/resolve-config.js';
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

async function failure(argv: Parameters<typeof resolveGenerateConfig>[0]): Promise<CbpError> {
  const err = await resolveGenerateConfig(argv, cwd).catch((e: unknown) => e);
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

  test('no spec/openapi.yaml and no spec named (a partner project): the packaged contract, its overlay, state table and the payments kit', async () => {
    const shipped = (f: string) => path.relative(cwd, path.join(ROOT, f)).split(path.sep).join('/');
    const c = await resolveGenerateConfig({ out: 'src/api' }, cwd);
    expect(c).toMatchObject({ spec: shipped('spec/openapi.yaml'), overlays: [shipped('spec/rules.overlay.yaml')], out: 'src/api', clientFactoryName: 'createPaymentsClient' });
    expect(c.plugins).toContain('payments');
    expect(c.pluginOptions).toEqual({ payments: { stateTable: shipped('spec/payment-states.yaml') } });
    // The same by name, and chosen plugins are kept (the packaged state table still found).
    expect(await resolveGenerateConfig({ out: 'src/api', contract: 'cross-border-payments' }, cwd)).toEqual(c);
    const chosen = await resolveGenerateConfig({ plugins: 'client,payments', contract: 'cross-border-payments' }, cwd);
    expect(chosen.plugins).toEqual(['client', 'payments']);
    expect(chosen.pluginOptions).toEqual({ payments: { stateTable: shipped('spec/payment-states.yaml') } });
    expect((await resolveGenerateConfig({ plugins: 'client' }, cwd)).plugins).toEqual(['client']);
    // A project with a spec/ of its own keeps it; an unknown contract, or one beside --spec, is a usage error.
    write('spec/openapi.yaml', 'openapi: 3.1.0\n');
    expect((await resolveGenerateConfig({}, cwd)).spec).toBe('spec/openapi.yaml');
    expect((await failure({ contract: 'petstore' })).code).toBe('E_USAGE');
    expect((await failure({ contract: 'cross-border-payments', spec: 'x.yaml' })).code).toBe('E_USAGE');
  });

  test('another spec gets no default overlay', async () => {
    const c = await resolveGenerateConfig({ spec: 'other.yaml' }, cwd);
    expect(c.overlays).toEqual([]);
    expect(c.plugins).toBeUndefined();
  });

  test('plugins: names or { name, ...options }, path options relative to the config file; --state-table selects payments', async () => {
    write('conf/cbp.config.json', JSON.stringify({ plugins: ['client', { name: 'payments', stateTable: 'states.yaml' }] }));
    const c = await resolveGenerateConfig({ config: 'conf/cbp.config.json' }, cwd, plugins);
    expect(c).toMatchObject({ plugins: ['client', 'payments'], pluginOptions: { payments: { stateTable: 'conf/states.yaml' } } });
    const flag = await resolveGenerateConfig({ spec: 'other.yaml', stateTable: 't.yaml' }, cwd, plugins);
    expect(flag.plugins).toContain('payments');
    expect(flag.pluginOptions).toEqual({ payments: { stateTable: 't.yaml' } });
    write('conf/bad.json', JSON.stringify({ plugins: [{ stateTable: 'x' }] }));
    expect(await failure({ config: 'conf/bad.json' })).toMatchObject({ code: 'E_CONFIG', details: { pointer: '/plugins' } });
  });

  test('a discovered cbp.config.json overrides defaults; flags override it', async () => {
    write('cbp.config.json', JSON.stringify({ spec: 'api/doc.yaml', overlays: ['api/o.yaml'], out: 'gen', clientFactoryName: 'createPaymentsClient' }));
    expect(await resolveGenerateConfig({}, cwd)).toMatchObject({ spec: 'api/doc.yaml', overlays: ['api/o.yaml'], out: 'gen', clientFactoryName: 'createPaymentsClient' });
    const flagged = await resolveGenerateConfig({ out: 'elsewhere', overlay: ['a.yaml', 'b.yaml'], check: true }, cwd);
    expect(flagged).toMatchObject({ spec: 'api/doc.yaml', overlays: ['a.yaml', 'b.yaml'], out: 'elsewhere', check: true, clientFactoryName: 'createPaymentsClient' });
    expect((await resolveGenerateConfig({ overlay: [false] }, cwd)).overlays).toEqual([]);
  });

  test('paths in a config file are relative to that file (--config PATH)', async () => {
    write('conf/cbp.config.yaml', 'spec: ../api/doc.yaml\nout: ../gen\nstubs: handlers\nemitters: [types, operations]\n');
    const c = await resolveGenerateConfig({ config: 'conf/cbp.config.yaml' }, cwd);
    expect(c).toMatchObject({ spec: 'api/doc.yaml', out: 'gen', stubs: 'conf/handlers', plugins: ['types', 'operations'] });
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
    ['[1]', ''],
  ])('bad config %s is E_CONFIG at %j', async (text, pointer) => {
    write('cbp.config.json', text);
    const err = await failure({});
    expect(err.code).toBe('E_CONFIG');
    expect(err.details.pointer).toBe(pointer);
  });

  test('a missing --config file is E_FILE_NOT_FOUND; a broken one E_CONFIG', async () => {
    expect((await failure({ config: 'nope.json' })).code).toBe('E_FILE_NOT_FOUND');
    write('broken.yaml', 'spec: [\n');
    expect((await failure({ config: 'broken.yaml' })).code).toBe('E_CONFIG');
  });
});
