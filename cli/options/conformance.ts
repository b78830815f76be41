/**
 * The option tables of `cbp conformance`'s nested commands and of `cbp record` (lib/options.ts);
 * the API suite's own table is conformance/suites/api/options.ts (its `run:` section reads it).
 */
import { type ArgvOf, flagsOnlyIn, type OptionTable } from '../../lib/options.js';
import { conformanceOptions, type ConformanceContext } from '../../conformance/suites/api/options.js';
import { reportHelp, reportKinds, summaryReportKinds } from '../../conformance/reporters/kinds.js';

/** The context the API suite's table reads. */
export const conformanceContext = (): ConformanceContext => ({
  reportHelp: reportHelp(reportKinds(), { repeatable: true }),
});

export const eventsOptions = {
  log: {
    type: 'string',
    positional: true,
    describe: 'NDJSON file (one received event, or {payload}, per line) or a HAR from --report har=PATH',
  },
  strict: {
    type: 'boolean',
    default: false,
    describe: "What the provider's service description does not show fails instead of warns",
  },
  report: { type: 'string', array: true, describe: () => reportHelp(summaryReportKinds()) },
} as const satisfies OptionTable<void>;

export const consumerOptions = {
  url: {
    type: 'string',
    array: true,
    describe: 'Webhook endpoint to test; repeat it for each instance behind a load balancer',
  },
  secret: { type: 'string', describe: 'whsec_ signing secret (default: $CBP_WEBHOOK_SECRET)' },
  'state-url': {
    type: 'string',
    describe: 'Base URL answering GET <state-url>/<payment_id> with {"status"} or 404',
  },
  check: { type: 'string', array: true, describe: 'Run only these consumer check ids (as --only)' },
  only: {
    type: 'string',
    array: true,
    describe: 'Run only these consumer check ids or tags (flow, idempotency, ordering, security)',
  },
  skip: { type: 'string', array: true, describe: 'Skip these consumer check ids or tags' },
  strict: {
    type: 'boolean',
    describe: 'Findings resting on an assumption fail instead of warn (default: false)',
  },
  timeout: { type: 'number', describe: 'Per-request timeout in ms (default: 10000)' },
  report: {
    type: 'string',
    array: true,
    describe: () => reportHelp(summaryReportKinds(), { repeatable: true }),
  },
} as const satisfies OptionTable<void>;

/** `--url` also takes one URL from a caller of consumerOptionsFromArgv. */
export type ConsumerArgv = Omit<ArgvOf<typeof consumerOptions>, 'url'> & { url?: string | string[] };

/** Options of `cbp conformance` (yargs lists them under its subcommands too) that mean nothing
 * to an endpoint test: refused rather than silently ignored, and hidden from the consumer's help. */
export const API_ONLY: readonly string[] = flagsOnlyIn(conformanceOptions, consumerOptions);

export const recordOptions = {
  ...conformanceOptions,
  out: {
    type: 'string',
    demand: true,
    describe: 'Cassette to write (gzipped JSON; plain JSON when the name ends in .json)',
  },
} as const satisfies OptionTable<ConformanceContext>;

/** The help's last lines for `cbp conformance` and `cbp record`: the environment they read. */
export const CREDENTIALS_EPILOG =
  'Credentials: CBP_CLIENT_ID, CBP_CLIENT_SECRET, CBP_CLIENT_ID_2, CBP_CLIENT_SECRET_2, ' +
  'CBP_API_KEY, CBP_WEBHOOK_SECRET, CBP_EXPIRED_TOKEN (never printed).';
