/**
 * Creating a payment, shared by Create payment (v3), the legacy make-payment endpoint and
 * /_sandbox/sessions/{id}/pay: every rule of the overlay (stateless ones ran in the router;
 * stateful ones here through the generated checkStatefulRulesEager over the store), then the CoP/VoP
 * recipient-name check, then the record and its first webhook (seed §States: AWAITING_FUNDS).
 */
import { checkStatefulRulesEager, isPromiseLike, type components } from '../generated-api.js';
import type { SandboxContext } from '../context.js';
import { fail, violations, type ErrorResponse } from '../http/responses.js';
import { getAt, isObject, str } from '../json.js';
import type { Amount, PaymentRecord, RecipientProgress } from '../types.js';
import type { ValidationOutcome } from 'cross-border-payments-runtime/client';

const NAME_CHECK_SOURCE = 'Create payment (v3), rule 5; Errors, rule 2';

/** Why a payment is not created: a 400 with the rules it breaks. */
export type Refusal = ErrorResponse<400>;

type MaybeRefused = Refusal | undefined | Promise<Refusal | undefined>;

/** A payment as the API shows it (spec/openapi.yaml, components.schemas.Payment). */
export type PaymentView = components['schemas']['Payment'];

/** Runs the stateful rules and the name check; undefined when the request may proceed. The
 * store answers the rules synchronously, so this does too (no promise per payment);
 * a promise only if the rule context is ever given an asynchronous context. */
export function paymentPreconditions(ctx: SandboxContext, customerId: string, body: unknown): MaybeRefused {
  const outcome = checkStatefulRulesEager(
    'createPayment',
    { params: { customer_id: customerId }, body },
    ctx.rulesFor(ctx.store.customers.get(customerId)?.clientId ?? ''),
  );
  if (isPromiseLike(outcome)) return Promise.resolve(outcome).then((o) => afterRules(ctx, customerId, body, o));
  return afterRules(ctx, customerId, body, outcome);
}

function afterRules(ctx: SandboxContext, customerId: string, body: unknown, outcome: ValidationOutcome) {
  if (!outcome.valid) return violations(400, outcome.violations);
  return nameCheck(ctx, customerId, body);
}

/** Seed §Create payment rule 5: a failed CoP/VoP check is an error; the resubmission with
 * confirm_recipient succeeds. Armed per recipient by /_sandbox/recipients/{id}/fail-name-check. */
function nameCheck(ctx: SandboxContext, customerId: string, body: unknown): Refusal | undefined {
  const entries = getAt(body, ['recipient_details']);
  if (!Array.isArray(entries)) return undefined;
  const confirmed = isObject(getAt(body, ['confirm_recipient']));
  for (const [i, entry] of entries.entries()) {
    const r = ctx.store.recipient(customerId, str(getAt(entry, ['recipient_id'])) ?? '');
    if (r === undefined) continue;
    if (confirmed) {
      r.nameCheck = 'pass';
      continue;
    }
    if (r.nameCheck === 'fail-next' || r.nameCheck === 'failed') {
      r.nameCheck = 'failed';
      return fail(
        400,
        'payment.recipient-name-check',
        `the recipient name check (CoP/VoP) failed for ${r.recipient_id}; ` +
          `correct the details or resubmit with confirm_recipient`,
        `/recipient_details/${i}/recipient_id`,
        NAME_CHECK_SOURCE,
      );
    }
  }
  return undefined;
}

export interface NewPayment {
  customerId: string;
  body: Record<string, unknown>;
  via: PaymentRecord['via'];
  sessionId?: string;
}

/** Stores the payment and emits its first event. Third-party references are reserved
 * synchronously, so concurrent duplicates cannot both pass (Errors rule 1). */
export function createPaymentRecord(ctx: SandboxContext, p: NewPayment): PaymentRecord | Refusal {
  const b = p.body;
  const isThirdParty = b.is_third_party_payment === true;
  const ref = str(b.client_reference_id);
  if (isThirdParty && ref !== undefined) {
    const key = `${p.customerId}\u0000${ref}`;
    if (ctx.store.thirdPartyPaymentRefs.has(key)) {
      return fail(
        400,
        'payment.client-reference-unique',
        `/client_reference_id ${JSON.stringify(ref)} was already used by this customer`,
        '/client_reference_id',
        'Errors, rule 1',
      );
    }
    ctx.store.thirdPartyPaymentRefs.add(key);
  }
  const payment: PaymentRecord = {
    payment_id: ctx.store.newId('pay'),
    instruction_number: ctx.store.nextInstructionNumber(ctx.store.customers.get(p.customerId)?.clientId ?? ''),
    customer_id: p.customerId,
    amount: b.amount as Amount,
    recipient_details: recipientsOf(b.recipient_details),
    status: '',
    created_datetime: ctx.store.clockOfCustomer(p.customerId).iso(),
    purpose_of_transaction: str(b.purpose_of_transaction),
    quote_id: str(b.quote_id),
    is_third_party_payment: isThirdParty,
    client_reference_id: ref,
    client_customer_ref: str(b.client_customer_ref),
    payment_reference: str(b.payment_reference),
    session_id: p.sessionId,
    held: false,
    fundsDelivered: false,
    via: p.via,
    lastEventMs: 0,
    events: [],
  };
  ctx.store.payments.set(payment.payment_id, payment);
  const customer = ctx.store.customers.get(p.customerId);
  const firstStatus = customer?.nextFirstStatus;
  if (firstStatus !== undefined) customer!.nextFirstStatus = undefined;
  ctx.lifecycle.created(payment, firstStatus);
  return payment;
}

/** Each recipient entry as sent (objects only), with its payout progress to come. Loops rather
 * than filter/map/spread: this runs for every payment created. */
function recipientsOf(details: unknown): RecipientProgress[] {
  const out: RecipientProgress[] = [];
  if (!Array.isArray(details)) return out;
  for (const e of details) {
    if (!isObject(e)) continue;
    const copy: RecipientProgress = { ...e, recipient_id: str(e.recipient_id) ?? '' };
    out.push(copy);
  }
  return out;
}

/** A recipient entry as the API shows it: its payout progress as payout_status. */
function recipientView(entry: RecipientProgress): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in entry) if (k !== 'status' && Object.hasOwn(entry, k)) out[k] = entry[k];
  if (entry.status) out.payout_status = entry.status;
  return out;
}

/** The Payment of the seed's table, plus the references the caller sent. */
export function paymentView(p: PaymentRecord): PaymentView {
  const view: PaymentView = {
    payment_id: p.payment_id,
    instruction_number: p.instruction_number,
    amount: p.amount,
    recipient_details: p.recipient_details.map(recipientView),
    status: p.status,
    created_datetime: p.created_datetime,
    is_third_party_payment: p.is_third_party_payment,
  };
  for (const k of [
    'purpose_of_transaction',
    'quote_id',
    'client_reference_id',
    'client_customer_ref',
    'payment_reference',
    'session_id',
  ] as const) {
    if (p[k] !== undefined) view[k] = p[k];
  }
  return view;
}

export function isPayment(v: PaymentRecord | Refusal): v is PaymentRecord {
  return typeof (v as PaymentRecord).payment_id === 'string';
}
