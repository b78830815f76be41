/**
 * `cbp conformance consumer --url URL [--secret S] [--state-url URL] [--check ID...]`: plays the
 * service against a partner's webhook endpoint (conformance/consumer/). Meant to be nested under
 * `cbp conformance` (cli/commands/conformance.ts) as its `consumer` subcommand.
 */
import { CbpError } from '../../lib/errors.js';
import type { ConsumerRunOptions } from '../../conformance/suites/consumer/run-consumer.js';
import type { CbpCommand } from '../command.js';
import { EXIT_FAILURE, EXIT_OK } from '../exit-code.js';

export interface ConsumerArgv {
  url?: string | string[];
  secret?: string;
  stateUrl?: string;
  check?: string[];
  timeout?: number;
  report?: string[];
}

/** argv (+ environment) → options; pure, so tests call it directly. */
export function consumerOptionsFromArgv(argv: ConsumerArgv, env: Record<string, string | undefined>): ConsumerRunOptions {
  // `--url` repeated names every instance of an endpoint behind a load balancer.
  const urls = (Array.isArray(argv.url) ? argv.url : argv.url === undefined ? [] : [argv.url]).map((u) => httpUrl(u, '--url'));
  const url = urls[0] ?? httpUrl(undefined, '--url');
  const secret = argv.secret ?? env.CBP_WEBHOOK_SECRET;
  if (!secret) {
    throw new CbpError('E_USAGE', 'no webhook signing secret', { hint: 'set CBP_WEBHOOK_SECRET (preferred: flags show in process lists) or pass --secret whsec_...' });
  }
  if (!/^(whsec_)?[A-Za-z0-9+/]+={0,2}$/.test(secret)) {
    throw new CbpError('E_USAGE', 'the webhook secret is not "whsec_" followed by base64 (value not shown)', { hint: 'use the secret your endpoint verifies with' });
  }
  const options: ConsumerRunOptions = { url, secret, ...(urls.length > 1 ? { urls } : {}) };
  if (argv.stateUrl !== undefined) options.stateUrl = httpUrl(argv.stateUrl, '--state-url');
  if (argv.check && argv.check.length > 0) options.checks = argv.check;
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
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new CbpError('E_USAGE', `${flag} must be an http(s) URL`);
  return value;
}

export const conformanceConsumerCommand: CbpCommand = {
  command: 'consumer',
  describe: "Test a partner's webhook endpoint: flows, duplicates, ordering, unknown payments, signatures",
  builder: (y) =>
    y
      .option('url', { type: 'string', array: true, describe: 'Webhook endpoint to test; repeat it for each instance behind a load balancer' })
      .option('secret', { type: 'string', describe: 'whsec_ signing secret (default: $CBP_WEBHOOK_SECRET)' })
      .option('state-url', { type: 'string', describe: 'Base URL answering GET <state-url>/<payment_id> with {"status"} or 404' })
      .option('check', { type: 'string', array: true, describe: 'Run only these check ids' })
      .option('timeout', { type: 'number', describe: 'Per-request timeout in ms (default: 10000)' })
      .option('report', { type: 'string', array: true, describe: 'junit=PATH, json=PATH or markdown=PATH (repeatable)' }),
  async run(argv, io) {
    const args = argv as ConsumerArgv;
    // Loaded on use, so that `cbp --help` and the other commands do not pay for them.
    const [{ runConsumerConformance }, { consoleReporter, fileReporters }, { parseReportTargets }] = await Promise.all([
      import('../../conformance/suites/consumer/run-consumer.js'),
      import('../../conformance/reporters/index.js'),
      import('../../conformance/engine/report-targets.js'),
    ]);
    const options = consumerOptionsFromArgv(args, process.env);
    const reports = parseReportTargets((args.report ?? []).flatMap((r) => r.split(',')));
    if (reports.some((r) => r.kind === 'har'))
      throw new CbpError('E_USAGE', '--report har=PATH records a run of `cbp conformance` against a service; use junit, json or markdown here');
    // The shared reporters of `cbp conformance` (conformance/reporters/).
    options.reporters = [consoleReporter({ write: io.out }), ...fileReporters(reports)];
    const summary = await runConsumerConformance(options);
    return summary.failed > 0 ? EXIT_FAILURE : EXIT_OK;
  },
};
