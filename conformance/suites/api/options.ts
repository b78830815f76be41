/**
 * `cbp conformance`'s options, each declared once (lib/options.ts): the yargs builder, ConformanceArgv,
 * the `run:` section of conformance.yaml (its keys, schema and type: run-options.ts) and the reference
 * pages derive from this table. `config` is the option's key in `run:`; credentials have none (the
 * environment or flags only, never the file).
 */
import { type ArgvOf, type ConfigOf, configKey, type OptionTable } from '../../../lib/options.js';
import { BUILTIN_DRIVERS } from './drivers/builtin.js';

/** What the CLI supplies: the `--report` help (the reporters' kinds; this layer may not import them). */
export interface ConformanceContext {
  reportHelp: string;
}

const url = configKey<string>();
const count = configKey<number>();

export const conformanceOptions = {
  'base-url': {
    type: 'string',
    describe: 'API base URL of a live implementation (default: start the embedded mock)',
    config: url('base_url', { schema: { type: 'string', pattern: '^https?://' } }),
  },
  'auth-url': {
    type: 'string',
    describe: 'Authorization server URL (default: --base-url)',
    config: url('auth_url', { schema: { type: 'string', pattern: '^https?://' } }),
  },
  config: {
    type: 'string',
    describe:
      'conformance.yaml: customers, recipients, quotes, third parties, webhook receiver, and run options (run:)',
  },
  only: { type: 'string', array: true, describe: 'Run only these check ids or tags', config: 'only' },
  skip: { type: 'string', array: true, describe: 'Skip these check ids or tags', config: 'skip' },
  'include-operation': {
    type: 'string',
    array: true,
    describe: 'Judge only these operations (operation ids; repeatable or comma-separated)',
    config: 'include_operations',
  },
  'exclude-operation': {
    type: 'string',
    array: true,
    describe: 'Leave these operations out of the verdicts (operation ids)',
    config: 'exclude_operations',
  },
  'include-tag': {
    type: 'string',
    array: true,
    describe: "Judge only the operations with one of these tags (the document's tags)",
    config: 'include_tags',
  },
  'exclude-tag': {
    type: 'string',
    array: true,
    describe: 'Leave out the operations with one of these tags',
    config: 'exclude_tags',
  },
  'max-failures': {
    type: 'number',
    describe: 'Stop after N failures: the checks not yet run are reported as skipped',
    config: count('max_failures', { schema: { type: 'integer', minimum: 1 } }),
  },
  strict: {
    type: 'boolean',
    describe: "What the provider's service description does not show fails instead of warns (default: false)",
    config: 'strict',
  },
  'allow-partial': {
    type: 'boolean',
    describe:
      'Exit 0 even when the run judged nothing substantial (no rule exercised, or every operation answered 404/405; else exit 3)',
  },
  report: {
    type: 'string',
    array: true,
    describe: (ctx: ConformanceContext) => ctx.reportHelp,
    config: configKey<string[]>()('reports', {
      schema: { type: 'array', items: { type: 'string', pattern: '^[a-z]+=.+' } },
      note: '`KIND=PATH`, the path relative to the config file',
    }),
  },
  driver: {
    type: 'string',
    describe:
      `How payments are moved on the target: ${Object.keys(BUILTIN_DRIVERS).join(', ')}, ` +
      `or the path of an ES module (see examples/driver/); default: sandbox ` +
      `when the target answers /_sandbox/, else passive`,
  },
  require: {
    type: 'string',
    array: true,
    describe: 'Check ids or tags (or "all") whose skips are failures, e.g. --require lifecycle,sessions',
    config: 'require',
  },
  rate: {
    type: 'number',
    describe: 'Most requests per second sent to the target (default: unlimited)',
    config: count('rate', { schema: { type: 'number', exclusiveMinimum: 0 } }),
  },
  timeout: {
    type: 'number',
    describe: 'Per-request timeout in ms (default 10000)',
    config: count('timeout_ms', { schema: { type: 'integer', minimum: 1 } }),
  },
  deadline: {
    type: 'number',
    describe:
      'Seconds the whole run may take (default 1800); past it nothing more is sent, what did not run is not judged, exit 3',
    config: count('deadline_seconds', { schema: { type: 'number', exclusiveMinimum: 0 } }),
  },
  'client-id': { type: 'string', describe: 'Client id (default: $CBP_CLIENT_ID)' },
  'client-secret': {
    type: 'string',
    describe: 'Client secret (prefer $CBP_CLIENT_SECRET: flags show in process lists)',
  },
  'client-id-2': {
    type: 'string',
    describe: 'Second client id, for the cross-tenant case (default: $CBP_CLIENT_ID_2)',
  },
  'client-secret-2': { type: 'string', describe: 'Second client secret (default: $CBP_CLIENT_SECRET_2)' },
  'api-key': { type: 'string', describe: 'API key (default: $CBP_API_KEY)' },
  replay: {
    type: 'string',
    describe:
      'Judge a cassette of `cbp record` offline (no network beyond loopback): its recorded answers, webhooks ' +
      'and driver calls, with the recorded options; the verdicts are compared with the recorded ones',
  },
} as const satisfies OptionTable<ConformanceContext>;

/** `cbp conformance`'s flags as yargs gives them (credentials: flags override the environment). */
export type ConformanceArgv = ArgvOf<typeof conformanceOptions>;

/** The `run:` section of conformance.yaml. */
export type RunSection = ConfigOf<typeof conformanceOptions>;
