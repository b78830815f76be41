/**
 * sessions: the session lookup record and the four decision rules hold across create, pay and
 * expire (seed §Look up sessions by client reference, decision rules 1-4; §Session states:
 * a new session is SESSION_CREATED; it expires at session_expires_at). Expiry uses the sandbox clock.
 */
import type { ConformanceCheck, RunContext } from '../context.js';
import type { SendResult } from '../../../engine/http.js';
import { validRequests, type RequestCase } from '../requests.js';
import type { Failure } from '../../../engine/types.js';
import { describeAnswer, fail, is2xx, needsSandbox } from './util.js';

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
    const missing = needsSandbox(ctx);
    if (missing) return { cases: 0, failures: [], skipped: missing };
    const failures: Failure[] = [];
    let cases = 0;
    const problem = (res: SendResult, message: string, rule: string) => failures.push(fail(this.id, res, message, rule));
    const lookup = async (base: RequestCase, ref: string) => {
      cases++;
      const res = await ctx.http.send({ operationId: 'lookupSessions', method: 'GET', path: base.path, query: { client_reference_id: ref } });
      const sessions = (res.body as { sessions?: LookupRecord[] } | undefined)?.sessions;
      if (!is2xx(res.status) || !Array.isArray(sessions)) {
        problem(res, `lookup answered ${describeAnswer(res)} without a sessions list`, 'Look up sessions by client reference: response sessions');
        return undefined;
      }
      return { res, sessions };
    };

    const unused = await validRequests.lookupSessions[0].build(ctx);
    const none = unused && (await lookup(unused, unused.query!.client_reference_id));
    if (none && none.sessions.length > 0) problem(none.res, 'an unused client_reference_id found sessions', `${SRC} 1 (empty list: create a new session)`);

    const created = await createSession(ctx);
    if (!created) return { cases, failures, note: 'no session could be created' };
    const fresh = await lookup(created.req, created.ref);
    const rec = fresh?.sessions[0];
    if (
      fresh &&
      (!rec ||
        rec.session_id !== created.id ||
        rec.has_payment !== false ||
        rec.latest_status !== 'SESSION_CREATED' ||
        !(Date.parse(rec.session_expires_at ?? '') > Date.parse(await now(ctx))))
    ) {
      problem(fresh.res, `a new session is not reusable: ${JSON.stringify(rec ?? null)}`, `${SRC} 3; Session states (SESSION_CREATED, session_expires_at in the future)`);
    }

    cases++;
    const paid = await ctx.sandbox!.paySession(created.id).catch(() => undefined);
    const after = paid && (await lookup(created.req, created.ref));
    const p = after?.sessions[0];
    if (after && (p?.has_payment !== true || p.payment_id !== paid.payment_id)) {
      problem(after.res, `after payment the record is ${JSON.stringify(p ?? null)}, expected has_payment true and payment_id ${paid.payment_id}`, `${SRC} 2 (track by payment_id)`);
    }

    const expiring = await createSession(ctx);
    const expiresAt = Date.parse(expiring?.expiresAt ?? '');
    if (expiring) {
      const seconds = Number.isFinite(expiresAt) ? Math.ceil((expiresAt - Date.parse(await now(ctx))) / 1000) + 1 : 86_400;
      await ctx.sandbox!.advanceClock(Math.max(seconds, 1));
      ctx.tokens.reset();
      const gone = await lookup(expiring.req, expiring.ref);
      const e = gone?.sessions[0];
      if (gone && (e?.has_payment !== false || !(Date.parse(e.session_expires_at ?? '') < Date.parse(await now(ctx))))) {
        problem(gone.res, `an expired, unpaid session reads ${JSON.stringify(e ?? null)}`, `${SRC} 4 (expired and has_payment false: create a replacement)`);
      }
    }
    return { cases, failures };
  },
};

async function createSession(ctx: RunContext) {
  const req = await validRequests.createSession[0].build(ctx);
  if (!req) return undefined;
  const res = await ctx.http.send(req);
  const body = res.body as { session_id?: string; session_expires_at?: string } | undefined;
  if (!is2xx(res.status) || !body?.session_id) return undefined;
  const ref = (req.json as { client_reference_id: string }).client_reference_id;
  return { req, res, id: body.session_id, ref, expiresAt: body.session_expires_at };
}

async function now(ctx: RunContext): Promise<string> {
  const res = await ctx.http.send({ method: 'GET', path: '/_sandbox/clock' });
  return (res.body as { now?: string } | undefined)?.now ?? new Date().toISOString();
}
