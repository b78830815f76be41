/**
 * The spec checks judge every exchange the suite recorded (they run after the others). Findings
 * with the same message are grouped: one failure per distinct fault, with its count and the
 * first exchange as evidence. Each finding names its provenance; every judged exchange is a case.
 */
import type { OperationModel } from '../../../../generator/ir/model.js';
import type { CheckResult } from '../../../engine/check.js';
import { exchangeFailure, type RunContext } from '../context.js';
import type { RecordedExchange } from '../../../engine/recorder.js';
import type { CaseRecord, Provenance } from '../../../engine/types.js';

export interface ExchangeFinding {
  message: string;
  rule: string;
  provenance?: Provenance;
}

export type ExchangeJudge = (
  op: OperationModel,
  x: RecordedExchange,
) => ExchangeFinding | ExchangeFinding[] | undefined;

export function overExchanges(ctx: RunContext, checkId: string, judge: ExchangeJudge): CheckResult {
  const ops = new Map(ctx.model.operations.map((o) => [o.id, o] as const));
  const groups = new Map<string, { first: RecordedExchange; finding: ExchangeFinding; count: number }>();
  const records: CaseRecord[] = [];
  for (const x of ctx.recorder.exchanges) {
    const op = x.operationId ? ops.get(x.operationId) : undefined;
    if (!op || !x.response) continue;
    // An answer cut at the runner's size cap (engine/http.ts) is not judged: its body is not whole.
    if (x.response.truncatedAt !== undefined) {
      records.push({
        subject: op.id,
        name: `${x.request.method} ${op.id} answered ${x.response.status}`,
        verdict: 'skipped',
        reason: `not judged: ${x.indeterminate}`,
      });
      continue;
    }
    const hits = [judge(op, x) ?? []].flat();
    const name = `${x.request.method} ${op.id} answered ${x.response.status}`;
    if (hits.length === 0) records.push({ subject: op.id, name, verdict: 'passed' });
    for (const hit of hits) {
      records.push({
        subject: op.id,
        rule: hit.rule,
        name: `${name}: ${hit.message}`,
        provenance: hit.provenance,
        verdict: 'failed',
      });
      const g = groups.get(hit.message) ?? { first: x, finding: hit, count: 0 };
      g.count++;
      groups.set(hit.message, g);
    }
  }
  const failures = [...groups].map(([message, g]) => ({
    ...exchangeFailure(checkId, g.first, g.count > 1 ? `${message} (${g.count} responses)` : message, {
      rule: g.finding.rule,
      note: `first seen in check ${g.first.checkId}`,
    }),
    ...(g.finding.provenance ? { provenance: g.finding.provenance } : {}),
  }));
  return { cases: records.length, failures, records };
}
