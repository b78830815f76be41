/** Runs the suite (live mode, sandbox clients) against one broken variant of the mock. */
import { conformanceConfigFromArgv } from '../../conformance/suites/api/config.js';
import { runConformance } from '../../conformance/suites/api/run-conformance.js';
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

export async function runAgainst(variant: Pick<Variant, 'hooks'>, only: string[], options: RunOptions = {}): Promise<SuiteSummary> {
  const running = await startVariant(variant);
  try {
    // The variants wrap the instant sandbox (seed §Events rule 5: delivered at once): short waits.
    const file = { name: 'conformance.yaml', value: { webhooks: { wait_seconds: 3, grace_seconds: 0.25 }, ...options.file } };
    return await runConformance(conformanceConfigFromArgv({ baseUrl: running.baseUrl, only, strict: options.strict, require: options.require }, SANDBOX_ENV, file));
  } finally {
    await running.close();
  }
}
