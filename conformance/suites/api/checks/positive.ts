/**
 * positive: a valid request for every operation is accepted (2xx). Operations whose valid
 * request the suite cannot build from the target's data are listed, not failed.
 */
import { validRequests } from '../requests.js';
import type { ConformanceCheck } from '../context.js';
import type { CaseRecord, Failure } from '../../../engine/types.js';
import { assumption, seed } from '../../../engine/provenance.js';
import { describeAnswer, fail, is2xx } from './util.js';

export const positiveCheck: ConformanceCheck = {
  id: 'positive',
  title: 'A valid request for every operation is accepted',
  source: 'Endpoints (every operation); Create payment (v3); Create hosted payment session',
  severity: 'error',
  tags: ['requests'],
  /** The rule ids its failures cite that no overlay or event rule defines (`cbp rules`). */
  rules: {
    'positive.<operationId>': {
      title: 'A valid request is accepted (2xx)',
      provenance: seed('Endpoints (the operation)'),
    },
  },
  async run(ctx) {
    const failures: Failure[] = [];
    const records: CaseRecord[] = [];
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
        // One record per case: the JUnit report has one testcase per case the summary counts.
        records.push({
          subject: op.id,
          name: b.name,
          rule: `positive.${op.id}`,
          verdict: is2xx(res.status) ? 'passed' : 'failed',
        });
        if (!is2xx(res.status)) {
          const section = String(op.extensions['x-cbp-seed-section'] ?? op.id);
          // Payloads the seed does not show are our samples: their refusal says little about the service.
          const sample = ctx.provenance.payloadNotShown(op.id);
          failures.push({
            ...fail(
              this.id,
              res,
              `${b.name}: a valid request was refused with ${describeAnswer(res)}`,
              `positive.${op.id}`,
              'error',
              op.id,
            ),
            provenance: sample ? assumption(['A-SAMPLE-PAYLOADS', ...sample], section) : seed(section),
          });
        }
      }
      if (built === 0) {
        const why = bases.map((b) => b.unavailable?.(ctx)).find((r) => r !== undefined);
        records.push({
          subject: op.id,
          verdict: 'skipped',
          reason: why?.reason ?? "no valid request could be built from the target's fixtures",
          enable:
            why?.enable ?? 'customers (with wallet_currency), recipients, quotes and third_parties in the config file',
        });
      }
    }
    return { cases, failures, records };
  },
};
