/**
 * `payment-states.ts` and `webhooks.ts`: the state table as typed const data and the webhook kit
 * (runtime/payments/webhooks/) bound to it, so partners call `createWebhookConsumer({ store,
 * secret })` without passing the table (seed §Events).
 */
import path from 'node:path';
import type { Emitter } from '../../../generator/emitters/emitter.js';
import { loadStateTable } from '../state-table/load.js';

export const webhooksEmitter: Emitter = {
  name: 'payments-webhooks',
  emit(ctx) {
    const file = ctx.options.stateTable as string;
    const table = loadStateTable(file);
    const source = path.posix.basename(file.split(path.sep).join('/'));
    return [
      { path: 'payment-states.ts', contents: ctx.render('payment-states', { table, source }) },
      {
        path: 'webhooks.ts',
        contents: ctx.render('webhooks', {
          // The webhook whose payloads `validatePayloads` judges: the document's first one.
          webhook: ctx.model.webhooks[0]?.name ?? false,
          documentHash: ctx.model.documentHash,
        }),
      },
    ];
  },
};
