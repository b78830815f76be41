/**
 * The store seen as a RuleContext (packages/runtime/src/rule-types.ts), handed to the generated
 * validators' checkStatefulRules. Handlers call it only after the customer was found for the
 * calling client, so customer ids here are already tenant-checked.
 */
import type { RuleContext } from './generated-api.js';
import { getAt } from './json.js';
import type { SandboxStore } from './store.js';

/** The rule context of one tenant: its clock is the tenant's own. */
export function storeRuleContext(store: SandboxStore, clientId: string): RuleContext {
  const clock = store.clockOf(clientId);
  return {
    now: () => clock.now(),
    // A-CONVERSION: a conversion is needed exactly when the currency differs from the wallet's.
    needsConversion: (customerId, currency) => store.customers.get(customerId)?.wallet_currency !== currency,
    getQuote(customerId, quoteId) {
      const q = store.quote(customerId, quoteId);
      if (q === undefined) return undefined;
      return {
        quoteId: q.quote_id,
        status: q.status,
        expiresAt: clock.iso(q.expiresAtMs),
        sellCurrency: q.sell_currency,
        buyCurrency: q.buy_currency,
      };
    },
    getThirdParty(customerId, ref) {
      const t = store.thirdParty(customerId, ref);
      if (t === undefined) return undefined;
      return {
        clientCustomerRef: t.client_customer_ref,
        complianceStatus: complianceStatus(t.verifiedAtMs, clock.now()),
      };
    },
    getRecipient(customerId, recipientId) {
      const r = store.recipient(customerId, recipientId);
      return r === undefined ? undefined : { recipientId: r.recipient_id, status: r.status, currency: r.currency };
    },
    isClientReferenceUsed(customerId, scope, ref) {
      if (scope === 'session') return store.isSessionReferenceTaken(customerId, ref);
      return store.thirdPartyPaymentRefs.has(`${customerId}\u0000${ref}`);
    },
    hasFailedRecipientCheck(customerId, body) {
      const entries = getAt(body, ['recipient_details']);
      if (!Array.isArray(entries)) return false;
      return entries.some((e) => {
        const id = getAt(e, ['recipient_id']);
        return typeof id === 'string' && store.recipient(customerId, id)?.nameCheck === 'failed';
      });
    },
  };
}

/** Seed: "Get a third-party customer and its compliance status"; the values are the mock's own
 * (assumption A-MOCK-COMPLIANCE): PENDING_VERIFICATION until verified, then VERIFIED. */
export function complianceStatus(verifiedAtMs: number, nowMs: number): 'PENDING_VERIFICATION' | 'VERIFIED' {
  return nowMs >= verifiedAtMs ? 'VERIFIED' : 'PENDING_VERIFICATION';
}
