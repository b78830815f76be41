/** spec-schema: every response body validates against its documented schema (generated validators). */
import type { ConformanceCheck } from '../context.js';
import { overExchanges } from './spec-common.js';

export const specSchemaCheck: ConformanceCheck = {
  id: 'spec-schema',
  title: 'Every response body validates against its schema',
  source: 'Resources and their fields; OpenAPI response schemas (spec/openapi.yaml)',
  severity: 'error',
  tags: ['spec'],
  phase: 'after',
  run: async (ctx) =>
    overExchanges(ctx, 'spec-schema', (op, x) => {
      const r = x.response!;
      const outcome = ctx.validators.response(op.id, r.status, r.headers['content-type'], r.body);
      if (outcome.valid) return undefined;
      const v = outcome.violations.slice(0, 3).map((e) => `${e.pointer || '/'}: ${e.message}`);
      return { message: `${r.status} body does not match its schema: ${v.join('; ')}`, rule: outcome.violations[0]?.rule ?? 'schema' };
    }),
};
