/**
 * The spec checks judge every exchange the suite recorded (they run after the others). Findings
 * with the same message are grouped: one failure per distinct fault, with its count and the
 * first exchange as evidence.
 */
import type { OperationModel } from '../../../../generator/ir/model.js';
import type { CheckResult } from '../../../engine/check.js';
import { exchangeFailure, type RunContext } from '../context.js';
import type { RecordedExchange } from '../../../engine/recorder.js';

export type ExchangeJudge = (op: OperationModel, x: RecordedExchange) => { message: string; rule: string } | undefined;

export function overExchanges(ctx: RunContext, checkId: string, judge: ExchangeJudge): CheckResult {
  const ops = new Map(ctx.model.operations.map((o) => [o.id, o] as const));
  const groups = new Map<string, { first: RecordedExchange; rule: string; count: number }>();
  let cases = 0;
  for (const x of ctx.recorder.exchanges) {
    const op = x.operationId ? ops.get(x.operationId) : undefined;
    if (!op || !x.response) continue;
    cases++;
    const hit = judge(op, x);
    if (!hit) continue;
    const g = groups.get(hit.message) ?? { first: x, rule: hit.rule, count: 0 };
    g.count++;
    groups.set(hit.message, g);
  }
  const failures = [...groups].map(([message, g]) =>
    exchangeFailure(checkId, g.first, g.count > 1 ? `${message} (${g.count} responses)` : message, { rule: g.rule, note: `first seen in check ${g.first.checkId}` }),
  );
  return { cases, failures };
}
