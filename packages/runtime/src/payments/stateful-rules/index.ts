/** The stateful rule vocabulary: keyword → implementation (one module each). */
import { confirmRecipientAfterFailure } from './confirm-recipient-after-failure.js';
import { quoteRequired } from './quote-required.js';
import { quoteUsable } from './quote-usable.js';
import { recipientActive } from './recipient-active.js';
import { thirdPartyKnown } from './third-party-known.js';
import type { StatefulRule } from './types.js';
import { uniqueClientReference } from './unique-client-reference.js';

// biome-ignore lint/suspicious/noExplicitAny: one registry for rules of every parameter type
export const statefulRules: Readonly<Record<string, StatefulRule<any>>> = Object.freeze({
  [quoteRequired.keyword]: quoteRequired,
  [quoteUsable.keyword]: quoteUsable,
  [thirdPartyKnown.keyword]: thirdPartyKnown,
  [uniqueClientReference.keyword]: uniqueClientReference,
  [recipientActive.keyword]: recipientActive,
  [confirmRecipientAfterFailure.keyword]: confirmRecipientAfterFailure,
});

export * from './types.js';
export type * from './context.js';
