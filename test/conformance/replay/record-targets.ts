/**
 * Records the two targets of the replay criteria, for the slow test and bench/replay.ts: the
 * embedded sandbox in realistic mode (stages take time, as a real sandbox's do), and the
 * independent provider (its own ids, error body and delivery order) driven by the partner's
 * driver module, the way test/providers/independent/harness.ts runs it. Every server is stopped.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { conformanceConfigFromArgv } from '../../../conformance/suites/api/config.js';
import { type RecordResult, recordConformance } from '../../../conformance/suites/api/replay/record.js';
import { liveTarget } from '../../../conformance/suites/api/target.js';
import { SANDBOX_CLIENTS, startSandbox } from '../../../sandbox/index.js';
import { expiredTokenOf, providerEnv } from '../../providers/independent/harness.js';
import type { ProviderOptions } from '../../providers/independent/options.js';
import { startIndependentProvider } from '../../providers/independent/provider.js';

/** From the repository root (the bench runs compiled under dist/, the .mjs driver is not copied there). */
const PROVIDER_DIR = path.resolve('test/providers/independent');

export interface Recorded extends RecordResult {
  ms: number;
  /** The config of the run (a replay passes the same). */
  file?: { name: string; value: unknown };
}

/** `cbp mock --mode realistic` recorded as a partner records it: `--base-url`, its driver found at /_sandbox/. */
export async function recordRealisticSandbox(): Promise<Recorded> {
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', mode: 'realistic' });
  const [a, b] = SANDBOX_CLIENTS;
  const env = {
    CBP_CLIENT_ID: a.clientId,
    CBP_CLIENT_SECRET: a.clientSecret,
    CBP_CLIENT_ID_2: b.clientId,
    CBP_CLIENT_SECRET_2: b.clientSecret,
    CBP_API_KEY: a.apiKey,
  };
  try {
    const config = conformanceConfigFromArgv({ baseUrl: sandbox.baseUrl, authUrl: sandbox.authUrl }, env);
    const t0 = performance.now();
    const r = await recordConformance(config, { target: liveTarget(config) });
    return { ...r, ms: performance.now() - t0 };
  } finally {
    await sandbox.close();
  }
}

export async function recordIndependentProvider(options: ProviderOptions = {}): Promise<Recorded> {
  const provider = await startIndependentProvider(options);
  const env = providerEnv(provider, await expiredTokenOf(provider));
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    const value = parseYaml(readFileSync(path.join(PROVIDER_DIR, 'conformance.yaml'), 'utf8')) as Record<
      string,
      unknown
    >;
    value.driver = path.join(PROVIDER_DIR, 'driver.mjs');
    const file = { name: path.join(PROVIDER_DIR, 'conformance.yaml'), value };
    const config = conformanceConfigFromArgv(
      { baseUrl: provider.baseUrl, authUrl: provider.authUrl, require: ['all'] },
      process.env,
      file,
    );
    const t0 = performance.now();
    const r = await recordConformance(config, { target: liveTarget(config) });
    return { ...r, ms: performance.now() - t0, file };
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    await provider.close();
  }
}
