/** Session states: "If it expires before completion, a new session must be created": an expired session cannot be
 * paid. */
import type { CaseBook } from '../../../../engine/case-book.js';
import { seed } from '../../../../engine/provenance.js';
import type { RunContext } from '../../context.js';
import { validRequests } from '../../requests.js';
import { describeAnswer, fail, is2xx, is4xx } from '../util.js';
import { CHECK_ID } from './expect.js';

export async function expiredSession(ctx: RunContext, book: CaseBook): Promise<void> {
  const req = await validRequests.createSession[0]?.build(ctx);
  const created = req && (await ctx.http.send(req));
  const body = created?.body as { session_id?: string; session_expires_at?: string } | undefined;
  if (!created || !is2xx(created.status) || !body?.session_id) return;
  const clock = (await ctx.http.send({ method: 'GET', path: '/_sandbox/clock' })).body as { now?: string } | undefined;
  const left = Date.parse(body.session_expires_at ?? '') - Date.parse(clock?.now ?? '');
  await ctx.sandbox!.advanceClock(Number.isFinite(left) ? Math.ceil(left / 1000) + 1 : 86_400);
  ctx.tokens.reset();
  const path = `/_sandbox/sessions/${encodeURIComponent(body.session_id)}/pay`;
  const paid = await ctx.http.send({ method: 'POST', path, json: {} });
  const info = {
    name: 'paying a session after session_expires_at',
    subject: 'createSession',
    rule: 'session.expiry',
    provenance: seed('Session states', 'If it expires before completion, a new session must be created'),
  };
  if (is4xx(paid.status)) book.pass(info);
  else {
    const message = `the expired session ${body.session_id} was paid (${describeAnswer(paid)}), expected a refusal`;
    book.fail(info, fail(CHECK_ID, paid, message, 'session.expiry'));
  }
}
