/**
 * `cbp mock` figures (printed, not asserted): start-up time (spawn until the URL
 * is printed, and until it answers HTTP), and throughput + p99 latency of
 * POST /v3/customers/{id}/payments under autocannon — compared with Prism's mock when a Prism
 * version that runs on this Node can be installed into a temp dir at bench time (never a
 * project dependency). Run: npm run build && npm run bench mock
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
// autocannon ships no types; the part used here is typed locally.
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<{
  requests: { average: number };
  latency: { p99: number; p50: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  '2xx': number;
}>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PRISM_VERSION = '5.14.2';
const DURATION_S = 5;
const CONNECTIONS = 10;
const BODY = JSON.stringify({
  purpose_of_transaction: 'PROPERTY_PURCHASE',
  amount: { currency: 'GBP', value: 100 },
  recipient_details: [{ recipient_id: 'rcp-a-1-gbp', amount: { currency: 'GBP', value: 100 } }],
});

interface Started {
  child: ChildProcess;
  baseUrl: string;
  printedMs: number;
  readyMs: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Spawns `cmd`, waits for `pattern` on stdout (if any) and for the first HTTP answer. Without a
 * pattern, stdout goes to /dev/null: Prism logs every request by default, and a pipe drained by
 * this process (which also runs autocannon) slowed Prism by ~20% and once stalled it into
 * timeouts. Discarding the output is Prism's best case; its logging work is still done. */
async function start(cmd: string, args: string[], port: number, pattern?: RegExp): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', pattern ? 'pipe' : 'ignore', 'pipe'] });
  let out = '';
  let printedMs = Number.NaN;
  // Output is kept only for start-up detection and error messages: Prism logs every request by
  // default, and growing a string with it would load this process (and autocannon in it).
  const keep = (c: Buffer): void => {
    if (out.length < 64 * 1024) out += c.toString();
  };
  child.stdout?.on('data', (c: Buffer) => {
    keep(c);
    if (Number.isNaN(printedMs) && pattern?.test(out)) printedMs = performance.now() - t0;
  });
  child.stderr!.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited (${child.exitCode}): ${out.slice(0, 500)}`);
    if (performance.now() - t0 > 120_000) throw new Error(`not ready after 120 s: ${out.slice(0, 500)}`);
    try {
      await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(500) });
      return { child, baseUrl, printedMs, readyMs: performance.now() - t0 };
    } catch {
      await new Promise((r) => setTimeout(r, 5));
    }
  }
}

async function stop(s: Started): Promise<void> {
  if (s.child.exitCode !== null) return;
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
  if (s.child.exitCode === null) s.child.kill('SIGKILL');
}

async function cannon(url: string, headers: Record<string, string>) {
  await autocannon({ url, method: 'POST', headers, body: BODY, connections: CONNECTIONS, duration: 1 }); // warm-up
  return autocannon({ url, method: 'POST', headers, body: BODY, connections: CONNECTIONS, duration: DURATION_S });
}

type CannonResult = Awaited<ReturnType<typeof autocannon>>;

/** Successful answers per second: a server that times out or errors is not credited for it
 * (autocannon's average counts every answer). */
function okPerSecond(r: CannonResult): number {
  return r['2xx'] / DURATION_S;
}

/** Figures of one autocannon run, with a warning when anything but 2xx came back. */
function describeRun(r: CannonResult): string {
  const line =
    `${okPerSecond(r).toFixed(0)} 2xx/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms ` +
    `(2xx ${r['2xx']}, non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts})`;
  return r.non2xx + r.errors + r.timeouts > 0
    ? `${line}  WARNING: not every request succeeded; this run's figures are doubtful`
    : line;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** `cbp --help`: what every command pays before its own work (commands load
 * their heavy modules inside run()). */
function benchHelp(): number {
  const cli = path.join(root, 'bin/cbp.js');
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [cli, '--help'], { cwd: root, encoding: 'utf8' });
    if (r.status !== 0 || !r.stdout.includes('cbp mock'))
      throw new Error(`cbp --help failed: ${r.stderr.slice(0, 300)}`);
    times.push(performance.now() - t0);
  }
  console.log(`cbp --help: ${median(times).toFixed(0)} ms (median of 5)`);
  return median(times);
}

const load = (): string =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** startSandbox in a bare node process: what the mock itself costs, without the CLI's other commands. */
async function benchLibraryStart(): Promise<number> {
  const script =
    `const { startSandbox } = await import(${JSON.stringify(path.join(root, 'dist/sandbox/index.js'))}); ` +
    `const m = await startSandbox({ port: Number(process.argv[1]) }); console.log('listening ` +
    `on ' + m.baseUrl); process.on('SIGTERM', () => m.close());`;
  const readies: number[] = [];
  for (let i = 0; i < 5; i++) {
    const port = await freePort();
    const s = await start(process.execPath, ['--input-type=module', '-e', script, String(port)], port, /listening on/);
    readies.push(s.readyMs);
    await stop(s);
  }
  console.log(
    `startSandbox in a bare node process: ${median(readies).toFixed(0)} ms to first HTTP answer (median of 5)`,
  );
  return median(readies);
}

/** The same load against a trivial node:http server: the ceiling of this machine + client. */
async function benchCeiling(): Promise<number> {
  const script =
    `import http from 'node:http'; http.createServer((q, r) => { const c = []; q.on('data', (d) => ` +
    `c.push(d)); q.on('end', () => { const t = Buffer.concat(c).toString(); const b = JSON.stringify({ ` +
    `echo: t ? JSON.parse(t).amount : null }); r.writeHead(201, { 'content-type': 'application/json', ` +
    `'content-length': Buffer.byteLength(b) }); r.end(b); }); }).listen(Number(process.argv[1]), '127.0.0.1');`;
  const port = await freePort();
  const s = await start(process.execPath, ['--input-type=module', '-e', script, String(port)], port);
  try {
    const r = await cannon(`${s.baseUrl}/`, { 'content-type': 'application/json' });
    console.log(
      `reference: a trivial node:http JSON echo server: ${describeRun(r)} ` +
        `(the ceiling of this machine with autocannon on the same cores)`,
    );
    return okPerSecond(r);
  } finally {
    await stop(s);
  }
}

async function benchCbp(): Promise<{ startMs: number; readyMs: number; rps: number; p99: number }> {
  const cli = path.join(root, 'bin/cbp.js');
  const starts: number[] = [];
  const readies: number[] = [];
  for (let i = 0; i < 5; i++) {
    const port = await freePort();
    const s = await start(process.execPath, [cli, 'mock', '--port', String(port)], port, /listening on http/);
    starts.push(s.printedMs);
    readies.push(s.readyMs);
    await stop(s);
  }
  const port = await freePort();
  const s = await start(process.execPath, [cli, 'mock', '--port', String(port)], port, /listening on http/);
  try {
    const tok = await fetch(`${s.baseUrl}/auth/oauth/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=sandbox-client-a&client_secret=sandbox-secret-a',
    });
    const { access_token } = (await tok.json()) as { access_token: string };
    const r = await cannon(`${s.baseUrl}/v3/customers/cust-a-1/payments`, {
      authorization: `Bearer ${access_token}`,
      'content-type': 'application/json',
    });
    console.log(
      `cbp mock: start-up ${median(starts).toFixed(0)} ms to printed URL, ` +
        `${median(readies).toFixed(0)} ms to first HTTP answer (median of 5)`,
    );
    console.log(
      `cbp mock: POST /v3/customers/{id}/payments (${CONNECTIONS} connections, ${DURATION_S} s): ${describeRun(r)}`,
    );
    return { startMs: median(starts), readyMs: median(readies), rps: okPerSecond(r), p99: r.latency.p99 };
  } finally {
    await stop(s);
  }
}

/** Installs Prism into a temp dir (cached between runs), or says why it cannot. */
function installPrism(): string | { skipped: string } {
  const engines = spawnSync('npm', ['view', `@stoplight/prism-cli@${PRISM_VERSION}`, 'engines.node'], {
    encoding: 'utf8',
  });
  const range = engines.stdout.trim();
  const major = Number(process.versions.node.split('.')[0]);
  const wants = Number(/>=\s*(\d+)/.exec(range)?.[1] ?? Number.NaN);
  if (engines.status !== 0) return { skipped: `npm view failed: ${engines.stderr.trim().split('\n')[0]}` };
  if (!(major >= wants))
    return { skipped: `@stoplight/prism-cli@${PRISM_VERSION} needs node ${range}, this is ${process.versions.node}` };
  const dir = path.join(tmpdir(), `cbp-bench-prism-${PRISM_VERSION}`);
  const bin = path.join(dir, 'node_modules/@stoplight/prism-cli/dist/index.js');
  if (!existsSync(bin)) {
    mkdirSync(dir, { recursive: true });
    console.log(`installing @stoplight/prism-cli@${PRISM_VERSION} into ${dir} (bench only, not a dependency)...`);
    const r = spawnSync(
      'npm',
      ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', `@stoplight/prism-cli@${PRISM_VERSION}`],
      { stdio: 'inherit' },
    );
    if (r.status !== 0 || !existsSync(bin)) return { skipped: 'npm install of Prism failed' };
  }
  return bin;
}

async function benchPrism(bin: string, silent: boolean): Promise<{ readyMs: number; rps: number; p99: number }> {
  const args = (port: number) => [
    bin,
    'mock',
    path.join(root, 'spec/openapi.yaml'),
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    ...(silent ? ['-v', 'silent'] : []),
  ];
  const readies: number[] = [];
  for (let i = 0; i < 3; i++) {
    const port = await freePort();
    const s = await start(process.execPath, args(port), port);
    readies.push(s.readyMs);
    await stop(s);
  }
  const port = await freePort();
  const s = await start(process.execPath, args(port), port);
  try {
    const r = await cannon(`${s.baseUrl}/v3/customers/cust-a-1/payments`, {
      authorization: 'Bearer any-token',
      'content-type': 'application/json',
    });
    const label = silent ? 'prism -v silent' : 'prism (default logging, output to /dev/null)';
    console.log(`${label}: start-up ${median(readies).toFixed(0)} ms to first HTTP answer (median of 3)`);
    console.log(`${label}: ${describeRun(r)}`);
    return { readyMs: median(readies), rps: okPerSecond(r), p99: r.latency.p99 };
  } finally {
    await stop(s);
  }
}

async function main(): Promise<void> {
  if (!existsSync(path.join(root, 'dist/cli/main.js'))) {
    console.log(
      'bench/mock: dist/cli/main.js is missing; run `npm run build` first (bin/cbp.js runs the compiled CLI)',
    );
    process.exitCode = 1;
    return;
  }
  console.log(
    `machine: ${os.cpus().length} cores, node ${process.versions.node}, load average ` +
      `${load()} (1/5/15 min); figures are noisy when other work shares the cores`,
  );
  benchHelp();
  const cbp = await benchCbp();
  const library = await benchLibraryStart();
  await benchCeiling();
  const prism = installPrism();
  if (typeof prism !== 'string') {
    console.log(`prism: not run (${prism.skipped}); only our figures above`);
    return;
  }
  try {
    await compareWithPrism(prism, cbp, library);
  } finally {
    console.log(`load average at the end: ${load()}`);
  }
}

async function compareWithPrism(
  prism: string,
  cbp: { readyMs: number; rps: number; p99: number },
  library: number,
): Promise<void> {
  for (const silent of [false, true]) {
    try {
      const p = await benchPrism(prism, silent);
      const label = silent ? 'vs prism -v silent' : 'vs prism (default logging, output to /dev/null)';
      console.log(
        `${label}: throughput x${(cbp.rps / p.rps).toFixed(1)} (goal >= 10), start-up ` +
          `${(cbp.readyMs / p.readyMs).toFixed(2)} of Prism's via \`cbp mock\`, ` +
          `${(library / p.readyMs).toFixed(2)} via startSandbox (goal <= 0.20), p99 ${cbp.p99} ` +
          `ms vs ${p.p99} ms`,
      );
    } catch (err) {
      console.log(`prism${silent ? ' -v silent' : ''}: could not run (${(err as Error).message.split('\n')[0]})`);
    }
  }
}

await main();
