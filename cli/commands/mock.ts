/**
 * `cbp mock [--port 4010] [--host 127.0.0.1] [--mode instant|realistic] [--auth-port N]`: a thin
 * shell over startSandbox (sandbox/). Prints the URLs, the sandbox-only credentials and the
 * fixtures, then serves until SIGINT/SIGTERM, logging one line per request on stderr (text, or
 * JSON with --log-format json; none with --quiet).
 */
import path from 'node:path';
import { CbpError } from '../../lib/errors.js';
import type { SandboxOptions, RunningSandbox } from '../../sandbox/index.js';
import { createTargetPolicy } from '../../sandbox/webhooks/target-policy.js';
import { corsOrigins } from '../../sandbox/http/cors.js';
import type { CbpCommand, CliIO } from '../command.js';
import { EXIT_OK } from '../exit-code.js';
import { type MockArgv, mockOptions } from '../options/mock.js';

export type { MockArgv };

/** Lifetimes are capped at a year of sandbox time, so every expiry stays a valid RFC 3339 date. */
const MAX_TTL_SECONDS = 366 * 24 * 3600;

/** argv → SandboxOptions; pure, so tests call it directly. `write` receives the request log. */
export function sandboxOptionsFromArgv(argv: MockArgv, write?: (line: string) => void): SandboxOptions {
  const o: SandboxOptions = { port: port(argv.port ?? 4010, '--port'), host: argv.host ?? '127.0.0.1' };
  if (argv.mode !== undefined) {
    if (argv.mode !== 'instant' && argv.mode !== 'realistic')
      throw new CbpError('E_USAGE', `--mode must be instant or realistic, not ${JSON.stringify(argv.mode)}`);
    o.mode = argv.mode;
  }
  if (argv.authPort !== undefined) o.authPort = port(argv.authPort, '--auth-port');
  if (argv.stageDelay !== undefined) o.stageDelayMs = nonNegative(argv.stageDelay, '--stage-delay');
  if (argv.tokenTtl !== undefined) o.tokenTtlSeconds = lifetime(argv.tokenTtl, '--token-ttl');
  if (argv.sessionTtl !== undefined) o.sessionTtlSeconds = lifetime(argv.sessionTtl, '--session-ttl');
  if (argv.logFormat !== undefined && argv.logFormat !== 'text' && argv.logFormat !== 'json') {
    throw new CbpError('E_USAGE', `--log-format must be text or json, not ${JSON.stringify(argv.logFormat)}`);
  }
  if (write && !argv.quiet) o.log = { format: argv.logFormat === 'json' ? 'json' : 'text', write };
  if (argv.chaosDuplicate !== undefined || argv.chaosReorder !== undefined || argv.chaosDelay !== undefined) {
    const rate = argv.chaosDuplicate ?? 0;
    if (!(rate >= 0 && rate <= 1)) throw new CbpError('E_USAGE', '--chaos-duplicate is a probability between 0 and 1');
    o.chaos = {
      duplicateRate: rate,
      reorderWindowMs: nonNegative(argv.chaosReorder ?? 0, '--chaos-reorder'),
      delayMs: nonNegative(argv.chaosDelay ?? 0, '--chaos-delay'),
      seed: argv.chaosSeed ?? 1,
    };
  }
  if (argv.retryInitial !== undefined || argv.retryMaxAttempts !== undefined) {
    o.retry = { initialDelayMs: argv.retryInitial, maxAttempts: argv.retryMaxAttempts };
  }
  if (argv.allowWebhookTarget !== undefined && argv.allowWebhookTarget.length > 0) {
    o.allowWebhookTargets = argv.allowWebhookTarget.map(String);
    createTargetPolicy(o.allowWebhookTargets); // a bad entry is a usage error now, not at start-up
  }
  if (argv.cors !== undefined && argv.cors.length > 0) o.corsOrigins = corsOrigins(argv.cors.map(String));
  return o;
}

function port(v: number, flag: string): number {
  if (!Number.isInteger(v) || v < 0 || v > 65535)
    throw new CbpError('E_USAGE', `${flag} must be a port number (0-65535; 0 = any free port)`);
  return v;
}

function lifetime(v: number, flag: string): number {
  if (!Number.isFinite(v) || v < 0 || v > MAX_TTL_SECONDS)
    throw new CbpError('E_USAGE', `${flag} must be a number of seconds from 0 to ${MAX_TTL_SECONDS} (a year)`);
  return v;
}

function nonNegative(v: number, flag: string): number {
  if (!Number.isFinite(v) || v < 0) throw new CbpError('E_USAGE', `${flag} must be a non-negative number`);
  return v;
}

/** What `cbp mock` prints: URLs first (the first line is what scripts wait for). */
export function describeSandbox(m: RunningSandbox): string[] {
  const lines = [
    `cbp mock listening on ${m.baseUrl}`,
    `  base URL: ${m.baseUrl}`,
    `  auth URL: ${m.authUrl}  (token endpoint ${m.tokenUrl})`,
    `  mode: ${m.options.mode}`,
    '  sandbox-only credentials (open nothing but this mock):',
  ];
  for (const c of m.fixtures.clients) {
    lines.push(
      `    client_id=${c.client_id} client_secret=${c.client_secret}${c.api_key ? ` apikey=${c.api_key}` : ''}`,
    );
    for (const cu of c.customers)
      lines.push(
        `      customer ${cu.customer_id} (wallet ` +
          `${cu.wallet_currency}${cu.status === 'active' ? '' : `, ${cu.status}`})`,
      );
  }
  lines.push('  recipients:');
  for (const r of m.fixtures.recipients) lines.push(`    ${r.recipient_id} ${r.customer_id} ${r.currency} ${r.status}`);
  for (const q of m.fixtures.quotes)
    lines.push(`  quote ${q.quote_id} ${q.customer_id} ${q.sell_currency}->${q.buy_currency} expires ${q.expires_at}`);
  for (const t of m.fixtures.third_parties) lines.push(`  third party ${t.client_customer_ref} of ${t.customer_id}`);
  lines.push(`  control API: ${m.baseUrl}/_sandbox/ (see sandbox/README.md); Ctrl-C to stop`);
  return lines;
}

export const mockCommand: CbpCommand = {
  command: 'mock',
  describe: 'Start the embedded sandbox of the whole service (API, token endpoint, webhooks, control API)',
  options: mockOptions,
  async run(argv, io) {
    if (typeof argv.replay === 'string') return serveReplay(argv.replay, argv as MockArgv, io);
    const options = sandboxOptionsFromArgv(argv as MockArgv, (line) => io.err(line));
    const { startSandbox } = await loadSandbox();
    const mock = await startSandbox(options);
    for (const line of describeSandbox(mock)) io.out(line);
    await untilSignal(io);
    await mock.close();
    return EXIT_OK;
  },
};

/** `cbp mock --replay FILE`: the cassette as a target until SIGINT/SIGTERM. */
async function serveReplay(file: string, argv: MockArgv, io: CliIO): Promise<number> {
  const [{ loadCassette }, { startReplayServer, REPLAY_CLIENT_SECRET }] = await Promise.all([
    import('../../conformance/suites/api/replay/cassette.js'),
    import('../../conformance/suites/api/replay/replay.js'),
  ]);
  const cassette = loadCassette(path.resolve(io.cwd, file));
  const server = await startReplayServer(cassette, {
    port: port(argv.port ?? 4010, '--port'),
    host: argv.host ?? '127.0.0.1',
    log: argv.quiet ? undefined : (line) => io.err(line),
  });
  io.out(`cbp mock replaying ${file} on ${server.baseUrl}`);
  io.out(`  base URL: ${server.baseUrl}`);
  io.out(`  auth URL: ${server.authUrl}`);
  const clients = cassette.target.clients;
  for (const id of [clients.primary, clients.secondary])
    if (id) io.out(`    client_id=${id} client_secret=${REPLAY_CLIENT_SECRET}`);
  io.out(`  recorded from ${cassette.target.name} at ${cassette.recordedAt}; Ctrl-C to stop`);
  await untilSignal(io);
  await server.close();
  return EXIT_OK;
}

/** Loaded on use: the mock imports generated/, which `cbp generate` must be able to rebuild, and
 * which a checkout may not have yet (a clear error then, not a stack). */
async function loadSandbox(): Promise<typeof import('../../sandbox/index.js')> {
  try {
    return await import('../../sandbox/index.js');
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ERR_MODULE_NOT_FOUND' && /[\\/]generated[\\/]/.test(e.message)) {
      throw new CbpError('E_FILE_NOT_FOUND', 'the mock runs on the generated code, which is missing', {
        file: 'generated/',
        hint: 'run `cbp generate` (and `npm run build` in a checkout of this repository)',
      });
    }
    throw err;
  }
}

function untilSignal(io: CliIO): Promise<void> {
  return new Promise((resolve) => {
    const stop = (signal: string): void => {
      io.err(`cbp mock: ${signal}, stopping`);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
