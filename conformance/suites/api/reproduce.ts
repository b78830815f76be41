/** The API suite's "reproduce with" command for checks that are not one exchange (credentials stay in the environment). */
import type { ConformanceConfig } from './config.js';

/** The suite command narrowed to one check. */
export function rerunFor(checkId: string, target: ConformanceConfig['target']): string {
  if (target.kind === 'embedded') return `cbp conformance --only ${checkId}`;
  const auth = target.authUrl !== target.baseUrl ? ` --auth-url ${target.authUrl}` : '';
  return `cbp conformance --base-url ${target.baseUrl}${auth} --config conformance.yaml --only ${checkId}`;
}
