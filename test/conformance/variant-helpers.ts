/** Runs the suite (live mode, sandbox clients) against one broken variant of the mock. */
import { conformanceConfigFromArgv } from '../../conformance/suites/api/config.js';
import { runConformance } from '../../conformance/suites/api/run-conformance.js';
import type { SuiteSummary } from '../../conformance/engine/types.js';
import type { Variant } from '../variants/catalogue.js';
import { startVariant } from '../variants/start-variant.js';

const SANDBOX_ENV = { CBP_CLIENT_ID: 'sandbox-client-a', CBP_CLIENT_SECRET: 'sandbox-secret-a', CBP_CLIENT_ID_2: 'sandbox-client-b', CBP_CLIENT_SECRET_2: 'sandbox-secret-b' };

export async function runAgainst(variant: Pick<Variant, 'hooks'>, only: string[], options: { strict?: boolean } = {}): Promise<SuiteSummary> {
  const running = await startVariant(variant);
  try {
    const config = conformanceConfigFromArgv({ baseUrl: running.baseUrl, only, strict: options.strict }, SANDBOX_ENV);
    // The mock behind the proxy delivers instantly (seed §Events rule 5, sandbox half): a flow
    // that cannot settle (an event withheld for good) is judged after 3 s, not the live 30 s.
    config.webhooks.waitMs = 3000;
    return await runConformance(config);
  } finally {
    await running.close();
  }
}
