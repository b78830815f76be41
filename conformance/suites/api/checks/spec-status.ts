/**
 * spec-status: every response status is documented for its operation (exact code, range, or
 * default), over every exchange the suite recorded. The seed lists a few error statuses and no
 * success code ("Success status codes of all operations: not shown"), so an unlisted 2xx, 4xx or
 * 5xx rests on A-SUCCESS-STATUS / A-ERROR-STATUS (a warning); a 1xx or 3xx answer is no outcome
 * of an API call at all (RFC 9110 §15).
 */
import { matchStatus } from '../generated-runtime.js';
import type { ConformanceCheck } from '../context.js';
import { http } from '../../../engine/provenance.js';
import { overExchanges } from './spec-common.js';

export const specStatusCheck: ConformanceCheck = {
  id: 'spec-status',
  title: 'Every response status is documented for its operation',
  source: 'OpenAPI responses of each operation (spec/openapi.yaml); Errors table',
  severity: 'error',
  tags: ['spec'],
  /** The rule ids its failures cite that no overlay or event rule defines (`cbp rules`). */
  rules: {
    'responses.<operationId>': {
      title: 'A response status is documented for the operation',
      provenance: { kind: 'assumption', ids: ['A-SUCCESS-STATUS', 'A-ERROR-STATUS'] },
    },
  },
  phase: 'after',
  run: async (ctx) =>
    overExchanges(ctx, 'spec-status', (op, x) => {
      const status = x.response!.status;
      if (matchStatus(op.responses, status)) return undefined;
      const listed = op.responses.map((r) => r.status).join(', ');
      const provenance =
        status >= 200 && status < 300
          ? ctx.provenance.status('unlistedSuccess')
          : status >= 400 && status < 600
            ? ctx.provenance.status('unlistedError')
            : http('RFC 9110 §15: an API call ends in a final 2xx, 4xx or 5xx; no redirect is documented');
      return {
        message: `answered ${status}, which the document does not list (${listed})`,
        rule: `responses.${op.id}`,
        provenance,
      };
    }),
};
