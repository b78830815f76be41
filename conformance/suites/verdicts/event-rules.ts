/**
 * The rule ids of the event judge, each with the seed words (or the assumption) it rests on. What
 * the seed states is a failure; what it calls "usually", "may" or "not shown" is a warning unless
 * --strict (conformance/engine/provenance.ts). `cbp rules` lists these with the overlay rules.
 */
import { assumption, notShown, type Provenance, seed } from '../../engine/provenance.js';

export interface RuleEntry {
  title: string;
  provenance: Provenance;
}

const EVENTS = 'Events';
const STATES = 'States and transitions';

export const eventRules = {
  'events.first-carries-payment-id': {
    title: 'The first webhook carries payment_id',
    provenance: seed(`${STATES}, row 1`, 'First webhook carries payment_id'),
  },
  'events.event-id-present': {
    title: 'Every webhook carries event_id',
    provenance: seed('Reconciliation identifiers: event_id', 'Every webhook | Idempotency key'),
  },
  'events.event-id-same-event': {
    title: 'A repeated event_id carries the same event (status, payment, recipient)',
    provenance: seed(`${EVENTS}, consumer rule 1`, 'A repeated event_id is a duplicate (delivery retry or redelivery)'),
  },
  'events.event-id-redelivery-timestamp': {
    title: 'A redelivery keeps the event_timestamp of the event',
    provenance: notShown(`${EVENTS}, consumer rule 2`, 'event_timestamp determines the real order', [
      'A-WEBHOOK-REQUIRED',
    ]),
  },
  'events.timestamp-ties': {
    title: 'Events of one payment tied on event_timestamp arrived out of the state table order (judged in table order)',
    provenance: notShown(
      `${EVENTS}, consumer rule 2`,
      'event_timestamp determines the real order (its precision: not shown)',
    ),
  },
  'events.event-id-across-payments': {
    title: 'event_id is unique across payments',
    provenance: assumption('A-EVENT-ID-SCOPE', `${EVENTS}, consumer rule 1`),
  },
  'events.payout-recipient-id': {
    title: 'PAYOUT_INITIATED and PAYOUT_CREDITED carry recipient_id',
    provenance: seed(`${STATES}, row 4`, 'One webhook per recipient, with recipient_id'),
  },
  'events.payout-once-per-recipient': {
    title: 'One PAYOUT_INITIATED and one PAYOUT_CREDITED per recipient',
    provenance: seed(`${STATES}, rows 4-5`, 'Once per recipient'),
  },
  'events.credited-after-initiated': {
    title: "A recipient's PAYOUT_CREDITED follows its PAYOUT_INITIATED",
    provenance: seed(`${STATES}, row 5`, 'PAYOUT_INITIATED | Payout credited | Once per recipient | PAYOUT_CREDITED'),
  },
  'events.completed-after-all-credited': {
    title: 'PAYMENT_COMPLETED only after every recipient is credited',
    provenance: seed(`${STATES}, row 6`, 'Emitted only after all recipients are paid'),
  },
  'events.completed-within-5-minutes': {
    title: 'PAYMENT_COMPLETED within 5 minutes of the last PAYOUT_CREDITED (event_timestamp)',
    provenance: seed('Limits', 'PAYMENT_COMPLETED | Expected within 5 minutes of the last PAYOUT_CREDITED'),
  },
  'events.one-completed': {
    title: 'One PAYMENT_COMPLETED per payment',
    provenance: seed(`${EVENTS}, consumer rule 4`, 'then one PAYMENT_COMPLETED'),
  },
  'events.flow-completes': {
    title: 'A funded payment reaches PAYMENT_COMPLETED; a cancelled one sends CANCELLED',
    provenance: seed(`${STATES}, rows 6-7`),
  },
  'events.nothing-after-cancelled': {
    title: 'No webhook follows CANCELLED',
    provenance: seed(`${STATES}, row 7`, 'No further webhooks follow'),
  },
  'events.first-usually-awaiting-funds': {
    title: 'The first webhook is AWAITING_FUNDS or PROCESSING',
    provenance: notShown(
      `${EVENTS} table`,
      'AWAITING_FUNDS: Usually the first webhook; PROCESSING: May be the first webhook',
    ),
  },
  'events.stage-missing': {
    title: 'Every documented stage of a completed payment is notified',
    provenance: notShown(
      `${EVENTS}, consumer rule 4`,
      'Expected single-recipient order: AWAITING_FUNDS, RECEIVED_FUNDS, FX_COMPLETED, ...',
    ),
  },
  'events.move-not-shown': {
    title: 'Moves outside the state table',
    provenance: notShown(
      STATES,
      'Transitions of BOUNCED_BACK and PROCESSING, and any move not in the table: not shown',
    ),
  },
  'events.fx-skipped': {
    title: 'FX_COMPLETED for a same-currency payment',
    provenance: assumption('A-STATE-2', STATES),
  },
  'events.after-completed': {
    title: 'Nothing but BOUNCED_BACK follows PAYMENT_COMPLETED',
    provenance: assumption('A-STATE-3', STATES),
  },
  'events.payouts-interleaved': {
    title: "A recipient's PAYOUT_INITIATED after another recipient's PAYOUT_CREDITED",
    provenance: assumption('A-STATE-1', `${EVENTS}, consumer rule 4`),
  },
  'events.unlisted-status': {
    title: 'Statuses beyond the nine that appear',
    provenance: assumption('A-OPEN-STATUS', 'Payment statuses that appear'),
  },
  'events.field-under-data': {
    title: 'Webhook fields at the top level of the payload (not under data)',
    provenance: notShown(EVENTS, 'Complete payload schema: not shown', ['A-WEBHOOK-REQUIRED']),
  },
  'events.payload-fields': {
    title: 'Every webhook has event_timestamp, payment_id and status',
    provenance: assumption('A-WEBHOOK-REQUIRED', EVENTS),
  },
  'events.reference-echo': {
    title: "client_reference_id / client_customer_ref are the caller's values",
    provenance: seed('Reconciliation identifiers', 'client_reference_id | Supplied by the caller'),
  },
  'events.reference-absent': {
    title: 'client_reference_id / client_customer_ref / session_id appear on the webhooks of the payment',
    provenance: notShown(
      'Events: fields that appear in a webhook',
      'client_reference_id, client_customer_ref, session_id (hosted sessions only)',
    ),
  },
  'events.session-id': {
    title: 'session_id links webhooks to the session; absent for API payments',
    provenance: seed('Reconciliation identifiers', 'session_id is absent for API payments'),
  },
  'events.signature': {
    title: 'Deliveries verify with the signing scheme',
    provenance: assumption(
      'A-WEBHOOK-SIGNATURE',
      'Events: "a third-party webhook delivery provider that signs deliveries"',
    ),
  },
} as const satisfies Record<string, RuleEntry>;

export type EventRuleId = keyof typeof eventRules;
