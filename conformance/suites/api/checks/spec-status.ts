/**
 * spec-status: every response status is documented for its operation (exact code, range, or
 * default), over every exchange the suite recorded.
 */
import { matchStatus } from '../generated-runtime.js';
import type { ConformanceCheck } from '../context.js';
import { overExchanges } from './spec-common.js';

export const specStatusCheck: ConformanceCheck = {
  id: 'spec-status',
  title: 'Every response status is documented for its operation',
  source: 'OpenAPI responses of each operation (spec/openapi.yaml); Errors table',
  severity: 'error',
  tags: ['spec'],
  phase: 'after',
  run: async (ctx) =>
    overExchanges(ctx, 'spec-status', (op, x) => {
      const status = x.response!.status;
      if (matchStatus(op.responses, status)) return undefined;
      return { message: `answered ${status}, which the document does not list (${op.responses.map((r) => r.status).join(', ')})`, rule: `responses of ${op.id}` };
    }),
};
