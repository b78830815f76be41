// The `cbp` users run: bin/cbp.js loads the esbuild bundle of the compiled CLI
// (dist/cli-bundle/, made by `npm run build`), not the sources vitest imports elsewhere. These
// tests catch what only the bundle can break: a dependency that must stay external, a file
// located relative to the module, yargs' version and help text.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitForSandboxUrl } from '../sandbox/helpers/wait-for-url.js';

const BIN = 'bin/cbp.js';
const built = existsSync('dist/cli-bundle/main.js');
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

describe.runIf(built)('bin/cbp.js (the bundled CLI)', () => {
  it('prints the package version and the three commands', () => {
    const version = spawnSync(process.execPath, [BIN, '--version'], { encoding: 'utf8' });
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toBe(pkg.version);
    const help = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    for (const c of ['cbp generate', 'cbp mock', 'cbp conformance']) expect(help.stdout).toContain(c);
  });

  // The bundle's generator (templates precompiled by the build) gives what the sources give:
  // generated/ as `npm run generate` wrote it, which the golden test checks from the sources.
  it('runs `cbp generate --check` on this repository: generated/ is up to date', { timeout: 60_000 }, () => {
    const r = spawnSync(process.execPath, [BIN, 'generate', '--check'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^generated: \d+ files up to date$/m);
  });

  it('answers a usage error with E_USAGE and exit code 2, no stack trace', () => {
    const r = spawnSync(process.execPath, [BIN, 'mock', '--port', 'x'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('E_USAGE');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('runs `cbp mock`: a token, a payment, then a clean stop on SIGTERM', { timeout: 30_000 }, async () => {
    const child = spawn(process.execPath, [BIN, 'mock', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const { baseUrl } = await waitForSandboxUrl(child);
      const token = await fetch(`${baseUrl}/auth/oauth/v2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&client_id=sandbox-client-a&client_secret=sandbox-secret-a',
      });
      expect(token.status).toBe(200);
      const { access_token } = (await token.json()) as { access_token: string };
      const payment = await fetch(`${baseUrl}/v3/customers/cust-a-1/payments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          purpose_of_transaction: 'PROPERTY_PURCHASE',
          amount: { currency: 'GBP', value: 100 },
          recipient_details: [{ recipient_id: 'rcp-a-1-gbp', amount: { currency: 'GBP', value: 100 } }],
        }),
      });
      expect(payment.status).toBe(201);
      expect(((await payment.json()) as { status: string }).status).toBe('AWAITING_FUNDS');
    } finally {
      child.kill('SIGTERM');
    }
    const code = await new Promise<number | null>((resolve) =>
      child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (c) => resolve(c)),
    );
    expect(code).toBe(0);
  });

  it('runs `cbp generate --watch`: regenerates on a save, keeps going after a broken one, exits 0 on SIGINT', {
    timeout: 60_000,
  }, async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'cbp-bin-watch-'));
    copyFileSync('test/fixtures/generator/small-3.1.yaml', path.join(cwd, 'api.yaml'));
    const child = spawn(
      process.execPath,
      [path.resolve(BIN), 'generate', '--watch', '--spec', 'api.yaml', '--out', 'out', '--plugins', 'operations'],
      {
        cwd,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const until = async (test: () => boolean) => {
      const deadline = Date.now() + 30_000;
      while (!test() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(test()).toBe(true);
    };
    try {
      await until(() => stdout.includes('watching 1 file (Ctrl-C to stop)'));
      expect(stdout).toMatch(/^out: \d+ written, 0 unchanged, 0 removed/m);
      const original = readFileSync(path.join(cwd, 'api.yaml'), 'utf8');
      writeFileSync(path.join(cwd, 'api.yaml'), 'openapi: 3.1.0\ninfo: [\n');
      await until(() => stderr.includes('still watching'));
      expect(stderr).toMatch(/^E_SPEC_PARSE: /m);
      writeFileSync(path.join(cwd, 'api.yaml'), original.replace('listPayments', 'listAllPayments'));
      await until(() => (stdout.match(/^changed: api\.yaml$/gm) ?? []).length === 2 && /^out: 2 written/m.test(stdout));
      expect(readFileSync(path.join(cwd, 'out/operations.ts'), 'utf8')).toContain('listAllPayments');
    } finally {
      child.kill('SIGINT');
    }
    const code = await new Promise<number | null>((resolve) =>
      child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (c) => resolve(c)),
    );
    rmSync(cwd, { recursive: true, force: true });
    expect(code).toBe(0);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});

it.skipIf(built)('bin/cbp.js needs the build: run `npm run build`', () => {
  expect.fail(
    'dist/cli-bundle/main.js is missing: run `npm run build` (after npm ci in a clone; prepack before publishing)',
  );
});
