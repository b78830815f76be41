/** Runs the suite (live mode, sandbox clients) against one broken variant of the mock. */
import { conformanceConfigFromArgv } from '../../conformance/suites/api/config.js';
import { runConformance } from '../../conformance/suites/api/run-conformance.js';
import { liveTarget } from '../../conformance/suites/api/target.js';
import type { SuiteSummary } from '../../conformance/engine/types.js';
import type { Variant } from '../variants/catalogue.js';
import { startVariant } from '../variants/start-variant.js';

const SANDBOX_ENV = {
  CBP_CLIENT_ID: 'sandbox-client-a',
  CBP_CLIENT_SECRET: 'sandbox-secret-a',
  CBP_API_KEY: 'sandbox-apikey-a',
  CBP_CLIENT_ID_2: 'sandbox-client-b',
  CBP_CLIENT_SECRET_2: 'sandbox-secret-b',
};

export interface RunOptions {
  strict?: boolean;
  /** `--require`. */
  require?: string[];
  /** More keys of the config file (merged over the short webhook waits). */
  file?: Record<string, unknown>;
}

export async function runAgainst(
  variant: Pick<Variant, 'hooks' | 'publicHost'>,
  only: string[],
  options: RunOptions = {},
): Promise<SuiteSummary> {
  const running = await startVariant(variant);
  try {
    // The variants wrap the instant sandbox (seed §Events rule 5: delivered at once): short waits.
    const file = {
      name: 'conformance.yaml',
      value: { webhooks: { wait_seconds: 3, grace_seconds: 0.25 }, ...options.file },
    };
    const host = variant.publicHost;
    const baseUrl = host ? running.baseUrl.replace('//127.0.0.1:', `//${host}:`) : running.baseUrl;
    const config = conformanceConfigFromArgv(
      { baseUrl, only, strict: options.strict, require: options.require },
      SANDBOX_ENV,
      file,
    );
    return await runConformance(
      config,
      host ? { target: { ...liveTarget(config), fetch: mapHost(host, '127.0.0.1') } } : {},
    );
  } finally {
    await running.close();
  }
}

/** A fetch that sends requests for `host` to `address` (like curl --resolve), so a test never leaves 127.0.0.1. */
export function mapHost(host: string, address: string): typeof fetch {
  return (input, init) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (url.hostname === host) url.hostname = address;
    return fetch(url, init);
  };
}
