/**
 * The installed package: `npm pack`, install the tarball into a fresh project, import the Node
 * API by the package name, and run `cbp --version` there (ours, not the host project's).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROOT } from '../generator/helpers/compile-output.js';

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const runtime = JSON.parse(readFileSync(path.join(ROOT, 'packages/runtime/package.json'), 'utf8')) as {
  name: string;
  version: string;
};
const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-pack-'));
const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

beforeAll(() => {
  // The tarball packs dist/ as built (`npm run build`): running `prepack` (the build)
  // again here would recompile everything, minutes on a shared 2-core machine.
  if (!existsSync(path.join(ROOT, 'dist/api/index.js')) || !existsSync(path.join(ROOT, 'dist/cli-bundle')))
    throw new Error('dist/ is missing: run `npm run build` first');
  if (!existsSync(path.join(ROOT, 'packages/runtime/dist/client/create-client.js')))
    throw new Error('packages/runtime/dist/ is missing: run `npm run build` first');
  const pack = (cwd: string) =>
    npm(['pack', '--silent', '--ignore-scripts', '--pack-destination', dir], cwd).trim().split('\n').pop()!;
  // The toolkit depends on the runtime package at its version, which is not on the registry: the
  // tarball of this checkout stands for it, as both are published together.
  const tarballs = [pack(path.join(ROOT, 'packages/runtime')), pack(ROOT)];
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'host-app', version: '9.9.9', type: 'module', private: true }),
  );
  npm(['install', '--no-audit', '--no-fund', '--prefer-offline', ...tarballs.map((t) => path.join(dir, t))], dir);
}, 600_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the installed package', () => {
  test('exposes the Node API by its name', () => {
    const script =
      `const m = await import(${JSON.stringify(pkg.name)}); console.log(JSON.stringify(['generate', ` +
      `'startSandbox', 'startMock', 'runConformance', 'createWebhookConsumer', 'loadStateTable'].map((k) ` +
      `=> typeof m[k])), m.plugins.map((p) => p.name).includes('payments'));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8' });
    expect(out.trim()).toBe('["function","function","function","function","function","function"] true');
  });

  test(
    'generates a client from the packaged spec, and `cbp ' + "--version` prints our version, not the host project's",
    () => {
      const bin = path.join(dir, 'node_modules/.bin/cbp');
      expect(execFileSync(bin, ['--version'], { cwd: dir, encoding: 'utf8' }).trim()).toBe(pkg.version);
      const spec = `node_modules/${pkg.name}/spec/openapi.yaml`;
      const out = execFileSync(bin, ['generate', '--spec', spec, '--plugins', 'client', '--out', 'src/api'], {
        cwd: dir,
        encoding: 'utf8',
      });
      // The client imports its runtime from the runtime package (the default runtime mode).
      // Nothing else: the client core is the runtime package's own.
      expect(out).toContain(`runtime dependencies: ${runtime.name}@${runtime.version} (`);
      // --runtime copy copies the runtime's sources, which the toolkit ships.
      execFileSync(
        bin,
        ['generate', '--spec', spec, '--plugins', 'client', '--out', 'src/copied', '--runtime', 'copy'],
        {
          cwd: dir,
          encoding: 'utf8',
        },
      );
      expect(readFileSync(path.join(dir, 'src/copied/runtime/client/create-client.ts'), 'utf8')).toContain(
        'export function createCoreClient',
      );
    },
  );
});
