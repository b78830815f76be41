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

export async function runAgainst(variant: Pick<Variant, 'hooks'>, only: string[], options: { strict?: boolean } = {}): Promise<SuiteSummary> {
  const running = await startVariant(variant);
  try {
    // The variants wrap the instant sandbox (seed §Events rule 5: delivered at once): short waits.
    const file = { name: 'conformance.yaml', value: { webhooks: { wait_seconds: 3, grace_seconds: 0.25 } } };
    return await runConformance(conformanceConfigFromArgv({ baseUrl: running.baseUrl, only, strict: options.strict }, SANDBOX_ENV, file));
  } finally {
    await running.close();
  }
}
