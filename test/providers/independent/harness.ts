/**
 * Runs the whole API suite against the independent provider the way a partner does: its config
 * file, its driver module, credentials and the expired token in the environment, `--require all`.
 * In process through `runConformance` (the library entry), or through the bundled CLI in a child
 * process (the only way to hand the runner a private CA: NODE_EXTRA_CA_CERTS is read at start-up).
 */
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { conformanceConfigFromArgv } from '../../../conformance/suites/api/config.js';
import { runConformance } from '../../../conformance/suites/api/run-conformance.js';
import type { SuiteSummary } from '../../../conformance/engine/types.js';
import { type ProviderOptions, type RunningProvider, startIndependentProvider } from './provider.js';

export const HERE = path.dirname(fileURLToPath(import.meta.url));
export const CONFIG_PATH = path.join(HERE, 'conformance.yaml');
const REPO = path.resolve(HERE, '../../..');

export interface RunResult {
  summary: SuiteSummary;
  ms: number;
}

export function providerEnv(p: RunningProvider, expiredToken: string): Record<string, string> {
  return {
    CBP_CLIENT_ID: p.clients.primary.clientId,
    CBP_CLIENT_SECRET: p.clients.primary.clientSecret,
    CBP_CLIENT_ID_2: p.clients.secondary.clientId,
    CBP_CLIENT_SECRET_2: p.clients.secondary.clientSecret,
    CBP_EXPIRED_TOKEN: expiredToken,
    IND_PROVIDER_BASE_URL: p.baseUrl,
    IND_PROVIDER_AUTH_URL: p.authUrl,
  };
}

/** A POST from the test itself (node:https takes the private CA directly; the runner gets NODE_EXTRA_CA_CERTS). */
function post(url: string, body: string, headers: Record<string, string>, ca?: string): Promise<unknown> {
  const u = new URL(url);
  const send = u.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(u, { method: 'POST', headers, ...(ca ? { ca } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** An expired token of the primary client, from the provider's simulation endpoint (what a partner puts in
 * CBP_EXPIRED_TOKEN). */
export async function expiredTokenOf(p: RunningProvider, ca?: string): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: p.clients.primary.clientId,
    client_secret: p.clients.primary.clientSecret,
  }).toString();
  const t = (await post(
    `${p.authUrl}/auth/oauth/v2/token`,
    form,
    { 'content-type': 'application/x-www-form-urlencoded' },
    ca,
  )) as { access_token: string };
  const expired = (await post(
    `${p.baseUrl}/simulate/tokens/expired`,
    '{}',
    { authorization: `Bearer ${t.access_token}`, 'content-type': 'application/json' },
    ca,
  )) as {
    access_token: string;
  };
  return expired.access_token;
}

function withEnv(env: Record<string, string>): () => void {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  return () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}

export interface PartnerSetup {
  /**
   * The partner's driver has no createQuote (their provider's quote operation is not scripted):
   * the runner then uses the config's long-lived quote QT-GBPEUR-LONG for every conversion.
   */
  withoutCreateQuote?: boolean;
  /** Customers whose wallets are funded on the provider: marked `awaits_funds: false` in the config. */
  fundedCustomers?: string[];
  /** The partner's driver verifies the provider's own signature scheme (driver.mjs `verifyWebhook`). */
  driverVerifies?: boolean;
}

/** The config as parsed YAML, adjusted for `setup`; the driver path is made absolute (a derived driver lives in a temp
 * dir). */
export function partnerConfig(setup: PartnerSetup, dir: string): Record<string, unknown> {
  const value = parseYaml(readFileSync(CONFIG_PATH, 'utf8')) as Record<string, unknown> & { quotes: unknown[] };
  value.driver = path.join(HERE, 'driver.mjs');
  const funded = new Set(setup.fundedCustomers ?? []);
  if (funded.size > 0) {
    value.customers = (value.customers as Array<{ customer_id: string }>).map((c) =>
      funded.has(c.customer_id) ? { ...c, awaits_funds: false } : c,
    );
  }
  if (setup.withoutCreateQuote) {
    const derived = path.join(dir, 'driver-without-create-quote.mjs');
    writeFileSync(
      derived,
      `import base from ${JSON.stringify(pathToFileURL(path.join(HERE, 'driver.mjs')).href)};\nconst { ` +
        `createQuote, ...rest } = base;\nexport default { ...rest, name: ` +
        `'independent provider, no createQuote' };\n`,
    );
    value.driver = derived;
    value.quotes = [
      ...value.quotes,
      { quote_id: 'QT-GBPEUR-LONG', customer_id: 'CUS-7001', sell_currency: 'GBP', buy_currency: 'EUR' },
    ];
  }
  if (setup.driverVerifies) {
    const derived = path.join(dir, 'driver-verifying.mjs');
    const href = JSON.stringify(pathToFileURL(path.join(HERE, 'driver.mjs')).href);
    writeFileSync(
      derived,
      `import base, { verifyWebhook } from ${href};\n` +
        `export default { ...base, verifyWebhook, name: 'independent provider, own signature scheme' };\n`,
    );
    value.driver = derived;
  }
  return value;
}

/** The whole suite in process against a provider started with `options`; every server is stopped. */
export async function runInProcess(options: ProviderOptions, setup: PartnerSetup = {}): Promise<RunResult> {
  const provider = await startIndependentProvider(options);
  const dir = mkdtempSync(path.join(tmpdir(), 'cbp-independent-'));
  try {
    const restore = withEnv(providerEnv(provider, await expiredTokenOf(provider)));
    try {
      const value = partnerConfig(setup, dir);
      const config = conformanceConfigFromArgv(
        { baseUrl: provider.baseUrl, authUrl: provider.authUrl, require: ['all'] },
        process.env,
        { name: CONFIG_PATH, value },
      );
      const started = performance.now();
      const summary = await runConformance(config);
      return { summary, ms: performance.now() - started };
    } finally {
      restore();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await provider.close();
  }
}

/**
 * The same through `bin/cbp.js conformance` in a child process (the bundled CLI of `npm run
 * build`), `env` added to its environment (NODE_EXTRA_CA_CERTS for a private CA).
 */
export async function runViaCli(
  options: ProviderOptions,
  env: Record<string, string>,
  ca?: string,
  setup: PartnerSetup = {},
): Promise<RunResult & { exitCode: number | null; stderr: string }> {
  const provider = await startIndependentProvider(options);
  const dir = mkdtempSync(path.join(tmpdir(), 'cbp-independent-'));
  try {
    const report = path.join(dir, 'report.json');
    // JSON is YAML: the partner's config, adjusted for `setup`, beside the report.
    const configPath = path.join(dir, 'conformance.yaml');
    writeFileSync(configPath, JSON.stringify(partnerConfig(setup, dir)));
    const args = [
      'bin/cbp.js',
      'conformance',
      '--base-url',
      provider.baseUrl,
      '--auth-url',
      provider.authUrl,
      '--config',
      configPath,
      '--require',
      'all',
      '--report',
      `json=${report}`,
    ];
    const childEnv = { ...process.env, ...providerEnv(provider, await expiredTokenOf(provider, ca)), ...env };
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: REPO, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
    });
    child.stdout.resume();
    const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const ms = performance.now() - started;
    if (!existsSync(report))
      throw new Error(`cbp conformance exited ${exitCode} without a report:\n${stderr.slice(-2000)}`);
    const summary = JSON.parse(readFileSync(report, 'utf8')) as SuiteSummary;
    return { summary, ms, exitCode, stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await provider.close();
  }
}

/** `check: message` of every failure and every warning of a run. */
export function findings(s: SuiteSummary): { failures: string[]; warnings: string[] } {
  const failures = s.outcomes.flatMap((o) =>
    o.failures.filter((f) => f.severity !== 'warning').map((f) => `${o.checkId}: ${f.message}`),
  );
  const warnings = s.outcomes.flatMap((o) =>
    o.failures.filter((f) => f.severity === 'warning').map((f) => `${o.checkId}: ${f.message}`),
  );
  return { failures, warnings };
}
