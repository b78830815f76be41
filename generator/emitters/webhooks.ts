/**
 * `payment-states.ts` and `webhooks.ts`: when `config.stateTable` is set, the state table as typed
 * const data and the webhook kit (templates/runtime/webhooks/) bound to it, so partners call
 * `createWebhookConsumer({ store, secret })` without passing the table (seed §Events).
 */
import path from 'node:path';
import { loadStateTable } from '../../lib/state-table.js';
import type { Emitter } from './emitter.js';

export const webhooksEmitter: Emitter = {
  name: 'webhooks',
  emit(ctx) {
    if (ctx.config.stateTable === undefined) return [];
    const table = loadStateTable(ctx.config.stateTable);
    const source = path.posix.basename(ctx.config.stateTable.split(path.sep).join('/'));
    return [
      { path: 'payment-states.ts', contents: ctx.render('payment-states', { table, source }) },
      { path: 'webhooks.ts', contents: ctx.render('webhooks', {}) },
    ];
  },
};
