/**
 * positive: a valid request for every operation is accepted (2xx). Operations whose valid
 * request the suite cannot build from the target's data are listed, not failed.
 */
import { validRequests } from '../requests.js';
import type { ConformanceCheck } from '../context.js';
import type { Failure } from '../../../engine/types.js';
import { describeAnswer, fail, is2xx } from './util.js';

export const positiveCheck: ConformanceCheck = {
  id: 'positive',
  title: 'A valid request for every operation is accepted',
  source: 'Endpoints (every operation); Create payment (v3); Create hosted payment session',
  severity: 'error',
  tags: ['requests'],
  async run(ctx) {
    const failures: Failure[] = [];
    const uncovered: string[] = [];
    let cases = 0;
    for (const op of ctx.model.operations) {
      const bases = validRequests[op.id] ?? [];
      let built = 0;
      for (const b of bases) {
        const req = await b.build(ctx);
        if (!req) continue;
        built++;
        cases++;
        const res = await ctx.http.send(req);
        if (!is2xx(res.status)) {
          failures.push(fail(this.id, res, `${b.name}: a valid request was refused with ${describeAnswer(res)}`, (op.extensions['x-cbp-seed-section'] as string) ?? op.id));
        }
      }
      if (built === 0) uncovered.push(op.id);
    }
    return { cases, failures, note: uncovered.length ? `no valid request could be built for: ${uncovered.join(', ')}` : undefined };
  },
};
