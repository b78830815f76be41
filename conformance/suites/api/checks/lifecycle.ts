/**
 * lifecycle: the webhooks of real flows, received on the runner's receiver, judged against the
 * state table and the §Events invariants by the event-log judge (the same library as `cbp
 * conformance events`), plus each payload against the webhook schema and rules. Signatures are
 * verified by the receiver. The flows are driven by the run's driver and waited for as the seed
 * says production behaves (live/flow-wait.ts); a flow the driver cannot move is judged as far as
 * the target took it by itself, and reported as a skipped case saying how far and why.
 */
import type { ConformanceCheck, RunContext } from '../context.js';
import { judgedPayload, judgeEvents, type PaymentExpectation } from '../../events/event-judge.js';
import { webhooksFor } from '../payment-webhooks.js';
import { rerunFor } from '../reproduce.js';
import { seed } from '../../../engine/provenance.js';
import type { CaseRecord, Failure, Provenance } from '../../../engine/types.js';
import { flowRecords } from '../live/flow-report.js';
import { flowTiming, waitForFlows } from '../live/flow-wait.js';
import { startFlows } from './lifecycle-flows.js';
import { fail } from './util.js';

export const lifecycleCheck: ConformanceCheck = {
  id: 'lifecycle',
  title: 'Payment webhooks follow the state table',
  source: 'States and transitions; Events (consumer rules 1-5); Reconciliation identifiers; Limits',
  severity: 'error',
  tags: ['webhooks', 'stateful'],
  /** The rule ids its failures cite that no overlay or event rule defines (`cbp rules`). */
  rules: {
    'lifecycle.flow-started': {
      title: 'Payment creation leads to status events',
      provenance: seed('Events', 'Payment creation (API or hosted session) leads to the status events below'),
    },
  },
  async run(ctx) {
    if (!ctx.receiver || (!ctx.driver.subscribeWebhooks && !ctx.config.webhooks.publicUrl)) {
      return {
        cases: 0,
        failures: [],
        skipped:
          `no webhook can reach the runner: the ${ctx.driver.name} driver ` +
          `has no subscribeWebhooks() and webhooks.public_url is not set`,
        skipEnable:
          'a driver with subscribeWebhooks() (--driver PATH), or ' +
          'webhooks.public_url in the config, subscribed by hand to the target',
      };
    }
    const { started, problems, skipped } = await startFlows(ctx);
    const failures: Failure[] = problems.map((p) =>
      p.res
        ? {
            ...fail(this.id, p.res, p.message, 'lifecycle.flow-started', 'error', p.name),
            provenance: seed('Events', 'Payment creation (API or hosted session) leads to the status events below'),
          }
        : { checkId: this.id, subject: p.name, rule: 'lifecycle.flow-started', message: p.message, severity: 'error' },
    );
    const outcomes = await waitForFlows(started, ctx.recorder, ctx.table, flowTiming(ctx.config, ctx.table), (lines) =>
      ctx.progress(lines),
    );
    const ids = started.map((f) => f.paymentId);
    const expectations: Record<string, PaymentExpectation> = Object.fromEntries(
      started.map((f) => [f.paymentId, f.expectation]),
    );
    const names = new Map(started.map((f) => [f.paymentId, f.name] as const));
    const received = ids.flatMap((id) => webhooksFor(ctx.recorder, id));
    const judged = judgeEvents(received, ctx.table, { strict: ctx.config.strict, expectations });
    const subject = (id?: string) => (id ? `${names.get(id) ?? ''} (${id})` : undefined);
    for (const f of judged.findings) {
      failures.push({
        checkId: this.id,
        subject: subject(f.paymentId),
        message: f.message,
        severity: f.severity,
        rule: f.rule,
        provenance: f.provenance,
        evidence: { events: f.events },
        reproduce: rerunFor(this.id, ctx.config),
      });
    }
    failures.push(
      ...schemaFailures(
        ctx,
        received.map((w) => w.payload),
        this.id,
      ),
    );
    const report = flowRecords(outcomes, ctx.driver, failures, this.id);
    failures.push(...report.failures);
    const judgedRecords: CaseRecord[] = started.map((f) => {
      const mine = judged.findings.filter((x) => x.paymentId === f.paymentId);
      const worst = mine.some((x) => x.severity === 'error') ? 'failed' : mine.length > 0 ? 'warning' : 'passed';
      return {
        name: `${f.name}: webhooks judged against the state table`,
        subject: f.paymentId,
        rule: 'webhook.payout-recipient-id',
        verdict: worst,
      };
    });
    const records = [...skipped, ...report.records, ...judgedRecords];
    return {
      // A case is a record (a flow run, a flow's webhooks judged): one JUnit testcase each.
      cases: records.filter((r) => r.verdict !== 'skipped').length,
      failures,
      records,
      note: report.note,
    };
  },
};

/** Each payload against the webhook schema and rules, as the judge reads it (judgedPayload), so one provider style is
 * one finding. */
export function schemaFailures(ctx: RunContext, payloads: unknown[], checkId: string): Failure[] {
  const hook = ctx.model.webhooks[0];
  if (!hook) return [];
  const out = new Map<string, Failure>();
  for (const raw of payloads) {
    const p = judgedPayload(raw);
    const outcome = ctx.validators.webhook(hook.name, p);
    for (const v of outcome.violations) {
      const message = `webhook ${(p as { status?: string }).status ?? ''}: ${v.pointer || '/'} ${v.message}`;
      const provenance: Provenance = v.rule.startsWith('schema.')
        ? (ctx.provenance.schemaConstraint(hook.payloadSchema, v.pointer, v.rule.slice(7)) ??
          seed('Events: fields that appear in a webhook'))
        : ctx.provenance.rule(v.rule, v.source, { pointer: v.pointer });
      if (!out.has(message))
        out.set(message, {
          checkId,
          message,
          severity: 'error',
          rule: v.rule,
          provenance,
          evidence: { events: [raw] },
        });
    }
  }
  return [...out.values()];
}
