/**
 * auth: protected operations answer 401 without a token, with a malformed one and with an
 * expired one; the token response has access_token, token_type bearer and expires_in; a second
 * client cannot read or pay for the first one's customer (seed §Authentication, OAuth 2.0 steps
 * 2-4; Errors table: 401; assumption A-401 for operations that do not list it).
 */
import type { ConformanceCheck, RunContext } from '../context.js';
import type { AuthChoice } from '../../../engine/http.js';
import { pathFor, validRequests, type RequestCase } from '../requests.js';
import type { Failure } from '../../../engine/types.js';
import { describeAnswer, fail, is2xx, is4xx, soft } from './util.js';

const RULE_401 = 'Authentication: calls carry Authorization: Bearer <ACCESS_TOKEN>; Errors: 401 (A-401)';

export const authCheck: ConformanceCheck = {
  id: 'auth',
  title: 'Tokens are required, well-formed and tenant-scoped',
  source: 'Authentication › OAuth 2.0 client credentials, steps 1-4; Errors: 401',
  severity: 'error',
  tags: ['security'],
  async run(ctx) {
    const failures: Failure[] = [];
    let cases = 0;
    const expect401 = async (req: RequestCase, auth: AuthChoice, what: string) => {
      cases++;
      const res = await ctx.http.send({ ...req, auth });
      if (res.status !== 401) failures.push(fail(this.id, res, `${what} answered ${describeAnswer(res)}, expected 401`, RULE_401));
    };
    const primary = ctx.credentials.primary;
    if (primary) {
      cases++;
      const res = await ctx.tokens.request(primary);
      const body = res.body as Record<string, unknown> | undefined;
      const problems = [
        typeof body?.access_token === 'string' && body.access_token !== '' ? '' : 'access_token missing',
        typeof body?.token_type === 'string' && /^bearer$/i.test(body.token_type) ? '' : `token_type ${JSON.stringify(body?.token_type)} is not bearer`,
        typeof body?.expires_in === 'number' ? '' : 'expires_in is not a number',
      ].filter(Boolean);
      if (!is2xx(res.status) || problems.length > 0)
        failures.push(
          fail(
            this.id,
            res,
            `token response: ${is2xx(res.status) ? problems.join('; ') : describeAnswer(res)}`,
            'Authentication, OAuth 2.0 step 2: access_token, token_type bearer, expires_in',
          ),
        );
      cases++;
      const wrong = await ctx.tokens.request({ clientId: primary.clientId, clientSecret: `${primary.clientSecret}-wrong` });
      if (!is4xx(wrong.status))
        failures.push(
          fail(
            this.id,
            wrong,
            `token request with a wrong client_secret answered ${describeAnswer(wrong)}, expected 4xx`,
            'A-TOKEN-ERRORS (behaviour for invalid credentials: not shown)',
            soft(ctx),
          ),
        );
    }
    for (const op of ctx.model.operations.filter((o) => o.security.length > 0 && !o.security.some((alt) => alt.length === 0))) {
      const req = await validRequests[op.id]?.[0]?.build(ctx);
      if (req) await expect401(req, 'none', 'no token');
    }
    const payment = await validRequests.createPayment[0].build(ctx);
    if (payment) {
      await expect401(payment, { bearer: 'malformed.token-value' }, 'a malformed token');
      const expired = await expiredToken(ctx);
      if (expired) await expect401(payment, { bearer: expired }, 'an expired token');
    }
    if (ctx.tokens.has('secondary')) cases += await crossTenant(ctx, failures, this.id);
    return { cases, failures };
  },
};

/** A config-provided expired token, or a fresh one outlived on the sandbox clock. */
async function expiredToken(ctx: RunContext): Promise<string | undefined> {
  if (ctx.credentials.expiredToken) return ctx.credentials.expiredToken;
  const primary = ctx.credentials.primary;
  if (!ctx.sandbox || !primary) return undefined;
  const res = await ctx.tokens.request(primary);
  const body = res.body as { access_token?: string; expires_in?: number } | undefined;
  if (!body?.access_token || typeof body.expires_in !== 'number') return undefined;
  await ctx.sandbox.advanceClock(body.expires_in + 1);
  ctx.tokens.reset();
  return body.access_token;
}

/** The second client reads and pays for the first client's customer: must be refused (4xx). */
async function crossTenant(ctx: RunContext, failures: Failure[], checkId: string): Promise<number> {
  let cases = 0;
  for (const b of [validRequests.lookupSessions[0], validRequests.createPayment[0]]) {
    const req = await b.build(ctx);
    if (!req) continue;
    cases++;
    const res = await ctx.http.send({ ...req, auth: 'secondary' });
    if (!is4xx(res.status)) {
      failures.push(
        fail(
          checkId,
          res,
          `another client's token reached customer ${req.customerId} (${describeAnswer(res)}), expected 4xx`,
          'Authentication: customer-facing APIs are per client (a client only sees its own customers)',
        ),
      );
    }
  }
  const theirs = ctx.secondClient?.customers[0]?.customer_id ?? (ctx.sandbox ? (await ctx.sandbox.fixtures('secondary')).customers[0]?.customer_id : undefined);
  const lookup = await validRequests.lookupSessions[0].build(ctx);
  if (theirs && lookup) {
    cases++;
    const res = await ctx.http.send({ ...lookup, path: pathFor(ctx, 'lookupSessions', { customer_id: theirs }) });
    if (!is4xx(res.status)) {
      failures.push(
        fail(
          checkId,
          res,
          `the first client's token reached the second client's customer ${theirs} (${describeAnswer(res)}), expected 4xx`,
          'Authentication: customer-facing APIs are per client (a client only sees its own customers)',
        ),
      );
    }
  }
  return cases;
}
