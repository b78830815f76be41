/**
 * `cbp conformance consumer`: plays the service against a partner's webhook endpoint and judges
 * the answers (and, with a state URL, the partner's records). Emits the runner's events so the
 * same reporters (console, JSON, JUnit, Markdown) work (conformance/runner/types.ts).
 */
import type { StateTable } from '../../../generator/ir/model.js';
import { CbpError } from '../../../lib/errors.js';
import { loadStateTable } from '../../../lib/state-table.js';
import type { CheckOutcome, Reporter, RunnerEvent, SuiteSummary } from '../../engine/types.js';
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
}

export function selectConsumerChecks(ids: string[] | undefined): ConsumerCheck[] {
  if (!ids || ids.length === 0) return consumerChecks;
  const known = new Map(consumerChecks.map((c) => [c.id, c]));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new CbpError('E_CHECK_UNKNOWN', `unknown consumer check ${unknown.join(', ')}`, { hint: `valid checks: ${[...known.keys()].join(', ')}` });
  }
  return ids.map((id) => known.get(id)!);
}

export async function runConsumerConformance(options: ConsumerRunOptions): Promise<SuiteSummary> {
  const checks = selectConsumerChecks(options.checks);
  const runId = options.runId ?? newRunId();
  const ctx: ConsumerContext = {
    target: options,
    table: options.table ?? loadStateTable(),
    runId,
    startMs: Date.now() - 60_000,
    deliver: deliverer(options),
    ...(options.stateUrl ? { readState: stateReader({ ...options, stateUrl: options.stateUrl }) } : {}),
    paymentId: (scenario) => `cbpc-${runId}-${scenario}`,
  };
  const reporters = options.reporters ?? [];
  const emit = async (event: RunnerEvent) => {
    for (const r of reporters) await r.handle(event);
  };
  const started = performance.now();
  await emit({ type: 'suite-start', target: options.url, checkIds: checks.map((c) => c.id) });
  const outcomes: CheckOutcome[] = [];
  for (const check of checks) {
    await emit({ type: 'check-start', checkId: check.id, title: check.title });
    const t0 = performance.now();
    const { failures, cases } = await check.run(ctx);
    const status = failures.some((f) => f.severity === 'error') ? 'failed' : failures.length > 0 ? 'warning' : 'passed';
    const reproduce = reproduceCommand(options, check.id);
    const outcome: CheckOutcome = {
      checkId: check.id,
      title: check.title,
      source: check.source,
      tags: check.tags,
      status,
      failures: failures.map((f) => ({ ...f, reproduce })),
      cases,
      durationMs: Math.round(performance.now() - t0),
    };
    outcomes.push(outcome);
    await emit({ type: 'check-finish', outcome });
  }
  const count = (s: CheckOutcome['status']) => outcomes.filter((o) => o.status === s).length;
  const summary: SuiteSummary = {
    target: options.url,
    outcomes,
    passed: count('passed'),
    failed: count('failed'),
    warnings: count('warning'),
    skipped: count('skipped'),
    durationMs: Math.round(performance.now() - started),
  };
  await emit({ type: 'suite-finish', summary });
  for (const r of reporters) await r.finish?.();
  return summary;
}

/** The command line that re-runs one check; the secret is never part of it. */
export function reproduceCommand(options: ConsumerTarget, checkId: string): string {
  const state = options.stateUrl ? ` --state-url ${options.stateUrl}` : '';
  return `CBP_WEBHOOK_SECRET=<your secret> cbp conformance consumer --url ${options.url}${state} --check ${checkId}`;
}
