/**
 * Which failures likely follow from which (engine/root-causes.ts applies them): a payout without
 * recipient_id makes its recipient look unpaid, an event_id carrying another event duplicates a
 * payout, a refused valid base hides its negative cases.
 */
import type { CauseRelation } from '../../engine/root-causes.js';

export const causeRelations: readonly CauseRelation[] = [
  { cause: /^events\.first-carries-payment-id$/, consequences: /^events\./, sameSubject: true },
  {
    cause: /^events\.payout-recipient-id$/,
    consequences:
      /^(events\.(payout-once-per-recipient|completed-after-all-credited|credited-after-initiated|move-not-shown|payouts-interleaved|flow-completes)|webhook\.payout-recipient-id)$/,
    sameSubject: true,
  },
  { cause: /^events\.payout-recipient-id$/, consequences: /^webhook\.payout-recipient-id$/, sameSubject: false },
  {
    cause: /^events\.event-id-same-event$/,
    consequences:
      /^events\.(payout-once-per-recipient|move-not-shown|nothing-after-cancelled|one-completed|after-completed)$/,
    sameSubject: true,
  },
  {
    cause: /^events\.nothing-after-cancelled$/,
    consequences: /^events\.(move-not-shown|unlisted-status)$/,
    sameSubject: true,
  },
  {
    cause: /^events\.payout-once-per-recipient$/,
    consequences: /^events\.(move-not-shown|completed-after-all-credited)$/,
    sameSubject: true,
  },
  { cause: /^positive\./, consequences: /^negative\.not-attributable$/, sameSubject: true, anyCheck: true },
];
