/**
 * auth: protected operations answer 401 without a token, with a malformed one and with an
 * expired one; the token response has access_token, token_type bearer and expires_in; a second
 * client cannot read or pay for the first one's customer (seed §Authentication, OAuth 2.0 steps
 * 2-4; Errors table: 401; assumption A-401 for operations that do not list it).
 */
import type { ConformanceCheck, RunContext } from '../context.js';
import type { AuthChoice } from '../../../engine/http.js';
import { pathFor, validRequests, type RequestCase } from '../requests.js';
import type { CaseRecord, Failure } from '../../../engine/types.js';
import { describeAnswer, fail, is2xx, is4xx } from './util.js';
import { assumption, http, type Provenance, seed } from '../../../engine/provenance.js';

const RULE_401 = 'auth.bearer-required';
const BEARER = seed('Authentication, OAuth 2.0', 'virtual accounts, payments, sessions require a Bearer token');

/** Another 4xx than 401 is graded as the operation's 401 is documented (seed for Request virtual account, A-401
 * elsewhere); a 2xx breaks the seed; a 5xx is a server failure. */
function refusalProvenance(status: number, documented401: Provenance | undefined): Provenance {
  if (status >= 500) return http('RFC 9110 §15.6: a 5xx is a server failure, not a refusal');
  if (is4xx(status)) return documented401 ?? assumption('A-401', 'Errors');
  return BEARER;
}

export const authCheck: ConformanceCheck = {
  id: 'auth',
  title: 'Tokens are required, well-formed and tenant-scoped',
  source: 'Authentication › OAuth 2.0 client credentials, steps 1-4; Errors: 401',
  severity: 'error',
  tags: ['security'],
  /** The rule ids its failures cite that no overlay or event rule defines (`cbp rules`). */
  rules: {
    'auth.bearer-required': {
      title: 'A call without (or with a malformed or expired) token is refused with 401',
      provenance: seed('Authentication, OAuth 2.0', 'virtual accounts, payments, sessions require a Bearer token'),
    },
    'auth.token-response': {
      title: 'The token response has access_token, token_type bearer, expires_in',
      provenance: seed('Authentication, OAuth 2.0 step 2'),
    },
    'auth.token-errors': {
      title: 'Wrong client credentials are refused with a 4xx',
      provenance: { kind: 'assumption', ids: ['A-TOKEN-ERRORS'] },
    },
    'auth.tenant-isolation': {
      title: "A client's token does not reach another client's customers",
      provenance: { kind: 'assumption', ids: ['A-TENANT-ISOLATION'] },
    },
  },
  async run(ctx) {
    const failures: Failure[] = [];
    const records: CaseRecord[] = [];
    let cases = 0;
    const expect401 = async (req: RequestCase, auth: AuthChoice, what: string, note?: string) => {
      cases++;
      const res = await ctx.http.send({ ...req, auth });
      records.push({
        subject: req.operationId,
        name: what,
        rule: RULE_401,
        verdict: res.status === 401 ? 'passed' : 'failed',
      });
      if (res.status === 401) return;
      const documented401 = req.operationId ? ctx.provenance.response(req.operationId, '401') : undefined;
      const f = fail(
        this.id,
        res,
        `${what} answered ${describeAnswer(res)}, expected 401`,
        RULE_401,
        'error',
        req.operationId,
      );
      failures.push({
        ...f,
        provenance: refusalProvenance(res.status, documented401),
        ...(note ? { evidence: { ...f.evidence, note } } : {}),
        reproduce: reproduceFor(f.reproduce, auth),
      });
    };
    const primary = ctx.credentials.primary;
    if (primary) {
      cases++;
      const res = await ctx.tokens.request(primary);
      const body = res.body as Record<string, unknown> | undefined;
      const problems = [
        typeof body?.access_token === 'string' && body.access_token !== '' ? '' : 'access_token missing',
        typeof body?.token_type === 'string' && /^bearer$/i.test(body.token_type)
          ? ''
          : `token_type ${JSON.stringify(body?.token_type)} is not bearer`,
        typeof body?.expires_in === 'number' ? '' : 'expires_in is not a number',
      ].filter(Boolean);
      const tokenOk = is2xx(res.status) && problems.length === 0;
      records.push({
        subject: 'requestAccessToken',
        name: 'token response fields',
        rule: 'auth.token-response',
        verdict: tokenOk ? 'passed' : 'failed',
      });
      if (!tokenOk)
        failures.push(
          fail(
            this.id,
            res,
            `token response: ${is2xx(res.status) ? problems.join('; ') : describeAnswer(res)}`,
            'auth.token-response',
          ),
        );
      if (failures.length > 0)
        failures[failures.length - 1].provenance ??= seed(
          'Authentication, OAuth 2.0 step 2',
          'Token response fields: access_token (string), token_type (value bearer), expires_in (number)',
        );
      cases++;
      const wrong = await ctx.tokens.request({
        clientId: primary.clientId,
        clientSecret: `${primary.clientSecret}-wrong`,
      });
      records.push({
        subject: 'requestAccessToken',
        name: 'a wrong client_secret is refused',
        rule: 'auth.token-errors',
        verdict: is4xx(wrong.status) ? 'passed' : 'failed',
      });
      if (!is4xx(wrong.status))
        failures.push({
          ...fail(
            this.id,
            wrong,
            `token request with a wrong client_secret answered ${describeAnswer(wrong)}, expected 4xx`,
            'auth.token-errors',
          ),
          provenance: assumption('A-TOKEN-ERRORS', 'Behaviour for invalid credentials: not shown'),
        });
    }
    for (const op of ctx.model.operations.filter(
      (o) => o.security.length > 0 && !o.security.some((alt) => alt.length === 0),
    )) {
      const req = await validRequests[op.id]?.[0]?.build(ctx);
      if (req) await expect401(req, 'none', 'no token');
    }
    const payment = await validRequests.createPayment[0].build(ctx);
    if (payment) {
      await expect401(
        payment,
        { bearer: MALFORMED },
        'a malformed token',
        `the token sent was the malformed value ${MALFORMED}`,
      );
      const got = await expiredToken(ctx).then(
        (token) => ({ token }),
        (err: unknown) => ({ error: (err as Error)?.message ?? String(err) }),
      );
      // A driver's own problem is reported as such, never as a verdict on the target.
      if ('error' in got)
        failures.push({
          checkId: this.id,
          message: `the ${ctx.driver.name} driver's expiredToken() failed: ${got.error}`,
          severity: 'error',
        });
      else if (got.token)
        await expect401(
          payment,
          { bearer: got.token },
          'an expired token',
          'the token sent had expired (expires_in elapsed on the target clock)',
        );
      else {
        records.push({
          subject: 'an expired token is refused (401)',
          verdict: 'skipped',
          reason: 'no expired token: none was given and the target has no sandbox clock to outlive one',
          enable: 'a driver with expiredToken(), or CBP_EXPIRED_TOKEN: a token the target has expired',
        });
      }
    }
    if (ctx.tokens.has('secondary')) cases += await crossTenant(ctx, failures, records, this.id);
    else {
      records.push({
        subject: "another client cannot reach this client's customers",
        verdict: 'skipped',
        reason: 'no second client credentials',
        enable: 'CBP_CLIENT_ID_2 and CBP_CLIENT_SECRET_2 (and second_client.customers in the config file)',
      });
    }
    return { cases, failures, records };
  },
};

const MALFORMED = 'malformed.token-value';

/** The curl line with the token that was really sent: the malformed value itself, or an expired token. */
function reproduceFor(curl: string | undefined, auth: AuthChoice): string | undefined {
  if (!curl || typeof auth !== 'object' || !('bearer' in auth)) return curl;
  const header =
    auth.bearer === MALFORMED ? `'Authorization: Bearer ${MALFORMED}'` : '"Authorization: Bearer $CBP_EXPIRED_TOKEN"';
  return curl.replace('"Authorization: Bearer $CBP_TOKEN"', header);
}

/** The driver's expiredToken(), a config-provided one (CBP_EXPIRED_TOKEN), or a fresh one outlived on the sandbox
 * clock. */
async function expiredToken(ctx: RunContext): Promise<string | undefined> {
  if (ctx.driver.expiredToken) return ctx.driver.expiredToken();
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

const TENANT = assumption('A-TENANT-ISOLATION', 'Authentication');

/** The second client reads and pays for the first client's customer: must be refused (4xx). */
async function crossTenant(
  ctx: RunContext,
  failures: Failure[],
  records: CaseRecord[],
  checkId: string,
): Promise<number> {
  let cases = 0;
  for (const b of [validRequests.lookupSessions[0], validRequests.createPayment[0]]) {
    const req = await b.build(ctx);
    if (!req) continue;
    cases++;
    const res = await ctx.http.send({ ...req, auth: 'secondary' });
    records.push({
      subject: req.operationId,
      name: "another client's token",
      rule: 'auth.tenant-isolation',
      verdict: is4xx(res.status) ? 'passed' : 'failed',
    });
    if (!is4xx(res.status)) {
      failures.push({
        ...fail(
          checkId,
          res,
          `another client's token reached customer ${req.customerId} (${describeAnswer(res)}), expected 4xx`,
          'auth.tenant-isolation',
        ),
        provenance: TENANT,
      });
    }
  }
  const theirs =
    ctx.secondClient?.customers[0]?.customer_id ??
    (ctx.sandbox ? (await ctx.sandbox.fixtures('secondary')).customers[0]?.customer_id : undefined);
  const lookup = await validRequests.lookupSessions[0].build(ctx);
  if (!theirs) {
    records.push({
      subject: "this client cannot reach the second client's customers",
      verdict: 'skipped',
      reason: 'no customer of the second client is known',
      enable: 'second_client.customers in the config file',
    });
  }
  if (theirs && lookup) {
    cases++;
    const res = await ctx.http.send({ ...lookup, path: pathFor(ctx, 'lookupSessions', { customer_id: theirs }) });
    records.push({
      subject: 'lookupSessions',
      name: "the second client's customer",
      rule: 'auth.tenant-isolation',
      verdict: is4xx(res.status) ? 'passed' : 'failed',
    });
    if (!is4xx(res.status)) {
      failures.push({
        ...fail(
          checkId,
          res,
          `the first client's token reached the second client's ` +
            `customer ${theirs} (${describeAnswer(res)}), expected 4xx`,
          'auth.tenant-isolation',
        ),
        provenance: TENANT,
      });
    }
  }
  return cases;
}
