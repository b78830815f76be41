/**
 * `cbp conformance consumer --url URL [--secret S] [--state-url URL] [--only ID|TAG...] [--skip ...]`: plays the
 * service against a partner's webhook endpoint (conformance/consumer/). Meant to be nested under
 * `cbp conformance` (cli/commands/conformance.ts) as its `consumer` subcommand.
 */
import { CbpError } from '../../lib/errors.js';
import type { ConsumerRunOptions } from '../../conformance/suites/consumer/run-consumer.js';
import { selectChecks } from '../../conformance/engine/select.js';
import { reportKinds } from '../../conformance/reporters/kinds.js';
import { camel } from '../../lib/options.js';
import { API_ONLY, type ConsumerArgv, consumerOptions } from '../options/conformance.js';
import type { ConsumerCheck } from '../../conformance/suites/consumer/check.js';
import type { CbpCommand } from '../command.js';
import { EXIT_FAILURE, EXIT_OK } from '../exit-code.js';
import { requireWebhookSecret } from '../../lib/webhook-secret.js';

export type { ConsumerArgv };

/** --check, --only and --skip → the consumer checks to run, in registry order (`registry`: the
 * consumer suite's checks, loaded by run()). */
export function consumerSelection(
  argv: ConsumerArgv,
  registry: readonly Pick<ConsumerCheck, 'id' | 'tags'>[],
): string[] | undefined {
  const flat = (v: string[] | undefined) =>
    (v ?? [])
      .flatMap((x) => String(x).split(','))
      .map((x) => x.trim())
      .filter(Boolean);
  const only = [...flat(argv.check), ...flat(argv.only)];
  const skip = flat(argv.skip);
  if (only.length === 0 && skip.length === 0) return undefined;
  const selected = selectChecks(registry, only, skip);
  if (selected.length === 0)
    throw new CbpError('E_USAGE', '--only/--skip leave no consumer check to run', {
      hint: `consumer checks: ${registry.map((c) => c.id).join(', ')}`,
    });
  return selected.map((c) => c.id);
}

/** argv (+ environment) → options; pure, so tests call it directly. */
export function consumerOptionsFromArgv(
  argv: ConsumerArgv,
  env: Record<string, string | undefined>,
): ConsumerRunOptions {
  const given = API_ONLY.filter((flag) => (argv as Record<string, unknown>)[camel(flag)] !== undefined);
  if (given.length > 0) {
    throw new CbpError(
      'E_USAGE',
      `--${given[0]} is an option of \`cbp conformance\` (the API suite), not of \`cbp conformance consumer\``,
      {
        hint:
          'cbp conformance consumer --url URL [--only ID|TAG] [--skip ID|TAG] ' +
          '[--check ID] [--state-url URL] [--strict] [--report KIND=PATH]',
      },
    );
  }
  // `--url` repeated names every instance of an endpoint behind a load balancer.
  const urls = (Array.isArray(argv.url) ? argv.url : argv.url === undefined ? [] : [argv.url]).map((u) =>
    httpUrl(u, '--url'),
  );
  const url = urls[0] ?? httpUrl(undefined, '--url');
  const secret = argv.secret ?? env.CBP_WEBHOOK_SECRET;
  if (!secret) {
    throw new CbpError('E_USAGE', 'no webhook signing secret', {
      hint: 'set CBP_WEBHOOK_SECRET (preferred: flags show in process lists) or pass --secret whsec_...',
    });
  }
  requireWebhookSecret(secret, { source: argv.secret !== undefined ? '--secret' : 'CBP_WEBHOOK_SECRET' });
  const options: ConsumerRunOptions = { url, secret, ...(urls.length > 1 ? { urls } : {}) };
  if (argv.stateUrl !== undefined) options.stateUrl = httpUrl(argv.stateUrl, '--state-url');
  if (argv.check && argv.check.length > 0) options.checks = argv.check;
  if (argv.strict === true) options.strict = true;
  if (argv.timeout !== undefined) options.timeoutMs = argv.timeout;
  return options;
}

function httpUrl(value: string | undefined, flag: string): string {
  if (!value) throw new CbpError('E_USAGE', `${flag} is required`, { hint: `${flag} http://127.0.0.1:8787/webhooks` });
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new CbpError('E_USAGE', `${flag} ${JSON.stringify(value)} is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new CbpError('E_USAGE', `${flag} must be an http(s) URL`);
  return value;
}

export const conformanceConsumerCommand: CbpCommand = {
  command: 'consumer',
  describe: "Test a partner's webhook endpoint: flows, duplicates, ordering, unknown payments, signatures",
  options: consumerOptions,
  builder: (y) => API_ONLY.reduce((h, flag) => h.hide(flag), y),
  async run(argv, io) {
    const args = argv as ConsumerArgv;
    // Loaded on use, so that `cbp --help` and the other commands do not pay for them.
    const [{ runConsumerConformance }, { consoleReporter, fileReporters }, { parseReportTargets }, { consumerChecks }] =
      await Promise.all([
        import('../../conformance/suites/consumer/run-consumer.js'),
        import('../../conformance/reporters/index.js'),
        import('../../conformance/engine/report-targets.js'),
        import('../../conformance/suites/consumer/checks/index.js'),
      ]);
    const options = consumerOptionsFromArgv(args, process.env);
    // --check, --only and --skip together, checked against the suite's registry.
    const checks = consumerSelection(args, consumerChecks);
    if (checks !== undefined) options.checks = checks;
    const reports = parseReportTargets(
      (args.report ?? []).flatMap((r) => r.split(',')),
      reportKinds(),
    );
    if (reports.some((r) => r.kind === 'har'))
      throw new CbpError(
        'E_USAGE',
        '--report har=PATH records a run of `cbp conformance` against a service; use junit, json or markdown here',
      );
    // The shared reporters of `cbp conformance` (conformance/reporters/).
    options.reporters = [consoleReporter({ write: io.out }), ...(await fileReporters(reports))];
    const summary = await runConsumerConformance(options);
    return summary.failed > 0 ? EXIT_FAILURE : EXIT_OK;
  },
};
