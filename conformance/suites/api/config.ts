/**
 * `cbp conformance` options resolved into one complete config (argv → config is a pure,
 * tested function, so every option is checked without spawning the CLI). Credentials come from flags or the environment
 * and are never printed; the config file holds what the operations the seed does not show would give (customers,
 * recipients, quotes, third parties) and where the webhook receiver listens.
 */
import path from 'node:path';
import { CbpError } from '../../../lib/errors.js';
import type { ClientCredentials } from './tokens.js';
import { parseTargetFile, type TargetFile } from './config-file.js';
import type { WebhookSchemeName } from './webhook-schemes.js';
import { parseReportTargets, type ReportTarget } from '../../engine/report-targets.js';
import { driverChoices } from './drivers/builtin.js';
import type { OperationFilter } from '../../engine/select.js';
import { withRunSection } from './run-options.js';
import type { ConformanceArgv } from './options.js';
import { DEFAULT_DEADLINE_SECONDS } from '../../engine/deadline.js';
import { requireWebhookSecret } from '../../../lib/webhook-secret.js';

export interface ConformanceConfig {
  /** embedded: the caller starts the sandbox and passes it as the Target; live: an implementation at baseUrl. */
  target: { kind: 'embedded' } | { kind: 'live'; baseUrl: string; authUrl: string };
  /** For a live target (the embedded sandbox's own come with its Target). */
  credentials: { primary?: ClientCredentials; secondary?: ClientCredentials; apiKey?: string; expiredToken?: string };
  /** From --config; for the embedded mock (or a sandbox) GET /_sandbox/fixtures fills it. */
  file?: TargetFile;
  /** The --config path as given, for "reproduce with" commands. */
  configPath?: string;
  /** Where the webhook receiver listens (always loopback unless the config says otherwise). */
  webhooks: {
    listenHost: string;
    listenPort: number;
    publicUrl?: string;
    secret?: string;
    /** Longest wait for a flow's next webhook (seed §Events rule 5: stages take seconds to minutes in production). */
    waitMs: number;
    /** Longest wait for PAYMENT_COMPLETED after the last PAYOUT_CREDITED; default: the state table's allowance (5
     * minutes). */
    completionMs?: number;
    /** Listening on after every flow settled, for events that must not come (after CANCELLED). */
    graceMs: number;
    /** `webhooks.scheme`: how deliveries are signed; undefined: by the headers each delivery carries. */
    scheme?: WebhookSchemeName;
  };
  /** `--driver` / `driver:`: sandbox, passive, or a module path (resolved against `base`). */
  driver?: { spec: string; base: string };
  /** `--require`: check ids or tags (or `all`) whose skips are failures. */
  require: string[];
  /** `--rate`: most requests per second. */
  rate?: number;
  /** Longest poll for a virtual account whose creation was only "initiated". */
  virtualAccountWaitMs: number;
  only: string[];
  skip: string[];
  /** `--include-operation`, `--exclude-operation`, `--include-tag`, `--exclude-tag` (engine/select.ts). */
  operations?: OperationFilter;
  /** `--max-failures N`: the checks after the N-th failure are skipped. */
  maxFailures?: number;
  /** Moves the seed does not show are failures instead of warnings. */
  strict: boolean;
  reports: ReportTarget[];
  /** Per request; default 10000 ms. */
  timeoutMs: number;
  /** `--deadline` / `run.deadline_seconds`: the whole run's limit (engine/deadline.ts); default 1800 s. */
  deadlineSeconds: number;
}

export type { ConformanceArgv };

export type Env = Record<string, string | undefined>;

/** Pure: argv + environment + (already read) config file → config. */
/** `reportKinds`: the valid `--report` kinds (the CLI passes the reporters' table); without it the
 * reporters refuse an unknown kind when they are made. */
export function conformanceConfigFromArgv(
  flags: ConformanceArgv,
  env: Env,
  configFile?: { name: string; value: unknown },
  reportKinds?: readonly string[],
): ConformanceConfig {
  const file = configFile ? parseTargetFile(configFile.value, configFile.name) : undefined;
  // The file's `run:` section (run-options.ts) under the flags.
  const argv = withRunSection(flags, file?.run, configFile?.name);
  const live = argv.baseUrl !== undefined || argv.authUrl !== undefined;
  if (live && argv.baseUrl === undefined)
    throw new CbpError('E_USAGE', '--auth-url needs --base-url', {
      hint: 'cbp conformance --base-url URL --auth-url URL',
    });
  const primary = credentials(
    argv.clientId ?? env.CBP_CLIENT_ID,
    argv.clientSecret ?? env.CBP_CLIENT_SECRET,
    'CBP_CLIENT_ID',
    'CBP_CLIENT_SECRET',
  );
  const secondary = credentials(
    argv.clientId2 ?? env.CBP_CLIENT_ID_2,
    argv.clientSecret2 ?? env.CBP_CLIENT_SECRET_2,
    'CBP_CLIENT_ID_2',
    'CBP_CLIENT_SECRET_2',
  );
  if (live && !primary) {
    throw new CbpError('E_CONFIG', 'no client credentials for the live target', {
      hint:
        'set CBP_CLIENT_ID and CBP_CLIENT_SECRET, or pass ' +
        '--client-id and --client-secret (values are never printed)',
    });
  }
  const listen = file?.webhooks?.listen ?? '127.0.0.1:0';
  const [host, port] = splitListen(listen, configFile?.name);
  return {
    target: live
      ? {
          kind: 'live',
          baseUrl: httpUrl(argv.baseUrl!, '--base-url'),
          authUrl: httpUrl(argv.authUrl ?? argv.baseUrl!, '--auth-url'),
        }
      : { kind: 'embedded' },
    credentials: live
      ? {
          primary,
          secondary,
          apiKey: argv.apiKey ?? (env.CBP_API_KEY || undefined),
          expiredToken: env.CBP_EXPIRED_TOKEN || undefined,
        }
      : {},
    file,
    ...(configFile ? { configPath: configFile.name } : {}),
    webhooks: {
      listenHost: host,
      listenPort: port,
      publicUrl: file?.webhooks?.public_url,
      secret: env.CBP_WEBHOOK_SECRET
        ? requireWebhookSecret(env.CBP_WEBHOOK_SECRET, { source: 'CBP_WEBHOOK_SECRET' })
        : undefined,
      // The embedded sandbox delivers at once (seed §Events rule 5); a live target gets minutes.
      waitMs: (file?.webhooks?.wait_seconds ?? (live ? 120 : 3)) * 1000,
      completionMs: seconds(file?.webhooks?.completion_seconds) ?? (live ? undefined : 3000),
      graceMs: (file?.webhooks?.grace_seconds ?? (live ? 30 : 0.25)) * 1000,
      ...(file?.webhooks?.scheme ? { scheme: file.webhooks.scheme } : {}),
    },
    driver: driverSpec(argv.driver, file?.driver, configFile?.name),
    require: flat(argv.require),
    rate: rate(argv.rate),
    virtualAccountWaitMs: (file?.virtual_accounts?.wait_seconds ?? (live ? 60 : 5)) * 1000,
    only: flat(argv.only),
    skip: flat(argv.skip),
    ...operationFilter(argv),
    ...(argv.maxFailures !== undefined ? { maxFailures: positiveInteger(argv.maxFailures, '--max-failures') } : {}),
    strict: argv.strict === true,
    reports: parseReportTargets(flat(argv.report), reportKinds),
    timeoutMs: argv.timeout ?? 10_000,
    deadlineSeconds: deadlineSeconds(argv.deadline),
  };
}

function operationFilter(argv: ConformanceArgv): { operations?: OperationFilter } {
  const filter: OperationFilter = {
    include: flat(argv.includeOperation),
    exclude: flat(argv.excludeOperation),
    includeTags: flat(argv.includeTag),
    excludeTags: flat(argv.excludeTag),
  };
  return Object.values(filter).some((v) => v.length > 0) ? { operations: filter } : {};
}

function positiveInteger(value: number, flag: string): number {
  if (!Number.isInteger(value) || value < 1)
    throw new CbpError('E_USAGE', `${flag} must be a whole number of at least 1`, {
      hint: `${flag} 1 stops at the first failure`,
    });
  return value;
}

const seconds = (s: number | undefined) => (s === undefined ? undefined : s * 1000);

/** `--driver` wins over `driver:`; a module path in the config file is relative to that file. */
function driverSpec(
  flag: string | undefined,
  inFile: string | undefined,
  file: string | undefined,
): ConformanceConfig['driver'] {
  if (flag !== undefined && flag.trim() === '')
    throw new CbpError('E_USAGE', `--driver needs a value: ${driverChoices()}`);
  if (flag) return { spec: flag, base: process.cwd() };
  if (inFile) return { spec: inFile, base: file ? path.dirname(path.resolve(file)) : process.cwd() };
  return undefined;
}

function deadlineSeconds(value: number | undefined): number {
  if (value === undefined) return DEFAULT_DEADLINE_SECONDS;
  if (!Number.isFinite(value) || value <= 0)
    throw new CbpError('E_USAGE', '--deadline must be a positive number of seconds', {
      hint: `the default, ${DEFAULT_DEADLINE_SECONDS} s, is sized for a live sandbox`,
    });
  return value;
}

function rate(value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value <= 0)
    throw new CbpError('E_USAGE', '--rate must be a positive number of requests per second');
  return value;
}

function credentials(
  id: string | undefined,
  secret: string | undefined,
  idName: string,
  secretName: string,
): ClientCredentials | undefined {
  if (!id && !secret) return undefined;
  if (!id || !secret)
    throw new CbpError('E_CONFIG', `${id ? secretName : idName} is missing (${id ? idName : secretName} is set)`, {
      hint: 'set both, or neither',
    });
  return { clientId: id, clientSecret: secret };
}

function httpUrl(value: string, flag: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CbpError('E_USAGE', `${flag} ${JSON.stringify(value)} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CbpError('E_USAGE', `${flag} must be an http(s) URL`);
  return value.replace(/\/+$/, '');
}

function splitListen(listen: string, file?: string): [string, number] {
  const m = /^(.+):(\d{1,5})$/.exec(listen);
  if (!m || Number(m[2]) > 65535)
    throw new CbpError('E_CONFIG', `webhooks.listen ${JSON.stringify(listen)} is not host:port`, {
      file,
      pointer: '/webhooks/listen',
    });
  return [m[1].replace(/^\[|\]$/g, ''), Number(m[2])];
}

/** yargs arrays may hold comma-separated values (`--only spec,auth`). */
function flat(values: string[] | undefined): string[] {
  return (values ?? [])
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}
