/**
 * Wall time of `cbp conformance` against live targets, as a partner runs it (the CLI, default
 * production timing unless told otherwise):
 *   (a) the whole suite against `cbp mock` behind a proxy that hides /_sandbox/, driven by the
 *       partner-style driver examples/driver/driver.mjs (`--require all`);
 *   (b) the whole suite against `cbp mock --mode realistic` (a stage every 2 s), sandbox driver.
 * BENCH_GRACE_SECONDS (default: the live default, 30) sets webhooks.grace_seconds for both.
 * Run: npm run build && npm run bench live-targets
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHiddenSandbox } from '../test/live-targets/hidden-sandbox.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cbp = path.join(root, 'bin/cbp.js');
const dir = mkdtempSync(path.join(tmpdir(), 'cbp-bench-live-'));
const grace = process.env.BENCH_GRACE_SECONDS;

/** Runs the CLI without blocking this process (the proxy and the mock of (a) answer from here). */
async function timed(label: string, args: string[], env: Record<string, string>): Promise<void> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [cbp, 'conformance', ...args], {
    env: { ...process.env, ...env, CI: '1' },
    cwd: root,
  });
  const r = { stdout: '', stderr: '', status: null as number | null };
  child.stdout.on('data', (c: Buffer) => {
    r.stdout += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    r.stderr += c.toString();
  });
  r.status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const s = (performance.now() - t0) / 1000;
  const total = /\d+ failed, .*cases in [\d.]+ s/.exec(r.stdout)?.[0] ?? r.stdout.slice(-400);
  const lifecycle = /^(PASS|FAIL|PART|SKIP|WARN) lifecycle .*$/m.exec(r.stdout)?.[0];
  console.log(`${label}: ${s.toFixed(1)} s wall, exit ${r.status}; ${total}${lifecycle ? `; ${lifecycle}` : ''}`);
  if (r.status !== 0) console.log(r.stdout.slice(-3000), r.stderr.slice(-2000));
}

try {
  // (a) hidden sandbox + partner driver
  const hidden = await startHiddenSandbox({ mode: 'instant' });
  const file = {
    ...hidden.file,
    driver: path.join(root, 'examples/driver/driver.mjs'),
    webhooks: grace ? { grace_seconds: Number(grace) } : {},
  };
  const config = path.join(dir, 'hidden.json');
  writeFileSync(config, JSON.stringify(file));
  await timed(
    '(a) proxy hiding /_sandbox/, examples/driver/driver.mjs, --require all',
    ['--base-url', hidden.proxy.url, '--config', config, '--require', 'all'],
    hidden.env,
  );
  await hidden.close();

  // (b) cbp mock --mode realistic, default stage delay (2 s)
  const mock = spawn(process.execPath, [cbp, 'mock', '--port', '0', '--mode', 'realistic'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    mock.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    mock.once('exit', () => reject(new Error(`cbp mock exited: ${out}`)));
  });
  const realistic = path.join(dir, 'realistic.json');
  writeFileSync(realistic, JSON.stringify(grace ? { webhooks: { grace_seconds: Number(grace) } } : {}));
  await timed(
    '(b) cbp mock --mode realistic (2 s a stage), sandbox driver, --require all',
    ['--base-url', baseUrl, '--config', realistic, '--require', 'all'],
    {
      CBP_CLIENT_ID: 'sandbox-client-a',
      CBP_CLIENT_SECRET: 'sandbox-secret-a',
      CBP_CLIENT_ID_2: 'sandbox-client-b',
      CBP_CLIENT_SECRET_2: 'sandbox-secret-b',
      CBP_API_KEY: 'sandbox-apikey-a',
    },
  );
  mock.kill('SIGTERM');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
