/** Create hosted payment session: "The response carries a session URL" (its field name: not shown). */
import type { CaseBook } from '../../../../engine/case-book.js';
import { seed } from '../../../../engine/provenance.js';
import type { RecordedExchange } from '../../../../engine/recorder.js';
import type { RunContext } from '../../context.js';
import { is2xx } from '../util.js';
import { CHECK_ID } from './expect.js';

export async function sessionUrl(ctx: RunContext, book: CaseBook): Promise<void> {
  const answered = (e: RecordedExchange) => !!e.response && is2xx(e.response.status);
  const x = ctx.recorder.exchanges.find((e) => e.operationId === 'createSession' && answered(e));
  if (!x) return;
  const values = Object.values((x.response!.body ?? {}) as Record<string, unknown>);
  const info = {
    name: 'the session creation response carries a session URL',
    subject: 'createSession',
    rule: 'session.url',
    provenance: seed('Create hosted payment session', 'The response carries a session URL'),
  };
  if (values.some((v) => typeof v === 'string' && /^https?:\/\//.test(v))) book.pass(info);
  else
    book.fail(info, {
      checkId: CHECK_ID,
      subject: 'createSession',
      severity: 'error',
      message: 'no field of the session creation response holds a URL',
      evidence: { exchanges: [x] },
    });
}
