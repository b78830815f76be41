/** spec-content-type: a response body comes with a content type its documented response declares. */
import { matchMediaType, matchStatus } from '../generated-runtime.js';
import type { ConformanceCheck } from '../context.js';
import { assumption } from '../../../engine/provenance.js';
import { overExchanges } from './spec-common.js';

export const specContentTypeCheck: ConformanceCheck = {
  id: 'spec-content-type',
  title: 'The response content type matches the documented one',
  source: 'OpenAPI response content (spec/openapi.yaml; assumption A-JSON)',
  severity: 'error',
  tags: ['spec'],
  /** The rule ids its failures cite that no overlay or event rule defines (`cbp rules`). */
  rules: {
    'responses.<operationId>.content': {
      title: 'A response content type is documented',
      provenance: { kind: 'assumption', ids: ['A-JSON'] },
    },
  },
  phase: 'after',
  run: async (ctx) =>
    overExchanges(ctx, 'spec-content-type', (op, x) => {
      const r = x.response!;
      const declared = Object.keys(matchStatus(op.responses, r.status)?.content ?? {});
      if (declared.length === 0 || r.body === undefined) return undefined;
      const ct = r.headers['content-type'];
      if (ct !== undefined && matchMediaType(declared, ct) !== undefined) return undefined;
      return {
        message: `${r.status} answered content-type ${ct ?? '(none)'}, documented: ${declared.join(', ')}`,
        rule: `responses.${op.id}.content`,
        provenance: assumption('A-JSON', 'Media types of bodies: not shown'),
      };
    }),
};
