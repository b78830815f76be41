/**
 * `cbp conformance` options resolved into one complete config (STYLE.md: argv → config is a pure,
 * tested function). Credentials come from flags or the environment and are never printed; the
 * config file holds what the operations the seed does not show would give (customers,
 * recipients, quotes, third parties) and where the webhook receiver listens.
 */
import { CbpError } from '../../../lib/errors.js';
import type { ClientCredentials } from './tokens.js';
import { parseTargetFile, type TargetFile } from './config-file.js';
import { parseReportTargets, type ReportTarget } from '../../engine/report-targets.js';

export interface ConformanceConfig {
  /** embedded: the caller starts the sandbox and passes it as the Target; live: an implementation at baseUrl. */
  target: { kind: 'embedded' } | { kind: 'live'; baseUrl: string; authUrl: string };
  /** For a live target (the embedded sandbox's own come with its Target). */
  credentials: { primary?: ClientCredentials; secondary?: ClientCredentials; apiKey?: string; expiredToken?: string };
  /** From --config; for the embedded mock (or a sandbox) GET /_sandbox/fixtures fills it. */
  file?: TargetFile;
  /** Where the webhook receiver listens (always loopback unless the config says otherwise). */
  webhooks: { listenHost: string; listenPort: number; publicUrl?: string; secret?: string; waitMs: number };
  only: string[];
  skip: string[];
  /** Moves the seed does not show are failures instead of warnings. */
  strict: boolean;
  reports: ReportTarget[];
  /** Per request; default 10000 ms. */
  timeoutMs: number;
}

export interface ConformanceArgv {
  baseUrl?: string;
  authUrl?: string;
  config?: string;
  only?: string[];
  skip?: string[];
  strict?: boolean;
  report?: string[];
  timeout?: number;
  /** Flags override the environment (which is preferred: flags show in process lists). */
  clientId?: string;
  clientSecret?: string;
  clientId2?: string;
  clientSecret2?: string;
  apiKey?: string;
}

export type Env = Record<string, string | undefined>;

/** Pure: argv + environment + (already read) config file → config. */
export function conformanceConfigFromArgv(argv: ConformanceArgv, env: Env, configFile?: { name: string; value: unknown }): ConformanceConfig {
  const file = configFile ? parseTargetFile(configFile.value, configFile.name) : undefined;
  const live = argv.baseUrl !== undefined || argv.authUrl !== undefined;
  if (live && argv.baseUrl === undefined) throw new CbpError('E_USAGE', '--auth-url needs --base-url', { hint: 'cbp conformance --base-url URL --auth-url URL' });
  const primary = credentials(argv.clientId ?? env.CBP_CLIENT_ID, argv.clientSecret ?? env.CBP_CLIENT_SECRET, 'CBP_CLIENT_ID', 'CBP_CLIENT_SECRET');
  const secondary = credentials(argv.clientId2 ?? env.CBP_CLIENT_ID_2, argv.clientSecret2 ?? env.CBP_CLIENT_SECRET_2, 'CBP_CLIENT_ID_2', 'CBP_CLIENT_SECRET_2');
  if (live && !primary) {
    throw new CbpError('E_CONFIG', 'no client credentials for the live target', {
      hint: 'set CBP_CLIENT_ID and CBP_CLIENT_SECRET, or pass --client-id and --client-secret (values are never printed)',
    });
  }
  const listen = file?.webhooks?.listen ?? '127.0.0.1:0';
  const [host, port] = splitListen(listen, configFile?.name);
  return {
    target: live ? { kind: 'live', baseUrl: httpUrl(argv.baseUrl!, '--base-url'), authUrl: httpUrl(argv.authUrl ?? argv.baseUrl!, '--auth-url') } : { kind: 'embedded' },
    credentials: live ? { primary, secondary, apiKey: argv.apiKey ?? (env.CBP_API_KEY || undefined), expiredToken: env.CBP_EXPIRED_TOKEN || undefined } : {},
    file,
    webhooks: {
      listenHost: host,
      listenPort: port,
      publicUrl: file?.webhooks?.public_url,
      secret: env.CBP_WEBHOOK_SECRET || undefined,
      waitMs: (file?.webhooks?.wait_seconds ?? (live ? 30 : 3)) * 1000,
    },
    only: flat(argv.only),
    skip: flat(argv.skip),
    strict: argv.strict === true,
    reports: parseReportTargets(flat(argv.report)),
    timeoutMs: argv.timeout ?? 10_000,
  };
}

function credentials(id: string | undefined, secret: string | undefined, idName: string, secretName: string): ClientCredentials | undefined {
  if (!id && !secret) return undefined;
  if (!id || !secret) throw new CbpError('E_CONFIG', `${id ? secretName : idName} is missing (${id ? idName : secretName} is set)`, { hint: 'set both, or neither' });
  return { clientId: id, clientSecret: secret };
}

function httpUrl(value: string, flag: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CbpError('E_USAGE', `${flag} ${JSON.stringify(value)} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CbpError('E_USAGE', `${flag} must be an http(s) URL`);
  return value.replace(/\/+$/, '');
}

function splitListen(listen: string, file?: string): [string, number] {
  const m = /^(.+):(\d{1,5})$/.exec(listen);
  if (!m || Number(m[2]) > 65535) throw new CbpError('E_CONFIG', `webhooks.listen ${JSON.stringify(listen)} is not host:port`, { file, pointer: '/webhooks/listen' });
  return [m[1].replace(/^\[|\]$/g, ''), Number(m[2])];
}

/** yargs arrays may hold comma-separated values (`--only spec,auth`). */
function flat(values: string[] | undefined): string[] {
  return (values ?? [])
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}
