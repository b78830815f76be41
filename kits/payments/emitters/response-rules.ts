/**
 * `response-rules.ts`: the kit's response rules (packages/runtime/src/payments/response-rules.ts)
 * bound to this document's state table, which the generated client loads with its first judged
 * response (`validateResponses`).
 */
import type { Emitter } from '../../../generator/emitters/emitter.js';

export const responseRulesEmitter: Emitter = {
  name: 'payments-response-rules',
  emit(ctx) {
    return [{ path: 'response-rules.ts', contents: ctx.render('response-rules', {}) }];
  },
};
