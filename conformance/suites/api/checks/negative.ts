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
import { CaseBook } from '../../../engine/case-book.js';
import { http, type Provenance, seed } from '../../../engine/provenance.js';
import { describeAnswer, fail, is2xx } from './util.js';
import { firmStatement } from './firm-negative.js';

export const negativeCheck: ConformanceCheck = {
  id: 'negative',
  title: 'Each broken rule or schema constraint is rejected with a 4xx',
  source: 'Create payment (v3), rules 1-5; Errors; Limits; Request a virtual account; Create hosted payment session',
  severity: 'error',
  tags: ['requests', 'rules'],
  /** The rule ids its failures cite that no overlay or event rule defines (`cbp rules`). */
  rules: {
    'negative.not-attributable': {
      title: 'A valid base was refused, so its negative cases could not be judged',
      provenance: { kind: 'http', reference: 'no verdict' },
    },
  },
  async run(ctx) {
    const book = new CaseBook();
    const notAttributable: Array<{ operation: string; text: string }> = [];
    for (const op of ctx.model.operations) {
      for (const b of validRequests[op.id] ?? []) {
        const base = await b.build(ctx);
        if (!base) continue;
        const planned = negativeCases(ctx, base);
        if (planned.length === 0) continue;
        const accepted = await ctx.http.send(base);
        if (accepted.indeterminate) {
          for (const c of planned)
            book.notJudged(
              { name: `${b.name} base: ${c.description}`, subject: op.id, rule: c.rule },
              `the unbroken base: ${accepted.indeterminate}`,
            );
          continue;
        }
        if (!is2xx(accepted.status)) {
          // A quote from the config is one for the whole run: stale or used up, it takes every conversion case with it.
          const hint =
            b.name === 'conversion' && !ctx.driver.createQuote && !ctx.ownSandbox
              ? '; if the quote expired or was used, give the driver createQuote() (a fresh quote per case)'
              : '';
          notAttributable.push({
            operation: op.id,
            text: `${op.id}/${b.name} (${planned.length} cases; base answered ${describeAnswer(accepted)}${hint})`,
          });
          continue;
        }
        for (const c of planned) {
          const sent = await runCase(ctx, b, c);
          if (!sent) continue;
          const firm = firmStatement(ctx, sent.c, sent.res);
          const provenance = firm?.provenance ?? caseProvenance(ctx, op.id, c);
          const info = { name: `${b.name} base: ${c.description}`, subject: op.id, rule: c.rule, provenance };
          if (sent.res.indeterminate) {
            book.notJudged(info, sent.res.indeterminate);
            continue;
          }
          if (statusMatches(sent.res.status, c.expect)) {
            book.pass(info);
            continue;
          }
          const what = is2xx(sent.res.status) ? 'was accepted' : `answered ${describeAnswer(sent.res)}`;
          const failure = fail(
            this.id,
            sent.res,
            `${b.name} base: ${c.description} [${c.rule}` +
              `${c.keyword && c.keyword !== c.rule ? ` (${c.keyword})` : ''} at ${c.pointer}] ` +
              `${what}; expected ${c.expect}${firm ? ` (${firm.evidence})` : ''}`,
            c.rule,
            'error',
            op.id,
          );
          // A 5xx is no refusal whatever the rule rests on (RFC 9110 §15.6: the server failed).
          book.fail(
            info,
            sent.res.status >= 500
              ? {
                  ...failure,
                  provenance: http('RFC 9110 §15.6: a 5xx is a server failure, not a refusal of bad input'),
                }
              : failure,
          );
        }
      }
    }
    const note = notAttributable.length
      ? `bases refused, their cases not counted: ${notAttributable.map((n) => n.text).join('; ')}`
      : undefined;
    for (const n of notAttributable) {
      const f: Failure = {
        checkId: this.id,
        subject: n.operation,
        rule: 'negative.not-attributable',
        message: `negative cases not attributable: ${n.text}`,
        severity: 'warning',
      };
      book.note(f);
    }
    return book.result({ note });
  },
};

/** Where the broken expectation comes from: spec/'s x-assumption, the assumption map, else the seed. */
function caseProvenance(ctx: RunContext, operationId: string, c: NegativeCase): Provenance {
  const op = ctx.model.operations.find((o) => o.id === operationId);
  const section = String(op?.extensions['x-cbp-seed-section'] ?? c.source);
  if (c.keyword) {
    const keyword = c.keyword.slice('schema.'.length);
    if (c.description.startsWith('required query parameter'))
      return ctx.provenance.parameter(operationId, c.pointer.slice(1)) ?? seed(section);
    const schema = op?.requestBody ? Object.values(op.requestBody.schemas)[0] : undefined;
    return ctx.provenance.schemaConstraint(schema, c.pointer, keyword) ?? seed(section);
  }
  return ctx.provenance.rule(c.rule, c.source, { pointer: c.pointer, description: c.description });
}

/** Sends one case on a fresh base (same shape, new references). */
async function runCase(ctx: RunContext, b: BaseRequest, planned: NegativeCase) {
  const fresh = await b.build(ctx);
  // A schema mutation is one per keyword and pointer; its description may quote the fresh value (a pattern case).
  const same = (x: NegativeCase) =>
    x.id === planned.id || (x.keyword !== undefined && x.keyword === planned.keyword && x.pointer === planned.pointer);
  const c = fresh && negativeCases(ctx, fresh).find(same);
  if (!c) return undefined;
  if (c.sendTwice) {
    const first = await ctx.http.send(c.request);
    if (first.indeterminate) return { res: first, c };
    if (!is2xx(first.status)) return undefined;
  }
  return { res: await ctx.http.send(c.request), c };
}
