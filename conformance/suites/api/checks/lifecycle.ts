/**
 * lifecycle: the webhooks of real flows, received on a local receiver, judged against the state
 * table and the §Events invariants by the event-log judge (the same library as `cbp conformance
 * events`), plus each payload against the webhook schema and rules. Signatures are verified by
 * the receiver.
 */
import type { ConformanceCheck, RunContext } from '../context.js';
import { judgeEvents, type PaymentExpectation } from '../../events/event-judge.js';
import { webhooksFor } from '../payment-webhooks.js';
import { rerunFor } from '../reproduce.js';
import type { Failure } from '../../../engine/types.js';
import { startFlows } from './lifecycle-flows.js';
import { fail, needsSandbox } from './util.js';

/** After a terminal event, how long to keep listening for events that must not come. */
const GRACE_MS = 250;

export const lifecycleCheck: ConformanceCheck = {
  id: 'lifecycle',
  title: 'Payment webhooks follow the state table',
  source: 'States and transitions; Events (consumer rules 1-4); Reconciliation identifiers',
  severity: 'error',
  tags: ['webhooks', 'stateful'],
  async run(ctx) {
    const missing = needsSandbox(ctx) ?? (ctx.receiver ? undefined : 'needs the webhook receiver');
    if (missing) return { cases: 0, failures: [], skipped: missing };
    const { started, problems, cancelled } = await startFlows(ctx);
    const failures: Failure[] = problems.map((p) =>
      p.res ? fail(this.id, p.res, p.message, 'States and transitions, row 1') : { checkId: this.id, message: p.message, severity: 'error' },
    );
    const ids = started.map((f) => f.paymentId);
    // A flow is over at a terminal status (CANCELLED) or the completion status (PAYMENT_COMPLETED).
    const last = new Set([...ctx.table.statuses.filter((s) => s.terminal).map((s) => s.name), ...ctx.table.transitions.filter((t) => t.requiresAllRecipients).map((t) => t.to)]);
    const ended = (id: string) => webhooksFor(ctx.recorder, id).some((w) => last.has((w.payload as { status?: string }).status ?? ''));
    await ctx.recorder.waitFor(() => ids.every(ended), ctx.config.webhooks.waitMs);
    await new Promise((r) => setTimeout(r, cancelled.size > 0 ? GRACE_MS : 50));
    const expectations: Record<string, PaymentExpectation> = Object.fromEntries(started.map((f) => [f.paymentId, f.expectation]));
    const names = new Map(started.map((f) => [f.paymentId, f.name] as const));
    const received = ids.flatMap((id) => webhooksFor(ctx.recorder, id));
    const judged = judgeEvents(received, ctx.table, { strict: ctx.config.strict, expectations });
    for (const f of judged.findings) {
      failures.push({
        checkId: this.id,
        subject: f.paymentId ? `${names.get(f.paymentId) ?? ''} (${f.paymentId})` : undefined,
        message: f.message,
        severity: f.severity,
        rule: f.rule,
        evidence: { events: f.events },
        reproduce: rerunFor(this.id, ctx.config.target),
      });
    }
    failures.push(
      ...schemaFailures(
        ctx,
        received.map((w) => w.payload),
        this.id,
      ),
    );
    return { cases: judged.cases + started.length, failures };
  },
};

export function schemaFailures(ctx: RunContext, payloads: unknown[], checkId: string): Failure[] {
  const hook = ctx.model.webhooks[0]?.name;
  if (!hook) return [];
  const out = new Map<string, Failure>();
  for (const p of payloads) {
    const outcome = ctx.validators.webhook(hook, p);
    for (const v of outcome.violations) {
      const message = `webhook ${(p as { status?: string }).status ?? ''}: ${v.pointer || '/'} ${v.message}`;
      if (!out.has(message)) out.set(message, { checkId, message, severity: 'error', rule: `${v.rule} (${v.source})`, evidence: { events: [p] } });
    }
  }
  return [...out.values()];
}
