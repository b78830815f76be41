/**
 * The payment flows the lifecycle check starts and drives through the run's driver: API
 * payments and hosted sessions, with one and with three recipients, and a cancellation (seed
 * §States and transitions; §Events consumer rule 4: "With three recipients there are three
 * PAYOUT_INITIATED then three PAYOUT_CREDITED events, then one PAYMENT_COMPLETED"). A flow whose
 * driver method is missing is still created and followed as far as the target takes it by
 * itself (not driven); one that cannot even be created is a skipped case saying why.
 */
import type { CaseRecord } from '../../../engine/types.js';
import type { RunContext } from '../context.js';
import { isNotPossible, missingMethod, type DriverMethod } from '../driver.js';
import type { PaymentExpectation } from '../../events/event-judge.js';
import { activeRecipients, conversionCustomer, sameCurrencyCustomer, thirdPartyCustomer } from '../fixtures.js';
import type { SendResult } from '../../../engine/http.js';
import type { WaitedFlow } from '../live/flow-wait.js';
import { validRequests, type RequestCase } from '../requests.js';

export interface StartedFlow extends WaitedFlow {
  /** The driver method the flow would need to go further, when it was not driven. */
  notDrivenFor?: DriverMethod;
  /** The payment was paid from a funded wallet (not AWAITING_FUNDS after creation): nothing was delivered. */
  funded?: boolean;
  /** The driver answered NotPossible for this payment: the method, and its reason. */
  notPossible?: { method: DriverMethod; reason: string };
}

export interface FlowProblem {
  name: string;
  res?: SendResult;
  message: string;
}

/**
 * [kind, recipients, cancelled]. `api`: a same-currency payment of the first customer with a
 * wallet currency and an active recipient in it; `session`: a hosted session of the customer of
 * the first onboarded third party (else the `api` customer); `conversion`: a payment to the
 * first recipient in another currency than its customer's wallet, on a quote from the driver's
 * createQuote() (else `quotes:` of the config), so RECEIVED_FUNDS → FX_COMPLETED → payouts is
 * observed where a provider emits FX_COMPLETED only for a conversion (A-STATE-2); `third-party`:
 * a payment with is_third_party_payment for the first onboarded third party (its customer's
 * wallet currency, its client_customer_ref).
 */
const PLANS = [
  ['api', 1, false],
  ['api', 3, false],
  ['session', 1, false],
  ['session', 3, false],
  ['api', 1, true],
  ['conversion', 1, false],
  ['third-party', 1, false],
] as const;

type PlanKind = (typeof PLANS)[number][0];
const FLOW_NAMES: Record<PlanKind, string> = {
  api: 'api payment',
  session: 'session payment',
  conversion: 'api payment with a conversion',
  'third-party': 'third-party payment',
};

const SPLIT = [40, 30, 30.5];

/** Rewrites a base body to pay `recipients` (amounts summing to the total, as decimals). */
function withRecipients(req: RequestCase, recipients: string[]): RequestCase {
  // biome-ignore lint/suspicious/noExplicitAny: a copy of a request body this check rewrites field by field
  const body = structuredClone(req.json) as Record<string, any>;
  const template = body.recipient_details[0];
  const currency = body.amount.currency as string;
  const values = recipients.length === 1 ? [body.amount.value as number] : SPLIT;
  body.amount = { currency, value: values.length === 1 ? values[0] : 100.5 };
  body.recipient_details = recipients.map((id, i) => ({
    ...template,
    recipient_id: id,
    amount: { currency, value: values[i] },
  }));
  if (body.items) body.items = [{ ...body.items[0], amount: body.amount }];
  return { ...req, json: body };
}

/** `n` active recipients of the customer in `currency`: the fixtures' first, then the driver's new ones. */
export async function recipientsFor(
  ctx: RunContext,
  customerId: string,
  currency: string,
  first: string,
  n: number,
): Promise<string[] | CaseRecord['reason']> {
  const listed = activeRecipients(ctx.fixtures, customerId, currency).map((r) => r.recipient_id);
  const ids = [first, ...listed.filter((id) => id !== first)].slice(0, n);
  while (ids.length < n) {
    if (!ctx.driver.createRecipient)
      return `needs ${n} active ${currency} recipients of ${customerId}; the fixtures list ${ids.length}`;
    ids.push(await ctx.driver.createRecipient({ customerId, currency }));
  }
  return ids;
}

export async function startFlows(
  ctx: RunContext,
): Promise<{ started: StartedFlow[]; problems: FlowProblem[]; skipped: CaseRecord[] }> {
  const started: StartedFlow[] = [];
  const problems: FlowProblem[] = [];
  const skipped: CaseRecord[] = [];
  // The cancelled flow needs a payment that waits for funds (seed, Payment request: the service
  // waits only "If the wallet balance is insufficient"): it prefers a customer the config does not
  // mark funded (`awaits_funds: false`, a hint); the answer to its creation has the last word.
  const awaiting = { ...ctx.fixtures, customers: ctx.fixtures.customers.filter((c) => c.awaits_funds !== false) };
  const api = sameCurrencyCustomer(ctx.fixtures);
  const hosted = thirdPartyCustomer(ctx.fixtures) ?? api;
  const fx = conversionCustomer(ctx.fixtures);
  const tp = thirdPartyCustomer(ctx.fixtures);
  const customers = {
    api,
    session: hosted,
    conversion: fx && { customer: fx.customer, currency: fx.buy, recipient: fx.recipient },
    'third-party': tp,
  };
  const builders = {
    api: validRequests.createPayment[0],
    session: validRequests.createSession[0],
    conversion: validRequests.createPayment.find((b) => b.name === 'conversion')!,
    'third-party': validRequests.createPayment.find((b) => b.name === 'third-party')!,
  };
  const missing: Record<PlanKind, [string, string]> = {
    api: [
      'no customer with a wallet currency and an active recipient in it',
      'customers (with wallet_currency) and recipients in the config file',
    ],
    session: [
      'no customer with a wallet currency and an active recipient in it',
      'customers (with wallet_currency) and recipients in the config file',
    ],
    conversion: [
      'no conversion payment: no customer with an active recipient ' +
        'in another currency than its wallet, or no usable quote',
      'such a recipient under recipients: and a driver with createQuote() (or an active quote under quotes:)',
    ],
    'third-party': [
      'no third-party payment: no onboarded third party whose ' +
        'customer has a wallet currency and an active recipient in it',
      'third_parties: (customer_id, client_customer_ref) in the config file',
    ],
  };
  const d = ctx.driver;
  for (const [kind, n, cancel] of PLANS) {
    const name = `${FLOW_NAMES[kind]}, ${n} recipient${n > 1 ? 's' : ''}${cancel ? ', cancelled' : ''}`;
    const skip = (reason: string, enable: string) =>
      skipped.push({ subject: name, verdict: 'skipped', reason, enable });
    // The cancelled flow needs a payment that waits for funds (seed: only "If the wallet balance is insufficient").
    const fixtures = cancel ? awaiting : ctx.fixtures;
    const who = cancel ? sameCurrencyCustomer(fixtures) : customers[kind];
    const base = await builders[kind].build(cancel ? { ...ctx, fixtures } : ctx);
    if (cancel && (!who || !base) && sameCurrencyCustomer(ctx.fixtures)) {
      skip(
        'no customer whose payments await funds (customers[].awaits_funds is false for ' +
          'every customer with a wallet currency and a recipient): a payment from a funded ' +
          'wallet completes at once, so it cannot be cancelled while awaiting funds',
        'a customer whose wallet is not funded in the config (awaits_funds: true, the default)',
      );
      continue;
    }
    if (!who || !base) {
      skip(...missing[kind]);
      continue;
    }
    if (kind === 'session' && !d.payHostedSession) {
      skip(missingMethod(d, 'payHostedSession').reason, missingMethod(d, 'payHostedSession').enable);
      continue;
    }
    const customerId = who.customer.customer_id;
    const recipients = await recipientsFor(ctx, customerId, who.currency, who.recipient.recipient_id, n);
    if (!Array.isArray(recipients)) {
      skip(
        recipients ?? 'not enough recipients',
        `list ${n} active ${who.currency} recipients of ${customerId} under ` +
          `recipients: in the config, or give the driver createRecipient()`,
      );
      continue;
    }
    const req = withRecipients(base, recipients);
    const res = await ctx.http.send(req);
    const body = (res.body ?? res.recovered) as Record<string, unknown> | undefined;
    // A quote from the config file (no createQuote) may have expired or been used by an earlier
    // case: quote lifetime and reuse are not shown (Create payment rule 1), so its refusal proves nothing.
    if (kind === 'conversion' && !d.createQuote && res.status >= 400 && res.status < 500) {
      skipped.push({
        subject: name,
        verdict: 'not-judged',
        reason:
          `not judged: creation on the quote from the config answered ${res.status} (the ` +
          `quote may have expired or been used: quote lifetime and reuse are not shown)`,
        enable: 'give the driver createQuote(), so each conversion gets a fresh quote',
      });
      continue;
    }
    if (res.indeterminate === undefined && (res.status < 200 || res.status >= 300)) {
      problems.push({ name, res, message: `${name}: creation answered ${res.error ?? res.status}` });
      continue;
    }
    let paymentId = body?.payment_id as string | undefined;
    const sessionId = kind === 'session' ? (body?.session_id as string | undefined) : null;
    if (kind === 'session' && sessionId) {
      let impossible: string | undefined;
      const paid = await drive(
        ctx,
        problems,
        name,
        () => d.payHostedSession!({ customerId, sessionId, expiresAt: body?.session_expires_at as string | undefined }),
        (reason) => {
          impossible = reason;
        },
      );
      if (impossible)
        skip(`payHostedSession() is not possible for this session: ${impossible}`, 'a session the driver can pay');
      if (paid === false) continue;
      paymentId = paid?.paymentId ?? (await paymentOfSession(ctx, req, sessionId));
    }
    if (!paymentId) {
      // Throttled or lost: not judged, which no --require turns into a failure (rate limits: not shown).
      if (res.indeterminate)
        skipped.push({
          subject: name,
          verdict: 'not-judged',
          reason: `not judged: ${res.indeterminate}`,
          enable: 'run again (lower --rate if the target throttles)',
        });
      else problems.push({ name, res, message: `${name}: no payment_id to follow` });
      continue;
    }
    const method: DriverMethod = cancel ? 'cancelPayment' : 'deliverFunds';
    // Whether this payment waits for funds is the target's to show, per payment (seed, Payment
    // request: the service waits "If the wallet balance is insufficient", so one customer's
    // same-currency payment may be paid at once while its conversion waits).
    const waits = kind === 'session' ? true : awaitsFunds(body?.status);
    if (cancel && waits === false) {
      skipped.push({
        subject: name,
        verdict: 'not-judged',
        reason:
          `not judged: the payment did not wait for funds (status ${String(body?.status)} after creation), so it ` +
          'cannot be cancelled while awaiting funds (States and transitions, row 7: AWAITING_FUNDS -> CANCELLED)',
        enable: 'a customer whose wallet is not funded (customers[].awaits_funds: true, the default)',
      });
      continue;
    }
    // Not shown by the answer: the config's `awaits_funds` is a hint, and the driver has the last
    // word (a funded payment's deliverFunds() answers NotPossible, or succeeds doing nothing).
    const hintFunded = waits === undefined && who.customer.awaits_funds === false && kind !== 'session';
    let funded = !cancel && waits === false;
    const act = funded ? undefined : d[method];
    let notPossible: StartedFlow['notPossible'];
    let driven = funded;
    if (act !== undefined) {
      let refused: string | undefined;
      driven =
        (await drive(
          ctx,
          problems,
          name,
          () => act({ customerId, paymentId }),
          (reason) => {
            refused = reason;
          },
        )) !== false;
      if (refused !== undefined && hintFunded && !cancel) driven = funded = true;
      else if (refused !== undefined) notPossible = { method, reason: refused };
    }
    const sent = req.json as Record<string, unknown>;
    const expectation: PaymentExpectation = {
      recipients,
      clientReferenceId: sent.client_reference_id as string | undefined,
      clientCustomerRef:
        kind === 'session' || sent.is_third_party_payment === true
          ? (sent.client_customer_ref as string | undefined)
          : undefined,
      sessionId,
      complete: driven && !cancel,
      cancelled: driven && cancel,
    };
    started.push({
      name,
      paymentId,
      expectation,
      startedAt: Date.now(),
      notDrivenFor: act === undefined && !funded ? method : undefined,
      ...(funded ? { funded: true } : {}),
      notPossible,
    });
  }
  return { started, problems, skipped };
}

/**
 * Runs a driver method; a throw fails the flow it serves (false), with the driver's message, unless
 * the driver answered NotPossible: then `notPossible` gets its reason (the case is skipped, not failed).
 */
async function drive<T>(
  ctx: RunContext,
  problems: FlowProblem[],
  name: string,
  call: () => Promise<T>,
  notPossible: (reason: string) => void,
): Promise<T | false> {
  try {
    return await call();
  } catch (err) {
    if (isNotPossible(err)) {
      notPossible(err.message);
      return false;
    }
    problems.push({
      name,
      message: `${name}: the ${ctx.driver.name} driver failed: ${(err as Error)?.message ?? String(err)}`,
    });
    return false;
  }
}

/** The payment a paid session created, from the session lookup (decision rule 2), polled within the per-stage wait. */
async function paymentOfSession(ctx: RunContext, created: RequestCase, sessionId: string): Promise<string | undefined> {
  const ref = (created.json as { client_reference_id?: string }).client_reference_id;
  if (!ref) return undefined;
  const find = (r: SendResult) =>
    (
      (r.body as { sessions?: Array<{ session_id?: string; has_payment?: boolean; payment_id?: string }> } | undefined)
        ?.sessions ?? []
    ).find((s) => s.session_id === sessionId && s.has_payment === true && typeof s.payment_id === 'string')?.payment_id;
  const res = await ctx.http.poll(
    { operationId: 'lookupSessions', method: 'GET', path: created.path, query: { client_reference_id: ref } },
    (r) => find(r) !== undefined,
    {
      timeoutMs: ctx.config.webhooks.waitMs,
      intervalMs: 1000,
    },
  );
  return find(res);
}

/**
 * Does a payment wait for funds, by the status its creation answered: AWAITING_FUNDS waits; any
 * other status of the state table's (PROCESSING "May be the first webhook", or later) was paid
 * at once; no status, or one the table does not list, is not shown (undefined).
 */
export function awaitsFunds(status: unknown): boolean | undefined {
  if (status === 'AWAITING_FUNDS') return true;
  return typeof status === 'string' && LATER.has(status) ? false : undefined;
}

const LATER = new Set([
  'PROCESSING',
  'RECEIVED_FUNDS',
  'FX_COMPLETED',
  'PAYOUT_INITIATED',
  'PAYOUT_CREDITED',
  'PAYMENT_COMPLETED',
]);
