/**
 * negative: for every overlay rule and every schema constraint a valid request touches, the
 * request breaking exactly that one is rejected with a 4xx (400 where the seed says 400), never
 * 2xx or 5xx. A case counts only if its unmutated base was accepted in the same run
 * (attributable rejection); each case is built on a fresh base so that references stay unique.
 */
import type { ConformanceCheck, RunContext } from '../context.js';
import { negativeCases, statusMatches, type NegativeCase } from '../negative-cases.js';
import { validRequests, type BaseRequest } from '../requests.js';
import type { Failure } from '../../../engine/types.js';
import { describeAnswer, fail, is2xx } from './util.js';

export const negativeCheck: ConformanceCheck = {
  id: 'negative',
  title: 'Each broken rule or schema constraint is rejected with a 4xx',
  source: 'Create payment (v3), rules 1-5; Errors; Limits; Request a virtual account; Create hosted payment session',
  severity: 'error',
  tags: ['requests', 'rules'],
  async run(ctx) {
    const failures: Failure[] = [];
    const notAttributable: string[] = [];
    let cases = 0;
    for (const op of ctx.model.operations) {
      for (const b of validRequests[op.id] ?? []) {
        const base = await b.build(ctx);
        if (!base) continue;
        const planned = negativeCases(ctx, base);
        if (planned.length === 0) continue;
        const accepted = await ctx.http.send(base);
        if (!is2xx(accepted.status)) {
          notAttributable.push(`${op.id}/${b.name} (${planned.length} cases; base answered ${describeAnswer(accepted)})`);
          continue;
        }
        for (const c of planned) {
          const sent = await runCase(ctx, b, c);
          if (!sent) continue;
          cases++;
          if (!statusMatches(sent.res.status, c.expect)) {
            const what = is2xx(sent.res.status) ? 'was accepted' : `answered ${describeAnswer(sent.res)}`;
            failures.push(fail(this.id, sent.res, `${b.name} base: ${c.description} [${c.rule} at ${c.pointer}] ${what}; expected ${c.expect}`, `${c.rule} (${c.source})`));
          }
        }
      }
    }
    const note = notAttributable.length ? `bases refused, their cases not counted: ${notAttributable.join('; ')}` : undefined;
    const unattributed: Failure[] = notAttributable.map((n) => ({ checkId: this.id, message: `negative cases not attributable: ${n}`, severity: 'warning' }));
    return { cases, failures: [...failures, ...unattributed], note };
  },
};

/** Sends one case on a fresh base (same shape, new references). */
async function runCase(ctx: RunContext, b: BaseRequest, planned: NegativeCase) {
  const fresh = await b.build(ctx);
  const c = fresh && negativeCases(ctx, fresh).find((x) => x.id === planned.id);
  if (!c) return undefined;
  if (c.sendTwice) {
    const first = await ctx.http.send(c.request);
    if (!is2xx(first.status)) return undefined;
  }
  return { res: await ctx.http.send(c.request), c };
}
