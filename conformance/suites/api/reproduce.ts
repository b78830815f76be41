/** The API suite's "reproduce with" commands for checks that are not one exchange (credentials stay in the
 * environment). */
import type { ConformanceConfig } from './config.js';

const q = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/** The suite command narrowed to one check: the config path that was used, or none. */
export function rerunFor(checkId: string, config: Pick<ConformanceConfig, 'target' | 'configPath' | 'strict'>): string {
  const strict = config.strict ? ' --strict' : '';
  const file = config.configPath ? ` --config ${q(config.configPath)}` : '';
  const target = config.target;
  if (target.kind === 'embedded') return `cbp conformance${file} --only ${checkId}${strict}`;
  const auth = target.authUrl !== target.baseUrl ? ` --auth-url ${target.authUrl}` : '';
  return `cbp conformance --base-url ${target.baseUrl}${auth}${file} --only ${checkId}${strict}`;
}

/** Where the $CBP_TOKEN of a curl line comes from: a token of the primary client, asked for as the runner does. */
export function tokenSourceLine(authUrl: string, tokenPath = '/auth/oauth/v2/token'): string {
  return (
    `CBP_TOKEN=$(curl -sS -X POST ${q(`${authUrl.replace(/\/$/, '')}${tokenPath}`)} -d ` +
    `grant_type=client_credentials --data-urlencode "client_id=$CBP_CLIENT_ID" --data-urlencode ` +
    `"client_secret=$CBP_CLIENT_SECRET" | ` +
    `node -pe 'JSON.parse(require("fs").readFileSync(0,"utf8")).access_token')`
  );
}
