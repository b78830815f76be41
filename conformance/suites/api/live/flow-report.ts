/**
 * What the lifecycle report says about each flow after the wait: a driven flow that timed out
 * fails (unless the judge already said what is missing), naming the bound that ended the wait;
 * a flow nothing drove is a skipped case saying how far it got and which driver method would
 * take it further. Never green by omission.
 */
import type { CaseRecord, Failure } from '../../../engine/types.js';
import { missingMethod, type Driver } from '../driver.js';
import type { StartedFlow } from '../checks/lifecycle-flows.js';
import type { FlowOutcome } from './flow-wait.js';

export function flowRecords(
  outcomes: readonly FlowOutcome[],
  driver: Driver,
  judged: readonly Failure[],
  checkId: string,
): { records: CaseRecord[]; failures: Failure[]; note?: string } {
  const records: CaseRecord[] = [];
  const failures: Failure[] = [];
  const notes: string[] = [];
  for (const o of outcomes) {
    const flow = o.flow as StartedFlow;
    const subject = `${flow.name} (${flow.paymentId})`;
    const reached = o.progress.reached === null ? 'no webhook arrived' : `judged up to ${o.progress.reached}`;
    if (flow.notPossible) {
      records.push({
        subject: flow.name,
        verdict: 'skipped',
        reached,
        reason: `${flow.notPossible.method}() is not possible for this payment: ${flow.notPossible.reason}`,
        enable:
          flow.notPossible.method === 'cancelPayment'
            ? 'a customer whose payments await funds (a wallet without funds; ' +
              'customers[].awaits_funds: false marks the funded ones in the config)'
            : 'a payment the driver can move',
      });
      continue;
    }
    if (flow.notDrivenFor) {
      const m = missingMethod(driver, flow.notDrivenFor);
      records.push({
        subject: flow.name,
        verdict: 'skipped',
        reached,
        reason: `not driven: ${m.reason}`,
        enable: m.enable,
      });
      continue;
    }
    const failed = judged.some((f) => f.severity === 'error' && f.subject?.includes(flow.paymentId));
    if (o.timedOut) {
      const bound =
        o.bound === 'completion'
          ? "the completion allowance (the provider's service description, §Limits: PAYMENT_COMPLETED within 5 minutes of the last PAYOUT_CREDITED)"
          : 'the per-stage timeout (webhooks.wait_seconds)';
      notes.push(
        `${subject}: stopped waiting after ${Math.round(o.waitedMs / 1000)} s at ` +
          `${o.progress.reached ?? 'no webhook'}, waiting for ${o.progress.waitingFor} (${bound})`,
      );
      if (!failed) {
        failures.push({
          checkId,
          subject,
          message: `${o.progress.waitingFor} did not arrive within ${bound}`,
          severity: 'error',
          rule:
            o.bound === 'completion'
              ? 'Limits: PAYMENT_COMPLETED expected within 5 minutes of the last PAYOUT_CREDITED'
              : 'States and transitions (the flow stopped)',
        });
      }
    }
    records.push({
      subject: flow.name,
      verdict: failed || o.timedOut ? 'failed' : 'passed',
      reached: o.progress.reached ?? undefined,
    });
  }
  return { records, failures, note: notes.length > 0 ? notes.join('; ') : undefined };
}
