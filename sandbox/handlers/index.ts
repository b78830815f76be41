/** Every API operation of spec/openapi.yaml, by operation id: one handler each, typed by the generated
 * `Handlers` (tsc checks each one's request and answers against the document, and fails here when an
 * operation has no handler). */
import { issueToken } from '../auth.js';
import type { SandboxContext } from '../context.js';
import type { Handlers } from '../generated-api.js';
import type { AuthInfo } from '../http/responses.js';
import { paymentHandlers } from './payments.js';
import { sessionHandlers } from './sessions.js';
import { thirdPartyHandlers } from './third-parties.js';
import { virtualAccountHandlers } from './virtual-accounts.js';

/** The generated interface; the principal the store's authenticator hands every secured operation. */
export type ApiHandlers = Handlers<AuthInfo>;

/** The operations one area's module answers. */
export type ApiHandlersOf<K extends keyof ApiHandlers> = Pick<ApiHandlers, K>;

export function createApiHandlers(ctx: SandboxContext): ApiHandlers {
  return {
    requestAccessToken: ({ body }) => issueToken(ctx.store, body, ctx.options.tokenTtlSeconds),
    ...virtualAccountHandlers(ctx),
    ...paymentHandlers(ctx),
    ...sessionHandlers(ctx),
    ...thirdPartyHandlers(ctx),
  };
}
