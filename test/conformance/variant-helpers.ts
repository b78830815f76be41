/** Runs the suite (live mode, sandbox clients) against one broken variant of the mock. */
import { conformanceConfigFromArgv } from '../../conformance/suites/api/config.js';
import { runConformance } from '../../conformance/suites/api/run-conformance.js';
import type { SuiteSummary } from '../../conformance/engine/types.js';
import type { Variant } from '../variants/catalogue.js';
import { startVariant } from '../variants/start-variant.js';

const SANDBOX_ENV = { CBP_CLIENT_ID: 'sandbox-client-a', CBP_CLIENT_SECRET: 'sandbox-secret-a', CBP_CLIENT_ID_2: 'sandbox-client-b', CBP_CLIENT_SECRET_2: 'sandbox-secret-b' };

export async function runAgainst(variant: Variant, only: string[]): Promise<SuiteSummary> {
  const running = await startVariant(variant);
  try {
    return await runConformance(conformanceConfigFromArgv({ baseUrl: running.baseUrl, only }, SANDBOX_ENV));
  } finally {
    await running.close();
  }
}
