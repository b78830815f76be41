/** Every API operation of spec/openapi.yaml, by operation id: one plain handler each. */
import type { SandboxContext } from '../context.js';
import { issueToken } from '../auth.js';
import type { SandboxHandler } from '../http/responses.js';
import { paymentHandlers } from './payments.js';
import { sessionHandlers } from './sessions.js';
import { thirdPartyHandlers } from './third-parties.js';
import { virtualAccountHandlers } from './virtual-accounts.js';

export type ApiHandlers = Record<string, SandboxHandler>;

export function createApiHandlers(ctx: SandboxContext): ApiHandlers {
  return {
    requestAccessToken: ({ body }) => issueToken(ctx.store, body, ctx.options.tokenTtlSeconds),
    ...virtualAccountHandlers(ctx),
    ...paymentHandlers(ctx),
    ...sessionHandlers(ctx),
    ...thirdPartyHandlers(ctx),
  };
}
