/**
 * The one error model shared by the generated client (pre-flight), the generated server
 * (its 400 body), the mock and the conformance runner. Copied verbatim into generated/runtime/.
 */

/** One broken rule. `rule` is a stable id: an overlay rule id (`payment.recipient-sum`) or
 * `schema.<keyword>` for a plain JSON Schema constraint (`schema.required`). */
export interface RuleViolation {
  rule: string;
  /** RFC 6901 pointer into the validated value (request body, query, params or payload). */
  pointer: string;
  message: string;
  /** Where the rule comes from: a seed section, or `OpenAPI schema` for schema constraints. */
  source: string;
  /** Which part of the request was validated. */
  in?: 'body' | 'params' | 'query' | 'headers' | 'response' | 'webhook';
}

/** A stateful rule that could not be evaluated (no RuleContext, or the context lacks the method).
 * Never counted as passed. */
export interface RuleNotChecked {
  rule: string;
  reason: string;
  source: string;
}

export interface ValidationOutcome {
  valid: boolean;
  violations: RuleViolation[];
  notChecked: RuleNotChecked[];
}

/** What a stateful rule may ask of the service state. Every method is optional: a missing one
 * makes its rules "not checked". Implemented by the mock's store, or by a client-side cache. */
export interface RuleContext {
  /** Does paying `currency` for this customer need a currency conversion (and so a quote)? */
  needsConversion?(customerId: string, currency: string): Promise<boolean> | boolean;
  getQuote?(customerId: string, quoteId: string): Promise<QuoteFacts | undefined> | QuoteFacts | undefined;
  getThirdParty?(customerId: string, clientCustomerRef: string): Promise<ThirdPartyFacts | undefined> | ThirdPartyFacts | undefined;
  getRecipient?(customerId: string, recipientId: string): Promise<RecipientFacts | undefined> | RecipientFacts | undefined;
  /** Has `clientReferenceId` already been used by this customer in `scope`? */
  isClientReferenceUsed?(customerId: string, scope: ClientReferenceScope, clientReferenceId: string): Promise<boolean> | boolean;
  /** Did an earlier attempt of this payment fail the CoP/VoP recipient-name check? */
  hasFailedRecipientCheck?(customerId: string, body: unknown): Promise<boolean> | boolean;
  /** The current time, so that a sandbox clock can move expiries. Defaults to Date.now(). */
  now?(): number;
}

export type ClientReferenceScope = 'session' | 'third-party-payment';

export interface QuoteFacts {
  quoteId: string;
  status: 'active' | 'expired' | 'used' | 'cancelled' | string;
  /** ISO 8601 date-time. */
  expiresAt: string;
  /** Currency the customer pays in and currency paid out, when known. */
  sellCurrency?: string;
  buyCurrency?: string;
}

export interface ThirdPartyFacts {
  clientCustomerRef: string;
  complianceStatus?: string;
}

export interface RecipientFacts {
  recipientId: string;
  status: 'active' | 'inactive' | string;
  currency?: string;
}
