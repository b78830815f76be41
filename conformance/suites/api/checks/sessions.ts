/**
 * sessions: the session lookup record and the four decision rules hold across create, pay and
 * expire (seed §Look up sessions by client reference, decision rules 1-4; §Session states:
 * a new session is SESSION_CREATED; it expires at session_expires_at). Paying and expiring go
 * through the run's driver; without the method, that rule is a skipped case naming it.
 */
import type { ConformanceCheck, RunContext } from '../context.js';
import type { SendResult } from '../../../engine/http.js';
import { validRequests, type RequestCase } from '../requests.js';
import type { Failure } from '../../../engine/types.js';
import { seed } from '../../../engine/provenance.js';
import type { CaseRecord } from '../../../engine/types.js';
import { isNotPossible, missingMethod } from '../driver.js';
import { describeAnswer, fail, is2xx } from './util.js';

const SRC = 'Look up sessions by client reference, decision rule';

interface LookupRecord {
  session_id?: string;
  has_payment?: boolean;
  payment_id?: string;
  latest_status?: string;
  session_expires_at?: string;
}

export const sessionsCheck: ConformanceCheck = {
  id: 'sessions',
  title: 'Session lookups support the four decision rules across create, pay and expire',
  source: 'Look up sessions by client reference, decision rules 1-4; Session states',
  severity: 'error',
  tags: ['sessions', 'stateful'],
  async run(ctx) {
    const failures: Failure[] = [];
    const records: CaseRecord[] = [];
    // Each decision rule is its own case, cited by its branch id (spec/rules.overlay.yaml: session.lookup.*).
    const problem = (res: SendResult, message: string, section: string, branch?: string) =>
      failures.push({
        ...fail(this.id, res, message, branch ?? section, 'error', 'lookupSessions'),
        provenance: seed(section),
      });
    const decided = (branch: string, n: number, name: string, before: number) =>
      records.push({
        name,
        subject: 'lookupSessions',
        rule: branch,
        provenance: seed(`${SRC} ${n}`),
        verdict: failures.length > before ? 'failed' : 'passed',
      });
    const lookup = async (base: RequestCase, ref: string) => {
      const res = await ctx.http.send({
        operationId: 'lookupSessions',
        method: 'GET',
        path: base.path,
        query: { client_reference_id: ref },
      });
      const sessions = (res.body as { sessions?: LookupRecord[] } | undefined)?.sessions;
      if (!is2xx(res.status) || !Array.isArray(sessions)) {
        problem(
          res,
          `lookup answered ${describeAnswer(res)} without a sessions list`,
          'Look up sessions by client reference: response sessions',
          'session.lookup-decision',
        );
        return undefined;
      }
      return { res, sessions };
    };
    const needs = (method: 'payHostedSession' | 'expireSession', subject: string, rule: string) => {
      const m = missingMethod(ctx.driver, method);
      records.push({ subject, rule, verdict: 'skipped', reason: m.reason, enable: m.enable });
    };

    const unused = await validRequests.lookupSessions[0].build(ctx);
    let before = failures.length;
    const none = unused && (await lookup(unused, unused.query!.client_reference_id));
    if (none && none.sessions.length > 0)
      problem(
        none.res,
        'an unused client_reference_id found sessions',
        `${SRC} 1 (empty list: create a new session)`,
        'session.lookup.create',
      );
    if (none)
      decided('session.lookup.create', 1, 'an unused client_reference_id finds no session (create one)', before);

    const created = await createSession(ctx);
    if (!created) return { cases: casesOf(records), failures, records, note: 'no session could be created' };
    before = failures.length;
    const fresh = await lookup(created.req, created.ref);
    const rec = fresh?.sessions[0];
    if (
      fresh &&
      (!rec ||
        rec.session_id !== created.id ||
        rec.has_payment !== false ||
        rec.latest_status !== 'SESSION_CREATED' ||
        !(Date.parse(rec.session_expires_at ?? '') > (await targetNow(ctx))))
    ) {
      problem(
        fresh.res,
        `a new session is not reusable: ${JSON.stringify(rec ?? null)}`,
        `${SRC} 3; Session states (SESSION_CREATED, session_expires_at in the future)`,
        'session.lookup.reuse',
      );
    }
    if (fresh) decided('session.lookup.reuse', 3, 'a new session reads SESSION_CREATED, unexpired (reuse it)', before);

    const pay = ctx.driver.payHostedSession;
    if (!pay)
      needs(
        'payHostedSession',
        'decision rule 2 (a paid session: has_payment true, payment_id)',
        'session.lookup.track-payment',
      );
    else {
      before = failures.length;
      const paid = await pay({
        customerId: created.req.customerId!,
        sessionId: created.id,
        expiresAt: created.expiresAt,
      }).catch(
        driverFailed(
          ctx,
          failures,
          records,
          this.id,
          'payHostedSession',
          'decision rule 2 (a paid session: has_payment true, payment_id)',
        ),
      );
      // In production the record may take a stage to show the payment: polled within the per-stage wait.
      const after = await pollLookup(
        ctx,
        created.req,
        created.ref,
        (r) => r?.has_payment === true && typeof r.payment_id === 'string',
      );
      const p = after?.sessions[0];
      if (
        paid !== false &&
        after &&
        (p?.has_payment !== true ||
          typeof p.payment_id !== 'string' ||
          (paid?.paymentId !== undefined && p.payment_id !== paid.paymentId))
      ) {
        problem(
          after.res,
          `after payment the record is ${JSON.stringify(p ?? null)}, expected ` +
            `has_payment true and payment_id ${paid?.paymentId ?? '(present)'}`,
          `${SRC} 2 (track by payment_id)`,
          'session.lookup.track-payment',
        );
      }
      if (paid !== false && after)
        decided(
          'session.lookup.track-payment',
          2,
          'a paid session reads has_payment true with its payment_id (track it)',
          before,
        );
    }

    const expire = ctx.driver.expireSession;
    if (!expire) needs('expireSession', 'decision rule 4 (an expired, unpaid session)', 'session.lookup.replace');
    else {
      const expiring = await createSession(ctx);
      if (expiring) {
        before = failures.length;
        // The creation answer's expiry field name is not shown (§Hosted payment session): the
        // lookup record's session_expires_at (a seed name) tells the driver when it expires.
        const expiresAt = expiring.expiresAt ?? (await recordOf(ctx, expiring.req, expiring.ref))?.session_expires_at;
        const moved = await expire({ customerId: expiring.req.customerId!, sessionId: expiring.id, expiresAt }).catch(
          driverFailed(
            ctx,
            failures,
            records,
            this.id,
            'expireSession',
            'decision rule 4 (an expired, unpaid session)',
          ),
        );
        // The target's clock may have moved past the tokens' expiry too (seed §Authentication step 4).
        ctx.tokens.reset();
        const told = (moved || undefined)?.now;
        const now = Date.parse(told ?? '') || (await targetNow(ctx));
        const gone = moved === false ? undefined : await lookup(expiring.req, expiring.ref);
        const e = gone?.sessions[0];
        const stillDue = Date.parse(e?.session_expires_at ?? '') >= now;
        if (gone && e?.has_payment === false && stillDue && told === undefined && !ctx.sandbox) {
          // Not the target's fault: the driver returned before the session expired, without saying
          // the target's time (the driver contract: answer { now }, or return once expiresAt passed).
          records.push({
            subject: 'decision rule 4 (an expired, unpaid session)',
            verdict: 'skipped',
            reason:
              `not judged: the ${ctx.driver.name} driver's expireSession() returned while the session is ` +
              `unexpired by the runner's clock (session_expires_at ${e.session_expires_at}) and answered no ` +
              `\`now\``,
            enable:
              `expireSession() answers { now } (the target's time after ` +
              `moving its clock), or returns only once expiresAt has passed`,
          });
        } else if (gone && (e?.has_payment !== false || !(Date.parse(e.session_expires_at ?? '') < now))) {
          problem(
            gone.res,
            `an expired, unpaid session reads ${JSON.stringify(e ?? null)}`,
            `${SRC} 4 (expired and has_payment false: create a replacement)`,
            'session.lookup.replace',
          );
        }
        if (gone)
          decided(
            'session.lookup.replace',
            4,
            'an expired, unpaid session reads expired with has_payment false (replace it)',
            before,
          );
      }
    }
    const rule = {
      rule: 'session.lookup-decision',
      subject: 'lookupSessions',
      provenance: seed('Look up sessions by client reference, decision rules 1-4'),
    };
    records.push({
      name: 'decision rules 1-4 across create, pay and expire',
      ...rule,
      verdict: failures.length > 0 ? 'failed' : 'passed',
    });
    return { cases: casesOf(records), failures, records };
  },
};

/** A case is a decision judged (a record that ran): one JUnit testcase each. */
const casesOf = (records: readonly CaseRecord[]) => records.filter((r) => r.verdict !== 'skipped').length;

async function createSession(ctx: RunContext) {
  const req = await validRequests.createSession[0].build(ctx);
  if (!req) return undefined;
  const res = await ctx.http.send(req);
  const body = res.body as { session_id?: string; session_expires_at?: string } | undefined;
  if (!is2xx(res.status) || !body?.session_id) return undefined;
  const ref = (req.json as { client_reference_id: string }).client_reference_id;
  return { req, res, id: body.session_id, ref, expiresAt: body.session_expires_at };
}

/** A driver method that throws fails the case it serves, with the driver's message; NotPossible skips it. */
function driverFailed(
  ctx: RunContext,
  failures: Failure[],
  records: CaseRecord[],
  checkId: string,
  method: string,
  subject: string,
) {
  return (err: unknown): false => {
    if (isNotPossible(err)) {
      records.push({
        subject,
        verdict: 'skipped',
        reason: `${method}() is not possible for this session: ${err.message}`,
        enable: `a session the ${ctx.driver.name} driver can ${method === 'payHostedSession' ? 'pay' : 'expire'}`,
      });
      return false;
    }
    failures.push({
      checkId,
      message: `the ${ctx.driver.name} driver's ${method}() failed: ${(err as Error)?.message ?? String(err)}`,
      severity: 'error',
    });
    return false;
  };
}

/** The first lookup record of a reference, read without judging it here (the spec checks judge every exchange). */
async function recordOf(ctx: RunContext, base: RequestCase, ref: string): Promise<LookupRecord | undefined> {
  const res = await ctx.http.send({
    operationId: 'lookupSessions',
    method: 'GET',
    path: base.path,
    query: { client_reference_id: ref },
  });
  return is2xx(res.status) ? (res.body as { sessions?: LookupRecord[] } | undefined)?.sessions?.[0] : undefined;
}

/** The lookup, repeated until the first record satisfies `done` or the per-stage wait ends. */
async function pollLookup(
  ctx: RunContext,
  base: RequestCase,
  ref: string,
  done: (r: LookupRecord | undefined) => boolean,
) {
  const res = await ctx.http.poll(
    { operationId: 'lookupSessions', method: 'GET', path: base.path, query: { client_reference_id: ref } },
    (r) => done((r.body as { sessions?: LookupRecord[] } | undefined)?.sessions?.[0]),
    { timeoutMs: ctx.config.webhooks.waitMs, intervalMs: 1000 },
  );
  const sessions = (res.body as { sessions?: LookupRecord[] } | undefined)?.sessions;
  return is2xx(res.status) && Array.isArray(sessions) ? { res, sessions } : undefined;
}

/** The target's time: the sandbox clock when the sandbox drives (it may run ahead), else ours. */
async function targetNow(ctx: RunContext): Promise<number> {
  return ctx.sandbox ? Date.parse(await ctx.sandbox.now()) : Date.now();
}
