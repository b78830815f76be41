/**
 * "Reproduce with" commands. Secrets are already redacted in the evidence; the command reads
 * the token from $CBP_TOKEN instead (`cbp` never prints one).
 */
import type { ConformanceConfig } from './config.js';
import type { RecordedExchange } from './recorder.js';
import { REDACTED } from './redact.js';

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function curlFor(x: RecordedExchange): string {
  const parts = ['curl', '-sS', '-X', x.request.method, q(x.request.url)];
  for (const [k, v] of Object.entries(x.request.headers)) {
    if (k === 'accept') continue;
    if (k === 'authorization' && v.includes(REDACTED)) parts.push('-H', '"Authorization: Bearer $CBP_TOKEN"');
    else if (k === 'apikey' && v === REDACTED) parts.push('-H', '"apikey: $CBP_API_KEY"');
    else parts.push('-H', q(`${k}: ${v}`));
  }
  const body = x.request.body;
  if (body !== undefined) parts.push('--data', q(typeof body === 'string' ? body : JSON.stringify(body)));
  return parts.join(' ');
}

/** The suite command narrowed to one check: the config path that was used, or none (credentials stay in the environment). */
export function rerunFor(checkId: string, config: Pick<ConformanceConfig, 'target' | 'configPath' | 'strict'>): string {
  const strict = config.strict ? ' --strict' : '';
  const file = config.configPath ? ` --config ${q(config.configPath)}` : '';
  const target = config.target;
  if (target.kind === 'embedded') return `cbp conformance${file} --only ${checkId}${strict}`;
  const auth = target.authUrl !== target.baseUrl ? ` --auth-url ${target.authUrl}` : '';
  return `cbp conformance --base-url ${target.baseUrl}${auth}${file} --only ${checkId}${strict}`;
}

/** Where the $CBP_TOKEN of a curl line comes from: a token of the primary client, asked for as the runner did. */
export function tokenSourceLine(authUrl: string, tokenPath = '/auth/oauth/v2/token'): string {
  return `CBP_TOKEN=$(curl -sS -X POST ${q(`${authUrl.replace(/\/$/, '')}${tokenPath}`)} -d grant_type=client_credentials --data-urlencode "client_id=$CBP_CLIENT_ID" --data-urlencode "client_secret=$CBP_CLIENT_SECRET" | node -pe 'JSON.parse(require("fs").readFileSync(0,"utf8")).access_token')`;
}
