import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { main } from '../../cli/main.js';
import { ROOT } from './helpers/compile-output.js';
import { recordingIO } from './helpers/io.js';

const cwd = mkdtempSync(path.join(os.tmpdir(), 'cbp-cli-'));
copyFileSync(path.join(ROOT, 'test/fixtures/generator/small-3.1.yaml'), path.join(cwd, 'api.yaml'));
writeFileSync(
  path.join(cwd, 'cbp.config.json'),
  JSON.stringify({ spec: 'api.yaml', out: 'out', plugins: ['operations', 'webhook-signing'], runtime: 'copy' }),
);
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

async function cbp(...args: string[]) {
  const io = recordingIO(cwd);
  const code = await main(args, io);
  return { code, io };
}

describe('cbp CLI', () => {
  test('--help lists the commands', async () => {
    const { code, io } = await cbp('--help');
    expect(code).toBe(0);
    expect(io.stdout.join('\n')).toMatch(/cbp generate/);
  });

  test('an unknown command or option exits 2 with usage on stderr', async () => {
    for (const args of [['bogus'], [], ['generate', '--bogus']]) {
      const { code, io } = await cbp(...args);
      expect(code).toBe(2);
      expect(io.stderr[0]).toMatch(/^E_USAGE: /);
      expect(io.stderr.join('\n')).toContain('Options:');
    }
  });

  test('generate writes, --check passes, then detects a hand edit (exit 1, names the file)', async () => {
    expect((await cbp('generate')).code).toBe(0);
    const check = await cbp('generate', '--check');
    expect(check.code).toBe(0);
    const file = path.join(cwd, 'out/operations.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace('listPayments', 'listPaymentz'));
    const stale = await cbp('generate', '--check');
    expect(stale.code).toBe(1);
    expect(stale.io.stderr.join('\n')).toContain('stale: operations.ts');
  });

  test('an invalid document exits 1 with one line: code, file#pointer, no stack trace', async () => {
    writeFileSync(
      path.join(cwd, 'bad.yaml'),
      'openapi: 3.1.0\ninfo: { title: T, version: "1" }\npaths:\n ' +
        ' /a:\n    get:\n      responses:\n        "200": {}\n',
    );
    const { code, io } = await cbp('generate', '--spec', 'bad.yaml');
    expect(code).toBe(1);
    expect(io.stderr[0]).toMatch(/^E_SPEC_INVALID: .*\(at bad\.yaml#\/paths\/~1a\/get\/responses\/200\)/);
    expect(io.text()).not.toMatch(/\n\s+at /);
  });

  test('an unknown plugin exits 2 naming the valid ones; --emitters is an alias of --plugins', async () => {
    const { code, io } = await cbp('generate', '--emitters', 'operations,nope');
    expect(code).toBe(2);
    expect(io.stderr[0]).toMatch(/^E_CONFIG: unknown plugin "nope"/);
    expect(io.stderr.join('\n')).toMatch(/known plugins: types, operations, validators, client, server, .*payments/);
  });

  test(
    '--check fails when the nearest package.json lacks a ' + 'runtime dependency (a devDependency does not count)',
    async () => {
      const out = 'client-out';
      expect((await cbp('generate', '--plugins', 'client,validators', '--out', out)).io.stderr.join('\n')).toContain(
        'hint: npm install ajv@',
      );
      writeFileSync(
        path.join(cwd, 'package.json'),
        JSON.stringify({ name: 'app', devDependencies: { ajv: '8.20.0' } }),
      );
      const dev = await cbp('generate', '--plugins', 'client,validators', '--out', out, '--check');
      expect(dev.code).toBe(1);
      expect(dev.io.stderr.join('\n')).toMatch(
        /^E_RUNTIME_DEPENDENCIES: the generated code imports ajv@\S+ at run time, and package\.json does not declare them as dependencies$/m,
      );
      expect(dev.io.stderr.join('\n')).toContain('devDependencies only (removed by npm prune --omit=dev): ajv@');
      writeFileSync(path.join(cwd, 'package.json'), JSON.stringify({ name: 'app', dependencies: { ajv: '8.20.0' } }));
      expect((await cbp('generate', '--plugins', 'client,validators', '--out', out, '--check')).code).toBe(0);
      rmSync(path.join(cwd, 'package.json'));
    },
  );

  test(
    "--runtime package (over the config file's copy): the runtime " +
      'package is a run-time dependency, and the hint offers the copy',
    async () => {
      const out = 'package-out';
      const { version } = JSON.parse(readFileSync(path.join(ROOT, 'packages/runtime/package.json'), 'utf8')) as {
        version: string;
      };
      const runtime = `cross-border-payments-runtime@${version}`;
      const written = await cbp('generate', '--plugins', 'client', '--out', out, '--runtime', 'package');
      // The client core is the runtime's own: no other package at run time.
      expect(written.io.stdout.join('\n')).toContain(`runtime dependencies: ${runtime} (`);
      expect(readFileSync(path.join(cwd, out, 'client.ts'), 'utf8')).toContain(
        "from 'cross-border-payments-runtime/client'",
      );
      // A codegen tool is usually a devDependency: with this mode it has to be a dependency.
      writeFileSync(
        path.join(cwd, 'package.json'),
        JSON.stringify({
          name: 'app',
          devDependencies: { 'cross-border-payments-runtime': version },
        }),
      );
      const dev = await cbp('generate', '--plugins', 'client', '--out', out, '--runtime', 'package', '--check');
      expect(dev.code).toBe(1);
      const err = dev.io.stderr.join('\n');
      expect(err).toContain(`E_RUNTIME_DEPENDENCIES: the generated code imports ${runtime} at run time`);
      expect(err).toContain(`devDependencies only (removed by npm prune --omit=dev): ${runtime}`);
      expect(err).toContain('hint: or generate with --runtime copy (config: "runtime": "copy")');
      writeFileSync(
        path.join(cwd, 'package.json'),
        JSON.stringify({
          name: 'app',
          dependencies: { 'cross-border-payments-runtime': version },
        }),
      );
      expect((await cbp('generate', '--plugins', 'client', '--out', out, '--runtime', 'package', '--check')).code).toBe(
        0,
      );
      // The same output directory, switched back to the config file's copy: the copy is stale until written.
      expect((await cbp('generate', '--plugins', 'client', '--out', out, '--check')).code).toBe(1);
      rmSync(path.join(cwd, 'package.json'));
    },
  );

  test('a missing spec file exits 2', async () => {
    const { code, io } = await cbp('generate', '--spec', 'missing.yaml');
    expect(code).toBe(2);
    expect(io.stderr[0]).toMatch(/^E_FILE_NOT_FOUND: .*missing\.yaml/);
  });
});

describe('cbp generate with a typed config listing several outputs', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-cli-multi-'));
  copyFileSync(path.join(ROOT, 'test/fixtures/generator/small-3.1.yaml'), path.join(dir, 'api.yaml'));
  const defineConfig = JSON.stringify(pathToFileURL(path.join(ROOT, 'api/define-config.ts')).href);
  writeFileSync(
    path.join(dir, 'cbp.config.ts'),
    [
      `import { defineConfig } from ${defineConfig};`,
      "const spec = 'api.yaml';",
      'export default defineConfig([',
      "  { spec, out: 'client', plugins: ['operations'], runtime: 'copy' },",
      "  { spec, out: 'server', plugins: ['operations', 'webhook-signing'], runtime: 'copy' },",
      ']);',
    ].join('\n'),
  );
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = async (...args: string[]) => {
    const io = recordingIO(dir);
    return { code: await main(args, io), io };
  };

  test('each output is written, then --check passes for both and names the stale one', async () => {
    const written = await run('generate');
    expect(written.code).toBe(0);
    expect(written.io.stdout.filter((l) => / written, /.test(l)).map((l) => l.split(':')[0])).toEqual([
      'client',
      'server',
    ]);
    expect(existsSync(path.join(dir, 'client/operations.ts'))).toBe(true);
    expect(readdirSync(path.join(dir, 'server/runtime'), { recursive: true }).length).toBeGreaterThan(0);
    expect(existsSync(path.join(dir, 'client/runtime'))).toBe(false);
    expect((await run('generate', '--check')).code).toBe(0);
    writeFileSync(path.join(dir, 'server/operations.ts'), 'edited');
    const stale = await run('generate', '--check');
    expect(stale.code).toBe(1);
    expect(stale.io.stderr.join('\n')).toMatch(/E_STALE_OUTPUT: server is out of date/);
    expect(stale.io.stdout.join('\n')).toContain('client: ');
  });

  test('--out with several outputs exits 2 with one line and a hint; --watch with --check too', async () => {
    const out = await run('generate', '--out', 'x');
    expect(out.code).toBe(2);
    expect(out.io.stderr).toEqual([
      'E_USAGE: --out cannot apply to the 2 outputs the config file ' +
        'lists\n  hint: set out in each entry of cbp.config.ts instead',
    ]);
    const watch = await run('generate', '--watch', '--check');
    expect(watch.code).toBe(2);
    expect(watch.io.stderr[0]).toMatch(/^E_USAGE: --watch and --check cannot be combined\n {2}hint: /);
    // A flag mistake cannot be fixed by saving a file: --watch exits 2 at once, as without it.
    const format = await run('generate', '--watch', '--format', 'gofmt');
    expect(format.code).toBe(2);
    expect(format.io.stderr).toEqual([
      expect.stringMatching(/^E_USAGE: --format must be "prettier" or "biome"\n {2}hint: /),
    ]);
    const missing = await run('generate', '--watch', '--config', 'nope.config.ts');
    expect(missing.code).toBe(2);
    expect(missing.io.stderr[0]).toMatch(/^E_FILE_NOT_FOUND: config file nope\.config\.ts not found/);
  });
});
