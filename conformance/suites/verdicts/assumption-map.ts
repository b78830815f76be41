/**
 * The one data file of the grading: which expectations of the conformance runner rest on an
 * assumption rather than on a seed statement, where spec/ does not (yet) say so with
 * `x-assumption`. An `x-assumption` in spec/ always wins; this map only fills the gaps
 * (conformance/verdicts/spec-provenance.ts reads it). Read against the seed and the assumption
 * table of spec/README.md.
 */

export interface AssumptionMap {
  /** Ids spec/README.md does not list yet: their text and the seed words they rest on. */
  provisional: Record<string, { text: string; seed: string }>;
  /** Keywords an assumption on a schema node covers; [] = it only keeps the schema open. Unlisted: every keyword. */
  scope: Record<string, string[]>;
  /** `Component` or `Component.property` (everything under it) → keyword or `*` → ids. */
  schemas: Record<string, Record<string, string[]>>;
  /** Required query parameters, `operationId.name` → ids. */
  parameters: Record<string, string[]>;
  /** Overlay rules; `pointer` / `description` are regular expressions; the first match wins; `seed` overrides a rule-level assumption. */
  rules: Array<{ rule: string; pointer?: string; description?: string; ids?: string[]; seed?: string }>;
  /** Status expectations of the auth and spec-status checks. */
  statuses: { unlistedError: string[]; unlistedSuccess: string[]; exact401: string[] };
}

export const assumptionMap: AssumptionMap = {
  provisional: {
    'A-CODE-CASE': {
      text: 'Currency and country codes are upper case; a lower-case code is refused.',
      seed: 'Resources › Amount object: "3 characters, ISO 4217 code" (case not stated)',
    },
    'A-RECIPIENT-PURPOSE': {
      text: "A recipient entry's purpose_of_transaction follows the top-level rules (case sensitive, not null or empty).",
      seed: 'Payment request table: "Recipient entry fields that appear: ... purpose_of_transaction (enum)" (rules are stated for the top-level field only)',
    },
    'A-UNNEEDED-QUOTE': {
      text: 'The service refuses a quote_id sent for a same-currency payment.',
      seed: 'Payment request table: quote_id "omitted entirely for a same-currency payment" (the caller\'s duty; a refusal is not stated)',
    },
    'A-QUERY-REQUIRED': {
      text: "The lookup's client_reference_id and the view's unique-ref are required query parameters.",
      seed: 'Endpoints: "?client_reference_id={ref}", "?unique-ref={unique_identifier}" (a call without them: not shown)',
    },
    'A-TENANT-ISOLATION': {
      text: "A client's token does not reach another client's customers (answered 4xx).",
      seed: 'Authentication: "customer-facing APIs" (per-client isolation is not stated)',
    },
    'A-TIMESTAMP-RESPONSE': {
      text: 'created_datetime is an RFC 3339 date-time with an offset.',
      seed: 'Payment table: created_datetime "datetime" (format not shown)',
    },
    'A-LOOKUP-FIELDS': {
      text: 'All four always-listed fields of a session lookup record are present.',
      seed: 'Session lookup record: "session_id, has_payment, payment_id (present when has_payment is true), latest_status, session_expires_at"',
    },
    'A-SAMPLE-PAYLOADS': {
      text: "The runner's sample payloads for operations whose payloads are not shown (third parties, legacy) are accepted.",
      seed: 'Third-party customer operations: "Request and response payloads: not shown"; Legacy: "Their payloads: not shown"',
    },
    'A-EVENT-ID-SCOPE': {
      text: 'event_id is unique across payments, so a consumer can deduplicate on event_id alone.',
      seed: 'Events, consumer rule 1: "A repeated event_id is a duplicate" (its scope is not stated)',
    },
  },
  scope: {
    'A-MAX-RECIPIENTS': [],
    'A-MAX-ITEMS': [],
    'A-OPEN-STATUS': [],
    'A-RECORD-FIELDS': [],
    'A-CONFIRM-RECIPIENT': [],
    'A-ITEM-TYPE-OPEN': [],
    'A-VA-FIELDS': [],
    'A-SESSION-STATUS-OPEN': [],
    'A-THIRD-PARTY-PAYLOAD': [],
    'A-LEGACY-PAYLOAD': [],
    'A-SESSION-URL-FIELD': ['required'],
    'A-SESSION-REQUIRED': ['required'],
    'A-AMOUNT-REQUIRED': ['required'],
    'A-RECIPIENT-REQUIRED': ['required'],
    'A-PURPOSE-OPEN': ['pattern', 'enum', 'const'],
    'A-PAYMENT-FIELDS': ['required'],
    'A-WEBHOOK-REQUIRED': ['required'],
    'A-TIMESTAMP-FORMAT': ['format'],
  },
  schemas: {
    CurrencyCode: { pattern: ['A-CODE-CASE'] },
    'VirtualAccountRequest.vban_country': { pattern: ['A-CODE-CASE'] },
    'RecipientEntry.purpose_of_transaction': { '*': ['A-RECIPIENT-PURPOSE'] },
    'SessionRecipientEntry.purpose_of_transaction': { '*': ['A-SESSION-PURPOSE'] },
    'Payment.created_datetime': { format: ['A-TIMESTAMP-RESPONSE'] },
    SessionLookupRecord: { required: ['A-LOOKUP-FIELDS'] },
    'SessionLookupRecord.session_expires_at': { format: ['A-TIMESTAMP-FORMAT'] },
    'PaymentStatusEvent.event_timestamp': { format: ['A-TIMESTAMP-FORMAT'] },
  },
  parameters: {
    'lookupSessions.client_reference_id': ['A-QUERY-REQUIRED'],
    'getVirtualAccount.unique-ref': ['A-QUERY-REQUIRED'],
  },
  rules: [
    { rule: 'payment.recipient-sum', description: 'recipient amount in|more decimals', ids: ['A-SUM-CURRENCY'] },
    { rule: 'payment.recipient-sum', seed: 'Create payment (v3), rule 3: "the sum of entry amounts equals amount"' },
    { rule: 'payment.purpose-case', pointer: '^/recipient_details/', ids: ['A-RECIPIENT-PURPOSE'] },
    { rule: 'payment.purpose-case', description: '(empty|null)$', seed: 'Payment request table: purpose_of_transaction "cannot be null or empty"' },
    { rule: 'payment.purpose-case', ids: ['A-PURPOSE-OPEN'] },
    { rule: 'payment.quote-required', description: 'same-currency', ids: ['A-UNNEEDED-QUOTE', 'A-CONVERSION'] },
    { rule: 'payment.quote-required', ids: ['A-CONVERSION'] },
    { rule: 'session.purpose-case', ids: ['A-SESSION-PURPOSE'] },
  ],
  statuses: { unlistedError: ['A-ERROR-STATUS'], unlistedSuccess: ['A-SUCCESS-STATUS'], exact401: ['A-401'] },
};
