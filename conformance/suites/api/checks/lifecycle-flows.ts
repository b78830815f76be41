/**
 * The payment flows the lifecycle check drives through the sandbox: API payments and hosted
 * sessions, with one and with three recipients, and a cancellation (seed §States and
 * transitions; §Events consumer rule 4: "With three recipients there are three PAYOUT_INITIATED
 * then three PAYOUT_CREDITED events, then one PAYMENT_COMPLETED").
 */
import type { RunContext } from '../context.js';
import type { PaymentExpectation } from '../../events/event-judge.js';
import { sameCurrencyCustomer, thirdPartyCustomer } from '../fixtures.js';
import type { SendResult } from '../../../engine/http.js';
import { validRequests, type RequestCase } from '../requests.js';

export interface StartedFlow {
  name: string;
  paymentId: string;
  expectation: PaymentExpectation;
}

export interface FlowProblem {
  name: string;
  res?: SendResult;
  message: string;
}

const SPLIT = [40, 30, 30.5];

/** Rewrites a base body to pay `recipients` (amounts summing to the total, as decimals). */
function withRecipients(req: RequestCase, recipients: string[]): RequestCase {
  // biome-ignore lint/suspicious/noExplicitAny: a copy of a request body this check rewrites field by field
  const body = structuredClone(req.json) as Record<string, any>;
  const template = body.recipient_details[0];
  const currency = body.amount.currency as string;
  const values = recipients.length === 1 ? [body.amount.value as number] : SPLIT;
  body.amount = { currency, value: values.length === 1 ? values[0] : 100.5 };
  body.recipient_details = recipients.map((id, i) => ({ ...template, recipient_id: id, amount: { currency, value: values[i] } }));
  if (body.items) body.items = [{ ...body.items[0], amount: body.amount }];
  return { ...req, json: body };
}

async function recipientsFor(ctx: RunContext, customerId: string, currency: string, first: string, n: number): Promise<string[]> {
  const ids = [first];
  for (let i = 1; i < n; i++) ids.push((await ctx.sandbox!.createRecipient(customerId, currency, `Conformance Recipient ${i + 1}`)).recipient_id);
  return ids;
}

export async function startFlows(ctx: RunContext): Promise<{ started: StartedFlow[]; problems: FlowProblem[]; cancelled: Set<string> }> {
  const started: StartedFlow[] = [];
  const problems: FlowProblem[] = [];
  const cancelled = new Set<string>();
  const api = sameCurrencyCustomer(ctx.fixtures);
  const hosted = thirdPartyCustomer(ctx.fixtures) ?? api;
  for (const [kind, n, cancel] of [
    ['api', 1, false],
    ['api', 3, false],
    ['session', 1, false],
    ['session', 3, false],
    ['api', 1, true],
  ] as const) {
    const name = `${kind} payment, ${n} recipient${n > 1 ? 's' : ''}${cancel ? ', cancelled' : ''}`;
    const who = kind === 'api' ? api : hosted;
    const base = await (kind === 'api' ? validRequests.createPayment[0] : validRequests.createSession[0]).build(ctx);
    if (!who || !base) continue;
    const recipients = await recipientsFor(ctx, who.customer.customer_id, who.currency, who.recipient.recipient_id, n);
    const req = withRecipients(base, recipients);
    const res = await ctx.http.send(req);
    const body = res.body as Record<string, unknown> | undefined;
    if (res.status < 200 || res.status >= 300) {
      problems.push({ name, res, message: `${name}: creation answered ${res.error ?? res.status}` });
      continue;
    }
    let paymentId = body?.payment_id as string | undefined;
    const sessionId = kind === 'session' ? (body?.session_id as string | undefined) : null;
    if (kind === 'session' && sessionId) paymentId = (await ctx.sandbox!.paySession(sessionId)).payment_id;
    if (!paymentId) {
      problems.push({ name, res, message: `${name}: no payment_id to follow` });
      continue;
    }
    const sent = req.json as Record<string, unknown>;
    const expectation: PaymentExpectation = {
      recipients,
      clientReferenceId: sent.client_reference_id as string | undefined,
      clientCustomerRef: kind === 'session' || sent.is_third_party_payment === true ? (sent.client_customer_ref as string | undefined) : undefined,
      sessionId,
      complete: !cancel,
      cancelled: cancel,
    };
    const drive = await ctx.sandbox!.payment(paymentId, cancel ? 'cancel' : 'deliver-funds');
    if (drive.status < 200 || drive.status >= 300) problems.push({ name, res: drive, message: `${name}: sandbox ${cancel ? 'cancel' : 'deliver-funds'} answered ${drive.status}` });
    if (cancel) cancelled.add(paymentId);
    started.push({ name, paymentId, expectation });
  }
  return { started, problems, cancelled };
}
