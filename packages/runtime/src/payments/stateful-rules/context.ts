/**
 * What the payment rules ask of the service state (seed §Create payment (v3), §Sessions). Every
 * method is optional: a missing one makes its rules "not checked". Implemented by the sandbox's
 * store, or by a client-side cache.
 */
import type { RuleContext } from '../../rule-types.js';

export interface PaymentsRuleContext extends RuleContext {
  /** Does paying `currency` for this customer need a currency conversion (and so a quote)? */
  needsConversion?(customerId: string, currency: string): Promise<boolean> | boolean;
  getQuote?(customerId: string, quoteId: string): Promise<QuoteFacts | undefined> | QuoteFacts | undefined;
  getThirdParty?(
    customerId: string,
    clientCustomerRef: string,
  ): Promise<ThirdPartyFacts | undefined> | ThirdPartyFacts | undefined;
  getRecipient?(
    customerId: string,
    recipientId: string,
  ): Promise<RecipientFacts | undefined> | RecipientFacts | undefined;
  /** Has `clientReferenceId` already been used by this customer in `scope`? */
  isClientReferenceUsed?(
    customerId: string,
    scope: ClientReferenceScope,
    clientReferenceId: string,
  ): Promise<boolean> | boolean;
  /** Did an earlier attempt of this payment fail the CoP/VoP recipient-name check? */
  hasFailedRecipientCheck?(customerId: string, body: unknown): Promise<boolean> | boolean;
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
