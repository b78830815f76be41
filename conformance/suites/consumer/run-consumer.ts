/**
 * `cbp conformance consumer`: plays the service against a partner's webhook endpoint and judges
 * the answers (and, with a state URL, the partner's records). Runs on the suite engine
 * (conformance/engine/run-suite.ts), so the same reporters (console, JSON, JUnit, Markdown) work.
 */
import type { StateTable } from '../../../kits/payments/state-table/index.js';
import { CbpError } from '../../../lib/errors.js';
import { loadStateTable } from '../../../kits/payments/state-table/index.js';
import { Redactor } from '../../engine/redact.js';
import { runSuite } from '../../engine/run-suite.js';
import type { Reporter, SuiteSummary } from '../../engine/types.js';
import type { ConsumerCheck } from './check.js';
import { consumerChecks } from './checks/index.js';
import { newRunId, type ConsumerContext, type ConsumerTarget } from './context.js';
import { deliverer, stateReader } from './http.js';

export interface ConsumerRunOptions extends ConsumerTarget {
  /** Run only these check ids. Default: all. */
  checks?: string[];
  reporters?: Reporter[];
  /** Fixed run id (tests); default: random. */
  runId?: string;
  /** Default: spec/payment-states.yaml. */
  table?: StateTable;
  /** Findings resting on an assumption are failures too. */
  strict?: boolean;
}

export function selectConsumerChecks(ids: string[] | undefined): ConsumerCheck[] {
  if (!ids || ids.length === 0) return consumerChecks;
  const known = new Map(consumerChecks.map((c) => [c.id, c]));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new CbpError('E_CHECK_UNKNOWN', `unknown consumer check ${unknown.join(', ')}`, {
      hint: `valid checks: ${[...known.keys()].join(', ')}`,
    });
  }
  return ids.map((id) => known.get(id)!);
}

export async function runConsumerConformance(options: ConsumerRunOptions): Promise<SuiteSummary> {
  const runId = options.runId ?? newRunId();
  // Deliveries signed with CBP_WEBHOOK_SECRET, and how many of them were refused.
  const signed = { sent: 0, refused: 0 };
  const deliver = deliverer(options);
  const counted: ConsumerContext['deliver'] = async (payload, o = {}) => {
    const d = await deliver(payload, o);
    if (o.secret === undefined && o.timestamp === undefined) {
      signed.sent++;
      if (d.status !== undefined && d.status >= 400 && d.status < 500) signed.refused++;
    }
    return d;
  };
  const ctx: ConsumerContext = {
    target: options,
    table: options.table ?? loadStateTable(),
    runId,
    startMs: Date.now() - 60_000,
    deliver: counted,
    ...(options.stateUrl ? { readState: stateReader({ ...options, stateUrl: options.stateUrl }) } : {}),
    paymentId: (scenario) => `cbpc-${runId}-${scenario}`,
  };
  const checks = selectConsumerChecks(options.checks).map((check) =>
    withReproduce(check, reproduceCommand(options, check.id)),
  );
  // The endpoint knows the signing secret and may echo it: no report shows it (engine/redact.ts).
  const redactor = new Redactor();
  redactor.learn(options.secret);
  return runSuite(checks, ctx, {
    target: options.url,
    reporters: options.reporters,
    strict: options.strict,
    scrub: (text) => redactor.text(text),
    notes: () => [
      ...(signed.sent > 0 && signed.refused === signed.sent
        ? [
            `every correctly signed delivery (${signed.sent}) was refused: the ` +
              `endpoint probably verifies with another secret than CBP_WEBHOOK_SECRET`,
          ]
        : []),
      ...(options.stateUrl
        ? []
        : [
            'final states not verified: only the answers were judged ' +
              '(pass --state-url to check what the endpoint recorded)',
          ]),
    ],
  });
}

/** Every failure of the check carries the command that re-runs it. */
function withReproduce(check: ConsumerCheck, reproduce: string): ConsumerCheck {
  return {
    ...check,
    async run(ctx) {
      const result = await check.run(ctx);
      return { ...result, failures: result.failures.map((f) => ({ ...f, reproduce })) };
    },
  };
}

/** The command line that re-runs one check; the secret is never part of it. */
export function reproduceCommand(options: ConsumerTarget, checkId: string): string {
  const state = options.stateUrl ? ` --state-url ${options.stateUrl}` : '';
  const urls = (options.urls ?? [options.url]).map((u) => ` --url ${u}`).join('');
  return `CBP_WEBHOOK_SECRET=<your secret> cbp conformance consumer${urls}${state} --check ${checkId}`;
}
