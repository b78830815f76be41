/**
 * What the firm-statements scenarios share: sending a case and recording whether the answer is the
 * class the service description wants (2xx, 4xx, or 404 where the Errors table lists it).
 */
import type { CaseBook, CaseInfo } from '../../../../engine/case-book.js';
import type { SendResult } from '../../../../engine/http.js';
import { assumption, http } from '../../../../engine/provenance.js';
import type { RunContext } from '../../context.js';
import type { RequestCase } from '../../requests.js';
import { describeAnswer, fail, is2xx, is4xx } from '../util.js';

export const CHECK_ID = 'firm-statements';

export type Want = '2xx' | '4xx' | '404';

const serverFailure = () => http('RFC 9110 §15.6: a 5xx is a server failure');
const errorStatus = () => assumption('A-ERROR-STATUS', 'Errors');

export type Expect = (req: RequestCase, want: Want, info: CaseInfo) => Promise<SendResult>;

/** Sends a case and records it in the book: passed when the answer is of the wanted class. */
export function caseExpecter(ctx: RunContext, book: CaseBook): Expect {
  return async (req, want, info) => {
    const res = await ctx.http.send(req);
    const ok = want === '2xx' ? is2xx(res.status) : want === '4xx' ? is4xx(res.status) : res.status === 404;
    if (ok) book.pass(info);
    else {
      // Another 4xx where 404 is listed rests on A-ERROR-STATUS; a 5xx is a server failure.
      const otherClientError = want === '404' && is4xx(res.status);
      const provenance = res.status >= 500 ? serverFailure() : otherClientError ? errorStatus() : info.provenance;
      const message = `${info.name}: answered ${describeAnswer(res)}, expected ${want}`;
      const failure = fail(CHECK_ID, res, message, info.rule ?? CHECK_ID, 'error', info.subject);
      book.fail({ ...info, provenance }, { ...failure, provenance });
    }
    return res;
  };
}

/** The same request for another customer id (the path segment and the case's customer). */
export function forCustomer(req: RequestCase, customerId: string): RequestCase | undefined {
  const segment = `/${encodeURIComponent(req.customerId ?? '')}/`;
  if (!req.customerId || !req.path.includes(segment)) return undefined;
  return { ...req, customerId, path: req.path.replace(segment, `/${encodeURIComponent(customerId)}/`) };
}
