/**
 * The API side of the mock is the generated router (dogfooding): it routes (404/405), checks the
 * body size (413), authenticates through the store (401, before anything about the body is
 * said), negotiates the media type (415), parses (400) and validates with the generated
 * validators (400) before a handler runs. This file only adapts the mock's plain handlers to the
 * typed `Handlers` interface: an operation added to spec/ without a mock handler fails tsc here.
 */
import { authenticate, isAuthInfo } from '../auth.js';
import { createRouter, type AuthenticateInput, type AuthenticateResult, type EagerHandle, type HandlerResponse, type Handlers, type Router } from '../generated-api.js';
import type { ApiHandlers } from '../handlers/index.js';
import type { SandboxStore } from '../store.js';
import { ANONYMOUS, type AuthInfo, type SandboxHandler } from './responses.js';

type AnyRequest = { params: unknown; query: unknown; headers: Record<string, string>; body: unknown; auth: unknown };
type Fn<K extends keyof Handlers> = Handlers[K];

/** One typed handler from a plain one. The result is the plain handler's {status, body, headers}:
 * responses are checked against the document by `validateResponses` in tests, not by tsc. */
function typed<K extends keyof Handlers>(fn: SandboxHandler): Fn<K> {
  // Not async: the router awaits the result inside its try, so a sync throw is still a 500, and
  // the extra promise per request is saved.
  const adapted = (req: AnyRequest) =>
    fn({
      params: req.params as Record<string, string>,
      query: req.query as Record<string, string | string[] | undefined>,
      body: req.body,
      auth: (req.auth as AuthInfo | undefined) ?? ANONYMOUS,
      headers: req.headers,
    }) as HandlerResponse<unknown> | Promise<HandlerResponse<unknown>>;
  return adapted as unknown as Fn<K>;
}

export function generatedHandlers(h: ApiHandlers): Handlers {
  return {
    requestAccessToken: typed<'requestAccessToken'>(h.requestAccessToken),
    getVirtualAccount: typed<'getVirtualAccount'>(h.getVirtualAccount),
    requestVirtualAccount: typed<'requestVirtualAccount'>(h.requestVirtualAccount),
    createPayment: typed<'createPayment'>(h.createPayment),
    lookupSessions: typed<'lookupSessions'>(h.lookupSessions),
    createSession: typed<'createSession'>(h.createSession),
    createThirdParty: typed<'createThirdParty'>(h.createThirdParty),
    getThirdParty: typed<'getThirdParty'>(h.getThirdParty),
    updateThirdParty: typed<'updateThirdParty'>(h.updateThirdParty),
    legacyMakePayment: typed<'legacyMakePayment'>(h.legacyMakePayment),
    legacyReviewPayments: typed<'legacyReviewPayments'>(h.legacyReviewPayments),
    legacyViewPayment: typed<'legacyViewPayment'>(h.legacyViewPayment),
  };
}

/** The store as the router's Authenticator: Bearer tokens on the sandbox clock, API keys where
 * the operation's security allows them (A-SECURITY-UNSTATED). */
export function storeAuthenticator(store: SandboxStore) {
  return (input: AuthenticateInput): AuthenticateResult => {
    const allowApiKey = input.security.some((alt) => alt.some((name) => input.schemes[name]?.type === 'apiKey'));
    const who = authenticate(store, input.headers, allowApiKey);
    if (isAuthInfo(who)) return { ok: true, principal: who };
    const message = (who.body as { errors: Array<{ message: string }> }).errors[0]?.message;
    return { ok: false, status: 401, message, challenge: 'Bearer' };
  };
}

export interface ApiRouterOptions {
  store: SandboxStore;
  handlers: ApiHandlers;
  bodyLimit: number;
  /** Deepest accepted JSON nesting (the router answers 400 request.too-deep beyond). */
  maxJsonDepth?: number;
  /** Check every answer against the document (tests); an invalid one becomes a 500. */
  validateResponses?: boolean;
  onError?: (error: unknown, context: { operationId?: string; phase: string }) => void;
}

export function createApiRouter(o: ApiRouterOptions): Router & { readonly bodyLimit: number; handleEager: EagerHandle } {
  return createRouter({
    handlers: generatedHandlers(o.handlers),
    authenticate: storeAuthenticator(o.store),
    bodyLimit: o.bodyLimit,
    maxJsonDepth: o.maxJsonDepth,
    validateResponses: o.validateResponses,
    onError: o.onError,
  });
}
