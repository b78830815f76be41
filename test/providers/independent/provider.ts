/**
 * A second, independent implementation of the Cross-Border Payments service, written from the
 * service description alone (and what a real provider plausibly documents publicly), with none
 * of this repository's sandbox, generated code, templates, kits or conformance code: plain
 * node:http / node:https and node:crypto. It exists so that `cbp conformance` is tried against
 * an implementation nobody shaped after the runner. README.md beside this file lists its
 * choices and the seed words that allow each.
 *
 * Besides the API it has its own simulation endpoints (`/simulate/...`, its design, not the
 * embedded sandbox's control API) that a partner's driver calls: driver.mjs beside this file.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { sumEquals } from './decimal.js';
import { numberText, parseExact } from './exact-json.js';
import {
  CLIENT_ALPHA,
  CLIENT_BETA,
  type ClientFixture,
  initialFixtures,
  type QuoteFixture,
  type RecipientFixture,
} from './fixtures.js';
import type { ProviderOptions } from './options.js';
import { Deliveries } from './webhooks.js';

export type { ProviderOptions } from './options.js';

export interface RunningProvider {
  baseUrl: string;
  authUrl: string;
  clients: { primary: ClientFixture; secondary: ClientFixture };
  close(): Promise<void>;
}

const PURPOSES = new Set(['PROPERTY_PURCHASE', 'BILL_PAYMENTS', 'TUITION_FEES', 'FAMILY_SUPPORT', 'INVESTMENT']);
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
const VA_CURRENCIES = new Set(['GBP', 'EUR', 'USD']);
const REF_PATTERN = /^[A-Za-z0-9_-]{1,36}$/;

/** The provider's error body: `{ error: { code, message, field? }, request_id }`. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly details?: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

interface Payment {
  id: string;
  clientId: string;
  customerId: string;
  instructionNumber: string;
  amount: Amount;
  recipients: Array<{
    recipient_id: string;
    amount: Amount;
    payment_reference?: string;
    purpose_of_transaction?: string;
  }>;
  purpose: string;
  status: string;
  createdAt: string;
  clientReferenceId?: string;
  clientCustomerRef?: string;
  thirdParty: boolean;
  quoteId?: string;
  paymentReference?: string;
  sessionId?: string;
  version: 'v2' | 'v3';
  eventSeq: number;
  lastMicros: number;
  /** The millisecond every event is stamped in (oneMillisecondStamps). */
  firstMillis?: number;
}

interface Session {
  id: string;
  clientId: string;
  customerId: string;
  clientReferenceId: string;
  clientCustomerRef?: string;
  amount: Amount;
  recipients: Payment['recipients'];
  expiresAt: number;
  accessToken: string;
  paymentId?: string;
  createdAt: number;
}

interface ThirdParty {
  customerId: string;
  ref: string;
  first_name: string;
  last_name: string;
  email?: string;
  country?: string;
  createdAt: number;
}

interface VirtualAccount {
  id: string;
  customerId: string;
  currency: string;
  vbanCountry?: string;
  requestedAt: number;
  accountNumber: string;
}

type Json = Record<string, unknown>;

/** An amount whose decimal text (as the caller sent it) rides along, not enumerable, and is written back verbatim. */
type Amount = { currency: string; value: number; readonly text?: string };
const exact = (currency: string, value: number, text: string): Amount & { text: string } =>
  Object.defineProperty({ currency, value }, 'text', { value: text, enumerable: false }) as Amount & { text: string };
const RAW = '\u0000raw:';
/** JSON.stringify that writes an Amount's value as the decimal text it was sent with. */
function stringify(body: unknown): string {
  const json = JSON.stringify(body, function (this: Record<string, unknown>, key, value) {
    return key === 'value' && typeof value === 'number' && typeof this.text === 'string' ? RAW + this.text : value;
  });
  return json.replace(/"\\u0000raw:(-?[0-9.eE+-]+)"/g, '$1');
}
type Handler = (req: Ctx) => Promise<{ status: number; body?: unknown; headers?: Record<string, string> }>;

interface Ctx {
  method: string;
  url: URL;
  params: Record<string, string>;
  headers: IncomingMessage['headers'];
  raw: Buffer;
  clientId: string;
}

export async function startIndependentProvider(options: ProviderOptions = {}): Promise<RunningProvider> {
  const host = options.host ?? '127.0.0.1';
  const scheme = options.tls ? 'https' : 'http';
  const created = options.createdStatus ?? 201;
  const dupStatus = options.duplicateStatus ?? 400;
  const copStatus = options.nameCheckStatus ?? 400;
  const funded = new Set(options.fundedCustomers ?? []);
  const sessionTtlMs = (options.sessionTtlSeconds ?? 900) * 1000;
  const clients = [CLIENT_ALPHA, CLIENT_BETA];
  const fx = initialFixtures(Date.now());
  const customers = new Map(fx.customers.map((c) => [c.customerId, c]));
  const recipients = new Map<string, RecipientFixture>(fx.recipients.map((r) => [r.recipientId, r]));
  const quotes = new Map<string, QuoteFixture>(fx.quotes.map((q) => [q.quoteId, q]));
  const thirdParties = new Map<string, ThirdParty>(fx.thirdParties.map((t) => [`${t.customerId}/${t.ref}`, t]));
  const tokens = new Map<string, { clientId: string; expiresAt: number }>();
  const payments = new Map<string, Payment>();
  const sessions = new Map<string, Session>();
  const accounts = new Map<string, VirtualAccount>();
  const buckets = new Map<string, { tokens: number; at: number }>();
  const deliveries = new Deliveries({
    scheme: options.signature ?? 'standard-webhooks',
    lateFirstMs: options.lateFirstDeliveryMs ?? 0,
  });
  const timers = new Set<NodeJS.Timeout>();
  let instructionSeq = 0;
  let baseUrl = '';

  // ---- presentation: nulls and extra fields are answer-wide choices ----
  const present = (obj: Json, optional: string[]): Json => {
    const out: Json = {};
    for (const [k, v] of Object.entries(obj)) if (v !== undefined) out[k] = v;
    if (options.explicitNulls) for (const k of optional) if (out[k] === undefined) out[k] = null;
    return out;
  };
  const extra = (obj: Json, more: Json): Json => (options.extraFields ? { ...obj, ...more } : obj);

  // ---- auth ----
  const tokenTtlS = options.tokenTtlSeconds ?? 3600;
  const issueToken = (clientId: string, ttlMs = tokenTtlS * 1000) => {
    const token = `at_${randomBytes(24).toString('base64url')}`;
    tokens.set(token, { clientId, expiresAt: Date.now() + ttlMs });
    return token;
  };
  const authenticate = (headers: IncomingMessage['headers']): string => {
    const m = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '');
    const challenge = { 'www-authenticate': 'Bearer realm="payments"' };
    if (!m)
      throw new ApiError(401, 'UNAUTHENTICATED', 'a Bearer access token is required', undefined, undefined, challenge);
    const t = tokens.get(m[1]);
    if (!t)
      throw new ApiError(401, 'INVALID_TOKEN', 'the access token is not valid', undefined, undefined, {
        'www-authenticate': 'Bearer error="invalid_token"',
      });
    if (t.expiresAt <= Date.now())
      throw new ApiError(401, 'TOKEN_EXPIRED', 'the access token has expired', undefined, undefined, {
        'www-authenticate': 'Bearer error="invalid_token"',
      });
    return t.clientId;
  };
  const customerOf = (ctx: Ctx) => {
    const c = customers.get(ctx.params.customer_id);
    // Another client's customer answers exactly like one that does not exist.
    if (c && c.clientId !== ctx.clientId && options.crossTenantStatus === 403)
      throw new ApiError(403, 'FORBIDDEN', 'this client may not act for that customer');
    if (!c || c.clientId !== ctx.clientId)
      throw new ApiError(404, 'CUSTOMER_NOT_FOUND', `customer ${ctx.params.customer_id} not found`);
    return c;
  };

  // ---- request body helpers ----
  const jsonBody = (ctx: Ctx): Json => {
    const type = ctx.headers['content-type'] ?? '';
    if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type))
      throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'send application/json');
    let value: unknown;
    try {
      value = parseExact(ctx.raw.toString('utf8'));
    } catch {
      throw new ApiError(400, 'MALFORMED_JSON', 'the body is not valid JSON');
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      throw new ApiError(400, 'INVALID_BODY', 'the body must be a JSON object');
    return value as Json;
  };
  const bad = (code: string, message: string, field?: string) => new ApiError(400, code, message, field);
  const str = (
    body: Json,
    field: string,
    opts: { required?: boolean; max?: number; pattern?: RegExp } = {},
  ): string | undefined => {
    const v = body[field];
    if (v === undefined || v === null) {
      if (opts.required) throw bad('FIELD_REQUIRED', `${field} is required`, field);
      return undefined;
    }
    if (typeof v !== 'string') throw bad('INVALID_FIELD', `${field} must be a string`, field);
    if (opts.required && v === '') throw bad('FIELD_REQUIRED', `${field} cannot be empty`, field);
    if (opts.max !== undefined && v.length > opts.max)
      throw bad('FIELD_TOO_LONG', `${field} is longer than ${opts.max} characters`, field);
    if (opts.pattern && !opts.pattern.test(v)) throw bad('INVALID_FORMAT', `${field} has an invalid format`, field);
    return v;
  };
  const amountOf = (v: unknown, field: string): Amount & { text: string } => {
    if (v === null || typeof v !== 'object' || Array.isArray(v))
      throw bad(v === undefined ? 'FIELD_REQUIRED' : 'INVALID_FIELD', `${field} must be an amount object`, field);
    const a = v as Json;
    if (typeof a.currency !== 'string' || !/^[A-Z]{3}$/.test(a.currency) || !CURRENCIES.has(a.currency))
      throw bad('INVALID_CURRENCY', `${field}.currency must be an ISO 4217 code`, `${field}.currency`);
    if (typeof a.value !== 'number' || !Number.isFinite(a.value) || a.value <= 0)
      throw bad('INVALID_AMOUNT', `${field}.value must be a positive number`, `${field}.value`);
    return exact(a.currency, a.value, numberText(a, 'value'));
  };
  const purposeOf = (v: unknown, field: string, required: boolean): string | undefined => {
    if (v === undefined && !required) return undefined;
    if (v === undefined || v === null || v === '')
      throw bad('FIELD_REQUIRED', `${field} is required and cannot be null or empty`, field);
    // Case sensitive (service description, Payment request): "property_purchase" is not a purpose.
    if (options.brokenPurposeCaseFolding && typeof v === 'string' && PURPOSES.has(v.toUpperCase()))
      return v.toUpperCase();
    if (typeof v !== 'string' || !PURPOSES.has(v))
      throw bad('INVALID_PURPOSE', `${field} is not an accepted purpose (values are case sensitive)`, field);
    return v;
  };
  /** The entries; `texts` (when given) collects each entry's amount as the decimal text sent. */
  const recipientsOf = (v: unknown, customerId: string, currency: string, texts?: string[]): Payment['recipients'] => {
    if (!Array.isArray(v) || v.length === 0)
      throw bad('RECIPIENTS_REQUIRED', 'recipient_details needs at least one entry', 'recipient_details');
    return v.map((e, i) => {
      const f = `recipient_details[${i}]`;
      if (e === null || typeof e !== 'object' || Array.isArray(e))
        throw bad('INVALID_FIELD', `${f} must be an object`, f);
      const entry = e as Json;
      const id = str(entry, 'recipient_id', { required: true });
      const amount = amountOf(entry.amount, `${f}.amount`);
      if (amount.currency !== currency)
        throw bad('CURRENCY_MISMATCH', `${f}.amount.currency differs from amount.currency`, `${f}.amount.currency`);
      const rec = recipients.get(id!);
      if (!rec || rec.customerId !== customerId)
        throw bad('RECIPIENT_NOT_FOUND', `recipient ${id} not found`, `${f}.recipient_id`);
      if (rec.status !== 'ACTIVE')
        throw bad('RECIPIENT_NOT_ACTIVE', `recipient ${id} is not active`, `${f}.recipient_id`);
      if (rec.currency !== amount.currency)
        throw bad(
          'RECIPIENT_CURRENCY_MISMATCH',
          `recipient ${id} holds a ${rec.currency} account`,
          `${f}.amount.currency`,
        );
      const purpose = purposeOf(entry.purpose_of_transaction, `${f}.purpose_of_transaction`, false);
      const reference = str(entry, 'payment_reference');
      texts?.push(amount.text);
      return {
        recipient_id: id!,
        amount,
        ...(reference !== undefined ? { payment_reference: reference } : {}),
        ...(purpose ? { purpose_of_transaction: purpose } : {}),
      };
    });
  };

  // ---- events ----
  const stamp = (p: Payment, status: string): string | number => {
    const now = Date.now();
    if (options.oneMillisecondStamps || options.brokenCompletedBeforeCredit) {
      // One millisecond per payment (its first event's); the microseconds count its events.
      p.firstMillis = p.firstMillis ?? now;
      const late = options.brokenCompletedBeforeCredit && status === 'PAYMENT_COMPLETED';
      p.lastMicros = late ? p.lastMicros - 1 : Math.max(p.firstMillis * 1000, p.lastMicros + 1);
      const millis = new Date(p.firstMillis).toISOString().slice(0, 23);
      return `${millis}${String(p.lastMicros % 1000).padStart(3, '0')}+00:00`;
    }
    if (options.epochMillisTimestamps) {
      p.lastMicros = Math.max(now, p.lastMicros + 1);
      return p.lastMicros;
    }
    if (options.secondPrecisionTimestamps) return `${new Date(now).toISOString().slice(0, 19)}+00:00`;
    // Microseconds, strictly increasing per payment.
    const micros = Math.max(now * 1000, p.lastMicros + 1);
    p.lastMicros = micros;
    const millis = new Date(Math.floor(micros / 1000)).toISOString().slice(0, 23);
    return `${millis}${String(micros % 1000).padStart(3, '0')}Z`;
  };
  const emit = (p: Payment, status: string, recipientId?: string) => {
    p.status = status;
    p.eventSeq += 1;
    const eventId = options.perPaymentEventIds ? `evt_${p.eventSeq}` : `evt_${randomUUID()}`;
    const fields = present(
      {
        payment_id: p.id,
        status,
        client_reference_id: p.clientReferenceId,
        client_customer_ref: p.clientCustomerRef,
        session_id: p.sessionId,
        recipient_id: recipientId,
      },
      ['client_reference_id', 'client_customer_ref', 'session_id', 'recipient_id'],
    );
    const more = { customer_id: p.customerId, instruction_number: p.instructionNumber, api_version: '2024-06-01' };
    const payload = options.nestedEventData
      ? extra(
          { event_id: eventId, event_type: 'payment.status_changed', event_timestamp: stamp(p, status), data: fields },
          more,
        )
      : extra({ event_id: eventId, event_timestamp: stamp(p, status), ...fields }, more);
    deliveries.emit(p.clientId, payload, p.eventSeq === 1);
    if (options.duplicateDeliveries) deliveries.emit(p.clientId, payload, false);
  };
  /** Stages run after the answer that started them is sent (timers of equal delay fire in order). */
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };
  /** From funds (or the wallet) to PAYMENT_COMPLETED: conversion, then per-recipient payouts. */
  const settle = (p: Payment, fromWallet: boolean) => {
    const d = options.stageDelayMs ?? 0;
    const steps: Array<() => void> = [];
    if (!fromWallet) steps.push(() => emit(p, 'RECEIVED_FUNDS'));
    if (!options.fxOnlyForConversions || p.quoteId !== undefined) steps.push(() => emit(p, 'FX_COMPLETED'));
    steps.push(() => {
      for (const r of p.recipients) emit(p, 'PAYOUT_INITIATED', r.recipient_id);
    });
    steps.push(() => {
      for (const r of p.recipients) emit(p, 'PAYOUT_CREDITED', r.recipient_id);
    });
    steps.push(() => emit(p, 'PAYMENT_COMPLETED'));
    steps.forEach((s, i) => {
      later(d * (i + 1), s);
    });
  };
  const newPayment = (
    init: Omit<Payment, 'id' | 'instructionNumber' | 'status' | 'createdAt' | 'eventSeq' | 'lastMicros'>,
  ): Payment => {
    instructionSeq += 1;
    const p: Payment = {
      ...init,
      id: randomUUID(),
      instructionNumber:
        `IN${new Date().toISOString().slice(0, 10).replaceAll('-', '')}` + `${String(instructionSeq).padStart(6, '0')}`,
      status: 'AWAITING_FUNDS',
      createdAt: new Date().toISOString(),
      eventSeq: 0,
      lastMicros: 0,
    };
    payments.set(p.id, p);
    // A funded wallet pays at once (service description: the service waits for funds only "If
    // the wallet balance is insufficient"); third-party and hosted payments are funded by the payer.
    // A wallet funded in its own currency may still wait for the funds of a conversion.
    const waitsForConversion = options.conversionsAwaitFunds === true && p.quoteId !== undefined;
    if (!p.thirdParty && !p.sessionId && funded.has(p.customerId) && !waitsForConversion) {
      emit(p, 'PROCESSING');
      settle(p, true);
    } else emit(p, 'AWAITING_FUNDS');
    return p;
  };
  const paymentView = (p: Payment): Json =>
    extra(
      present(
        {
          payment_id: p.id,
          instruction_number: p.instructionNumber,
          amount: p.amount,
          recipient_details: p.recipients,
          status: p.status,
          created_datetime: p.createdAt,
          purpose_of_transaction: p.purpose,
          client_reference_id: p.clientReferenceId,
          is_third_party_payment: p.thirdParty,
          client_customer_ref: p.clientCustomerRef,
          quote_id: p.quoteId,
          payment_reference: p.paymentReference,
          session_id: p.sessionId,
        },
        ['client_reference_id', 'client_customer_ref', 'quote_id', 'payment_reference', 'session_id'],
      ),
      {
        fees: { currency: p.amount.currency, value: 0 },
        updated_datetime: new Date().toISOString(),
        links: { self: `${baseUrl}/v3/customers/${p.customerId}/payments/${p.id}` },
      },
    );
  const ownPayment = (ctx: Ctx): Payment => {
    const p = payments.get(ctx.params.payment_id);
    if (
      !p ||
      p.clientId !== ctx.clientId ||
      (ctx.params.customer_id !== undefined && p.customerId !== ctx.params.customer_id)
    )
      throw new ApiError(404, 'PAYMENT_NOT_FOUND', `payment ${ctx.params.payment_id} not found`);
    return p;
  };
  const ownSession = (ctx: Ctx): Session => {
    const s = sessions.get(ctx.params.session_id);
    if (!s || s.clientId !== ctx.clientId)
      throw new ApiError(404, 'SESSION_NOT_FOUND', `session ${ctx.params.session_id} not found`);
    return s;
  };

  // ---- operations ----
  const createPaymentV3: Handler = async (ctx) => {
    const customer = customerOf(ctx);
    const body = jsonBody(ctx);
    const purpose = purposeOf(body.purpose_of_transaction, 'purpose_of_transaction', true)!;
    const amount = amountOf(body.amount, 'amount');
    const texts: string[] = [];
    const list = recipientsOf(body.recipient_details, customer.customerId, amount.currency, texts);
    const sumOk = options.brokenFloatSums
      ? list.reduce((acc, r) => acc + r.amount.value, 0) === amount.value
      : sumEquals(texts, amount.text);
    if (!sumOk)
      throw bad('AMOUNT_MISMATCH', 'the recipient amounts do not add up to amount.value', 'recipient_details');
    const clientReferenceId = str(body, 'client_reference_id', { max: 36 });
    if (clientReferenceId === '')
      throw bad('INVALID_FORMAT', 'client_reference_id cannot be empty', 'client_reference_id');
    if (body.is_third_party_payment !== undefined && typeof body.is_third_party_payment !== 'boolean')
      throw bad('INVALID_FIELD', 'is_third_party_payment must be a boolean', 'is_third_party_payment');
    const thirdParty = body.is_third_party_payment === true;
    const clientCustomerRef = str(body, 'client_customer_ref');
    const paymentReference = str(body, 'payment_reference');
    if (thirdParty) {
      if (!clientReferenceId)
        throw bad('FIELD_REQUIRED', 'client_reference_id is required for a third-party payment', 'client_reference_id');
      if (!clientCustomerRef)
        throw bad('FIELD_REQUIRED', 'client_customer_ref is required for a third-party payment', 'client_customer_ref');
      if (!thirdParties.has(`${customer.customerId}/${clientCustomerRef}`))
        throw bad('THIRD_PARTY_NOT_FOUND', `no onboarded third party ${clientCustomerRef}`, 'client_customer_ref');
      for (const p of payments.values())
        if (p.thirdParty && p.customerId === customer.customerId && p.clientReferenceId === clientReferenceId)
          throw new ApiError(
            dupStatus,
            'DUPLICATE_CLIENT_REFERENCE_ID',
            `client_reference_id ${clientReferenceId} was already used for a third-party payment`,
            'client_reference_id',
          );
    }
    // A conversion is needed when the payout currency is not the wallet's (rule 1).
    const quoteId = str(body, 'quote_id');
    // BROKEN on purpose (brokenConversionWithoutQuote): a conversion without a quote is paid at an implied rate.
    const quoteSkipped = options.brokenConversionWithoutQuote === true && !quoteId;
    if (amount.currency !== customer.walletCurrency && !quoteSkipped) {
      if (!quoteId)
        throw bad(
          'QUOTE_REQUIRED',
          `a quote is needed to pay ${amount.currency} from a ${customer.walletCurrency} wallet`,
          'quote_id',
        );
      const q = quotes.get(quoteId);
      if (!q || q.customerId !== customer.customerId)
        throw bad('QUOTE_NOT_FOUND', `quote ${quoteId} not found`, 'quote_id');
      if (q.expiresAt <= Date.now()) throw bad('QUOTE_EXPIRED', `quote ${quoteId} has expired`, 'quote_id');
      if (q.buyCurrency !== amount.currency || q.sellCurrency !== customer.walletCurrency)
        throw bad('QUOTE_CURRENCY_MISMATCH', `quote ${quoteId} is for another currency pair`, 'quote_id');
      if (options.singleUseQuotes && q.usedBy)
        throw bad('QUOTE_ALREADY_USED', `quote ${quoteId} already paid for payment ${q.usedBy}`, 'quote_id');
    } else if (quoteId !== undefined)
      throw bad('QUOTE_NOT_APPLICABLE', 'quote_id is omitted for a same-currency payment', 'quote_id');
    // Recipient name check (CoP/VoP), rule 5: refused until the details change or confirm_recipient accepts.
    const failing = list.map((e) => recipients.get(e.recipient_id)!).find((r) => r.nameCheck === 'NO_MATCH');
    if (failing) {
      const confirm = body.confirm_recipient;
      const check =
        typeof confirm === 'object' && confirm !== null && !Array.isArray(confirm)
          ? (confirm as Json).check_id
          : undefined;
      const unanswered =
        confirm === undefined ||
        confirm === null ||
        (options.confirmNeedsCheckId && (check === undefined || check !== failing.lastCheckId));
      if (unanswered) {
        failing.lastCheckId = `cop_${randomBytes(6).toString('hex')}`;
        throw new ApiError(
          copStatus,
          'RECIPIENT_NAME_MISMATCH',
          `the account name does not match ${failing.name}`,
          'recipient_details',
          {
            recipient_id: failing.recipientId,
            match_result: 'NO_MATCH',
            suggested_name: failing.name.toUpperCase(),
            check_id: failing.lastCheckId,
          },
        );
      }
      const action = typeof confirm === 'object' && !Array.isArray(confirm) ? (confirm as Json).action : undefined;
      if (action !== 'ACCEPT_SUGGESTION' && action !== 'PROCEED_ANYWAY')
        throw bad(
          'INVALID_CONFIRMATION',
          'confirm_recipient.action must be ACCEPT_SUGGESTION or PROCEED_ANYWAY',
          'confirm_recipient.action',
        );
    }
    const p = newPayment({
      clientId: ctx.clientId,
      customerId: customer.customerId,
      amount,
      recipients: list,
      purpose,
      clientReferenceId,
      clientCustomerRef,
      thirdParty,
      quoteId,
      paymentReference,
      version: 'v3',
    });
    if (quoteId !== undefined) quotes.get(quoteId)!.usedBy = p.id;
    return {
      status: created,
      body: paymentView(p),
      headers: { location: `/v3/customers/${customer.customerId}/payments/${p.id}` },
    };
  };

  const createPaymentV2: Handler = async (ctx) => {
    // The legacy payload (not shown in the seed): this provider's v2 takes one beneficiary.
    const customer = customerOf(ctx);
    const body = jsonBody(ctx);
    const recipientId = str(body, 'beneficiary_id', { required: true })!;
    if (typeof body.amount !== 'number' || !(body.amount > 0))
      throw bad('INVALID_AMOUNT', 'amount must be a positive number', 'amount');
    const currency = str(body, 'currency', { required: true, pattern: /^[A-Z]{3}$/ })!;
    const purpose = purposeOf(body.reason, 'reason', true)!;
    const reference = str(body, 'reference', { max: 36 });
    const list = recipientsOf(
      [{ recipient_id: recipientId, amount: { currency, value: body.amount } }],
      customer.customerId,
      currency,
    );
    if (currency !== customer.walletCurrency)
      throw bad(
        'CONVERSION_NOT_SUPPORTED',
        'legacy payments pay from a wallet in the same currency; use v3 for conversions',
        'currency',
      );
    const p = newPayment({
      clientId: ctx.clientId,
      customerId: customer.customerId,
      amount: exact(currency, body.amount, numberText(body, 'amount')),
      recipients: list,
      purpose,
      clientReferenceId: reference,
      thirdParty: false,
      version: 'v2',
    });
    return {
      status: created,
      body: { payment_id: p.id, instruction_number: p.instructionNumber, status: p.status, created_at: p.createdAt },
    };
  };

  const legacyView = (p: Payment): Json =>
    present(
      {
        payment_id: p.id,
        instruction_number: p.instructionNumber,
        status: p.status,
        amount: p.amount,
        client_reference_id: p.clientReferenceId,
        created_datetime: p.createdAt,
        api_version: p.version,
      },
      ['client_reference_id'],
    );

  const createSession: Handler = async (ctx) => {
    const customer = customerOf(ctx);
    let body = jsonBody(ctx);
    // The sample wraps the request in `body` (whether the wrapper is required: not shown): both are accepted.
    if (body.body !== null && typeof body.body === 'object' && !Array.isArray(body.body) && body.amount === undefined)
      body = body.body as Json;
    const ref = str(body, 'client_reference_id', { required: true, max: 36, pattern: REF_PATTERN })!;
    const amount = amountOf(body.amount, 'amount');
    const clientCustomerRef = str(body, 'client_customer_ref');
    if (clientCustomerRef !== undefined && !thirdParties.has(`${customer.customerId}/${clientCustomerRef}`))
      throw bad('THIRD_PARTY_NOT_FOUND', `no onboarded third party ${clientCustomerRef}`, 'client_customer_ref');
    const list = recipientsOf(body.recipient_details, customer.customerId, amount.currency);
    const due = str(body, 'due_date', { pattern: /^\d{4}-\d{2}-\d{2}$/ });
    if (due !== undefined && Number.isNaN(Date.parse(`${due}T00:00:00Z`)))
      throw bad('INVALID_FORMAT', 'due_date is not a date', 'due_date');
    if (body.items !== undefined) {
      if (!Array.isArray(body.items)) throw bad('INVALID_FIELD', 'items must be a list', 'items');
      body.items.forEach((it: unknown, i: number) => {
        if (it === null || typeof it !== 'object')
          throw bad('INVALID_FIELD', `items[${i}] must be an object`, `items[${i}]`);
        str(it as Json, 'item_name', { required: true });
        str(it as Json, 'item_type', { required: true });
        str(it as Json, 'item_ref');
        amountOf((it as Json).amount, `items[${i}].amount`);
      });
    }
    if (
      body.allowed_origins !== undefined &&
      (!Array.isArray(body.allowed_origins) || body.allowed_origins.some((o) => typeof o !== 'string'))
    )
      throw bad('INVALID_FIELD', 'allowed_origins must be a list of origins', 'allowed_origins');
    // Duplicates for the same customer are rejected with 400 (seed); a reference whose sessions
    // all expired unpaid may start the replacement session (decision rule 4).
    for (const s of sessions.values())
      if (
        s.customerId === customer.customerId &&
        s.clientReferenceId === ref &&
        (s.paymentId !== undefined || s.expiresAt > Date.now())
      )
        throw new ApiError(
          400,
          'DUPLICATE_CLIENT_REFERENCE_ID',
          `client_reference_id ${ref} is already used by a session of this customer`,
          'client_reference_id',
        );
    const s: Session = {
      id: `ses_${randomBytes(12).toString('hex')}`,
      clientId: ctx.clientId,
      customerId: customer.customerId,
      clientReferenceId: ref,
      clientCustomerRef,
      amount,
      recipients: list,
      expiresAt: Math.floor((Date.now() + sessionTtlMs) / 1000) * 1000,
      accessToken: randomBytes(16).toString('base64url'),
      createdAt: Date.now(),
    };
    sessions.set(s.id, s);
    const url = options.sessionUrlWithQuery
      ? { payment_page_url: `${baseUrl}/hosted/pay/${s.id}?t=${s.accessToken}` }
      : { checkout_url: `${baseUrl}/checkout/${s.id}` };
    return {
      status: created,
      body: extra(
        {
          session_id: s.id,
          ...url,
          expires_at: new Date(s.expiresAt).toISOString().replace('.000', ''),
          client_reference_id: ref,
        },
        { mode: 'embedded', livemode: false },
      ),
    };
  };

  const sessionStatus = (s: Session) =>
    s.paymentId ? 'SESSION_COMPLETED' : s.expiresAt <= Date.now() ? 'SESSION_EXPIRED' : 'SESSION_CREATED';
  const lookupSessions: Handler = async (ctx) => {
    const customer = customerOf(ctx);
    const ref = ctx.url.searchParams.get('client_reference_id');
    if (ref === null || ref === '')
      throw bad('FIELD_REQUIRED', 'client_reference_id is required', 'client_reference_id');
    const found = [...sessions.values()]
      .filter((s) => s.customerId === customer.customerId && s.clientReferenceId === ref)
      .sort((a, b) => b.createdAt - a.createdAt);
    return {
      status: 200,
      body: {
        sessions: found.map((s) =>
          extra(
            present(
              {
                session_id: s.id,
                has_payment: s.paymentId !== undefined,
                payment_id: s.paymentId,
                latest_status: sessionStatus(s),
                session_expires_at: new Date(s.expiresAt).toISOString().replace('.000', ''),
              },
              ['payment_id'],
            ),
            {
              client_reference_id: s.clientReferenceId,
              amount: s.amount,
              created_at: new Date(s.createdAt).toISOString(),
            },
          ),
        ),
      },
    };
  };

  const hostedPage: Handler = async (ctx) => {
    const s = sessions.get(ctx.params.session_id);
    if (!s || (options.sessionUrlWithQuery && ctx.url.searchParams.get('t') !== s.accessToken))
      return { status: 404, body: '<!doctype html><title>Not found</title>' };
    const html =
      `<!doctype html><title>Pay ${s.amount.currency} ${s.amount.value}</title>` + `<p>Status: ${sessionStatus(s)}</p>`;
    return { status: 200, body: html, headers: { 'content-type': 'text/html; charset=utf-8' } };
  };

  const requestVirtualAccount: Handler = async (ctx) => {
    const customer = customerOf(ctx);
    const body = jsonBody(ctx);
    const currency = str(body, 'currency', { required: true, pattern: /^[A-Z]{3}$/ })!;
    if (!CURRENCIES.has(currency)) throw bad('INVALID_CURRENCY', 'currency must be an ISO 4217 code', 'currency');
    if (!VA_CURRENCIES.has(currency))
      throw bad(
        'CURRENCY_NOT_SUPPORTED',
        `virtual accounts are offered in ${[...VA_CURRENCIES].join(', ')}`,
        'currency',
      );
    const country = str(body, 'vban_country', { pattern: /^[A-Z]{3}$/ });
    if ((currency === 'EUR' || currency === 'GBP') && !country)
      throw bad('FIELD_REQUIRED', `vban_country is mandatory for ${currency} virtual accounts`, 'vban_country');
    if (customer.status !== 'ACTIVE')
      throw bad('CUSTOMER_NOT_ACTIVE', 'virtual accounts are available for active customers only', 'customer_id');
    const va: VirtualAccount = {
      id: `va_${randomBytes(8).toString('hex')}`,
      customerId: customer.customerId,
      currency,
      vbanCountry: country,
      requestedAt: Date.now(),
      accountNumber: String(10_000_000 + accounts.size).padStart(8, '0'),
    };
    accounts.set(va.id, va);
    // "The response means that virtual account creation has been initiated": 202 Accepted.
    return { status: 202, body: { unique_identifier: va.id } };
  };

  const viewVirtualAccount: Handler = async (ctx) => {
    const customer = customerOf(ctx);
    const id = ctx.url.searchParams.get('unique-ref');
    if (!id) throw bad('FIELD_REQUIRED', 'unique-ref is required', 'unique-ref');
    const va = accounts.get(id);
    if (!va || va.customerId !== customer.customerId)
      throw new ApiError(404, 'VIRTUAL_ACCOUNT_NOT_FOUND', `virtual account ${id} not found`);
    const active = Date.now() - va.requestedAt > 1000;
    const bank =
      va.currency === 'GBP'
        ? { bank_name: 'Sandbox Bank plc', sort_code: '040004' }
        : { bank_name: 'Sandbox Bank SE', bic: 'SBXXDEFF' };
    return {
      status: 200,
      body: present(
        {
          unique_identifier: va.id,
          currency: va.currency,
          vban_country: va.vbanCountry,
          account_number: va.accountNumber,
          iban: va.currency === 'EUR' ? `DE89370400440${va.accountNumber}` : undefined,
          bank_details: bank,
          status: active ? 'ACTIVE' : 'PENDING',
        },
        ['vban_country', 'iban'],
      ),
    };
  };

  const thirdPartyFields = (body: Json) => ({
    first_name: str(body, 'first_name', { required: true, max: 100 })!,
    last_name: str(body, 'last_name', { required: true, max: 100 })!,
    email: str(body, 'email', { pattern: /^[^@\s]+@[^@\s]+$/ }),
    country: str(body, 'country', { pattern: /^[A-Z]{3}$/ }),
  });
  const thirdPartyView = (t: ThirdParty): Json =>
    extra(
      present(
        {
          client_customer_ref: t.ref,
          first_name: t.first_name,
          last_name: t.last_name,
          email: t.email,
          country: t.country,
          // Compliance review takes one second in this sandbox.
          compliance_status: Date.now() - t.createdAt > 1000 ? 'APPROVED' : 'IN_REVIEW',
        },
        ['email', 'country'],
      ),
      { kyc_checks: [{ type: 'IDENTITY', result: 'CLEAR' }], updated_at: new Date(t.createdAt).toISOString() },
    );
  const createThirdParty: Handler = async (ctx) => {
    const customer = customerOf(ctx);
    const body = jsonBody(ctx);
    const ref = str(body, 'client_customer_ref', { required: true, max: 64, pattern: /^[A-Za-z0-9_.-]+$/ })!;
    const fields = thirdPartyFields(body);
    const key = `${customer.customerId}/${ref}`;
    if (thirdParties.has(key))
      throw new ApiError(
        dupStatus,
        'DUPLICATE_CLIENT_CUSTOMER_REF',
        `third party ${ref} already exists`,
        'client_customer_ref',
      );
    const t: ThirdParty = { customerId: customer.customerId, ref, ...fields, createdAt: Date.now() };
    thirdParties.set(key, t);
    return { status: created, body: thirdPartyView(t) };
  };
  const ownThirdParty = (ctx: Ctx) => {
    const customer = customerOf(ctx);
    const t = thirdParties.get(`${customer.customerId}/${ctx.params.ref}`);
    if (!t) throw new ApiError(404, 'THIRD_PARTY_NOT_FOUND', `third party ${ctx.params.ref} not found`);
    return t;
  };
  const getThirdParty: Handler = async (ctx) => ({ status: 200, body: thirdPartyView(ownThirdParty(ctx)) });
  /** PUT replaces the record (RFC 9110 §9.3.4) and sends it back to review ("may trigger re-verification"). */
  const updateThirdParty: Handler = async (ctx) => {
    const t = ownThirdParty(ctx);
    const body = jsonBody(ctx);
    const ref = str(body, 'client_customer_ref');
    if (ref !== undefined && ref !== t.ref)
      throw bad('IMMUTABLE_FIELD', 'client_customer_ref cannot change', 'client_customer_ref');
    Object.assign(t, { email: undefined, country: undefined }, thirdPartyFields(body), { createdAt: Date.now() });
    return { status: 200, body: thirdPartyView(t) };
  };

  // ---- the provider's other public operations the driver uses (Create a webhook, Unsubscribe, Create a quote) ----
  const createWebhook: Handler = async (ctx) => {
    const body = jsonBody(ctx);
    const url = str(body, 'url', { required: true, pattern: /^https?:\/\// })!;
    const sub = deliveries.subscribe(ctx.clientId, url);
    return { status: 201, body: { webhook_id: sub.id, url, secret: sub.secret, events: ['payment.status_changed'] } };
  };
  const deleteWebhook: Handler = async (ctx) => {
    if (!deliveries.unsubscribe(ctx.clientId, ctx.params.webhook_id))
      throw new ApiError(404, 'WEBHOOK_NOT_FOUND', 'webhook not found');
    return { status: 204 };
  };
  const createQuote: Handler = async (ctx) => {
    const customer = customerOf(ctx);
    const body = jsonBody(ctx);
    const sell = str(body, 'sell_currency', { required: true, pattern: /^[A-Z]{3}$/ })!;
    const buy = str(body, 'buy_currency', { required: true, pattern: /^[A-Z]{3}$/ })!;
    const q: QuoteFixture = {
      quoteId: `QT-${randomBytes(6).toString('hex').toUpperCase()}`,
      customerId: customer.customerId,
      sellCurrency: sell,
      buyCurrency: buy,
      rate: '1.1500',
      expiresAt: Date.now() + 15 * 60_000,
    };
    quotes.set(q.quoteId, q);
    return {
      status: 201,
      body: {
        quote_id: q.quoteId,
        sell_currency: sell,
        buy_currency: buy,
        rate: q.rate,
        expires_at: new Date(q.expiresAt).toISOString(),
      },
    };
  };

  // ---- simulation endpoints (this provider's sandbox only) ----
  const simulateFunds: Handler = async (ctx) => {
    const p = ownPayment(ctx);
    if (p.status !== 'AWAITING_FUNDS')
      throw new ApiError(409, 'PAYMENT_NOT_AWAITING_FUNDS', `payment ${p.id} is ${p.status}`);
    settle(p, false);
    return { status: 200, body: { payment_id: p.id, status: p.status } };
  };
  const simulateCancel: Handler = async (ctx) => {
    const p = ownPayment(ctx);
    if (p.status !== 'AWAITING_FUNDS')
      throw new ApiError(
        409,
        'PAYMENT_NOT_CANCELLABLE',
        `payment ${p.id} is ${p.status}; only a payment awaiting funds can be cancelled`,
      );
    emit(p, 'CANCELLED');
    return { status: 200, body: { payment_id: p.id, status: p.status } };
  };
  const simulateCompleteSession: Handler = async (ctx) => {
    const s = ownSession(ctx);
    if (s.paymentId)
      throw new ApiError(409, 'SESSION_ALREADY_PAID', `session ${s.id} already has payment ${s.paymentId}`);
    if (s.expiresAt <= Date.now())
      throw new ApiError(409, 'SESSION_EXPIRED', `session ${s.id} expired; create a new session`);
    const p = newPayment({
      clientId: s.clientId,
      customerId: s.customerId,
      amount: s.amount,
      recipients: s.recipients,
      purpose: s.recipients[0]?.purpose_of_transaction ?? 'PROPERTY_PURCHASE',
      clientReferenceId: s.clientReferenceId,
      clientCustomerRef: s.clientCustomerRef,
      thirdParty: s.clientCustomerRef !== undefined,
      sessionId: s.id,
      version: 'v3',
    });
    s.paymentId = p.id;
    return { status: 200, body: { session_id: s.id, payment_id: p.id } };
  };
  const simulateExpireSession: Handler = async (ctx) => {
    const s = ownSession(ctx);
    s.expiresAt = Math.floor(Date.now() / 1000) * 1000 - 1000;
    return {
      status: 200,
      body: {
        session_id: s.id,
        session_expires_at: new Date(s.expiresAt).toISOString(),
        now: new Date().toISOString(),
      },
    };
  };
  const simulateRecipient: Handler = async (ctx) => {
    const customer = customerOf(ctx);
    const body = jsonBody(ctx);
    const currency = str(body, 'currency', { required: true, pattern: /^[A-Z]{3}$/ })!;
    const outcome = str(body, 'name_check') ?? 'MATCH';
    if (outcome !== 'MATCH' && outcome !== 'NO_MATCH')
      throw bad('INVALID_FIELD', 'name_check is MATCH or NO_MATCH', 'name_check');
    const rec: RecipientFixture = {
      recipientId: `BEN-${randomBytes(4).toString('hex').toUpperCase()}`,
      customerId: customer.customerId,
      currency,
      name: str(body, 'name') ?? 'Simulated Payee Ltd',
      status: 'ACTIVE',
      nameCheck: outcome,
    };
    recipients.set(rec.recipientId, rec);
    return {
      status: 201,
      body: { recipient_id: rec.recipientId, currency, name: rec.name, name_check: rec.nameCheck },
    };
  };
  const simulateExpiredToken: Handler = async (ctx) => ({
    status: 200,
    body: { access_token: issueToken(ctx.clientId, -1000), token_type: 'bearer', expires_in: 0 },
  });

  // ---- routing ----
  interface Route {
    method: string;
    pattern: RegExp;
    names: string[];
    handler: Handler;
    auth: boolean;
  }
  const routes: Route[] = [];
  const route = (method: string, path: string, handler: Handler, auth = true) => {
    const names: string[] = [];
    const source = path.replace(/\{(\w+)\}/g, (_, n: string) => {
      names.push(n);
      return '([^/]+)';
    });
    const pattern = new RegExp(`^${source}$`);
    routes.push({ method, pattern, names, handler, auth });
  };
  route('POST', '/v3/customers/{customer_id}/payments', createPaymentV3);
  route('GET', '/v3/customers/{customer_id}/payments', async (ctx) => {
    const c = customerOf(ctx);
    return {
      status: 200,
      body: { data: [...payments.values()].filter((p) => p.customerId === c.customerId).map(paymentView) },
    };
  });
  route('GET', '/v3/customers/{customer_id}/payments/{payment_id}', async (ctx) => {
    customerOf(ctx);
    return { status: 200, body: paymentView(ownPayment(ctx)) };
  });
  route('POST', '/v2/customers/{customer_id}/payments', createPaymentV2);
  route('GET', '/v1/customers/{customer_id}/payments', async (ctx) => {
    const c = customerOf(ctx);
    // The legacy list is a bare JSON array (this provider's v1 shape).
    return { status: 200, body: [...payments.values()].filter((p) => p.customerId === c.customerId).map(legacyView) };
  });
  route('GET', '/v1/customers/{customer_id}/payments/{payment_id}', async (ctx) => {
    customerOf(ctx);
    return { status: 200, body: legacyView(ownPayment(ctx)) };
  });
  for (const prefix of ['', '/api']) {
    route('POST', `${prefix}/v1/customers/{customer_id}/sessions`, createSession);
    route('GET', `${prefix}/v1/customers/{customer_id}/sessions`, lookupSessions);
  }
  route('POST', '/v1/customers/{customer_id}/virtual-accounts', requestVirtualAccount);
  route('GET', '/v1/customers/{customer_id}/virtual-accounts', viewVirtualAccount);
  route('POST', '/api/v1/customers/{customer_id}/third-parties', createThirdParty);
  route('GET', '/api/v1/customers/{customer_id}/third-parties/{ref}', getThirdParty);
  route('PUT', '/api/v1/customers/{customer_id}/third-parties/{ref}', updateThirdParty);
  route('POST', '/v1/customers/{customer_id}/quotes', createQuote);
  route('POST', '/v1/webhooks', createWebhook);
  route('DELETE', '/v1/webhooks/{webhook_id}', deleteWebhook);
  route('GET', '/checkout/{session_id}', hostedPage, false);
  route('GET', '/hosted/pay/{session_id}', hostedPage, false);
  route('POST', '/simulate/payments/{payment_id}/fund', simulateFunds);
  route('POST', '/simulate/payments/{payment_id}/cancel', simulateCancel);
  route('POST', '/simulate/sessions/{session_id}/complete', simulateCompleteSession);
  route('POST', '/simulate/sessions/{session_id}/expire', simulateExpireSession);
  route('POST', '/simulate/customers/{customer_id}/recipients', simulateRecipient);
  route('POST', '/simulate/tokens/expired', simulateExpiredToken);

  const throttled = (clientId: string): boolean => {
    const rate = options.rateLimitPerSecond;
    if (!rate) return false;
    const now = Date.now();
    const b = buckets.get(clientId) ?? { tokens: rate, at: now };
    b.tokens = Math.min(rate, b.tokens + ((now - b.at) / 1000) * rate);
    b.at = now;
    buckets.set(clientId, b);
    if (b.tokens < 1) return true;
    b.tokens -= 1;
    return false;
  };

  const tokenEndpoint = async (
    req: IncomingMessage,
    raw: Buffer,
  ): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> => {
    const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' };
    if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? ''))
      return {
        status: 400,
        body: { error: 'invalid_request', error_description: 'use application/x-www-form-urlencoded' },
        headers: noStore,
      };
    const form = new URLSearchParams(raw.toString('utf8'));
    let id = form.get('client_id');
    let secret = form.get('client_secret');
    // RFC 6749 §2.3.1: client credentials may come as HTTP Basic instead of form fields.
    const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (basic) [id, secret] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
    if (form.get('grant_type') !== 'client_credentials')
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'grant_type must be client_credentials' },
        headers: noStore,
      };
    const client = clients.find((c) => c.clientId === id && c.clientSecret === secret);
    if (!client && !basic && options.badCredentialsStatus === 400)
      return {
        status: 400,
        body: { error: 'invalid_client', error_description: 'client authentication failed' },
        headers: noStore,
      };
    if (!client)
      return {
        status: 401,
        body: { error: 'invalid_client', error_description: 'client authentication failed' },
        headers: { ...noStore, 'www-authenticate': 'Basic realm="token"' },
      };
    const body = extra(
      {
        access_token: issueToken(client.clientId),
        token_type: options.capitalizedTokenType ? 'Bearer' : 'bearer',
        expires_in: tokenTtlS,
      },
      { scope: 'payments sessions virtual-accounts', issued_at: Math.floor(Date.now() / 1000) },
    );
    return { status: 200, body, headers: noStore };
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const requestId = `req_${randomBytes(8).toString('hex')}`;
    const h: Record<string, string> = { 'x-request-id': requestId, ...headers };
    if (body === undefined || status === 204) return void res.writeHead(status, h).end();
    if (typeof body === 'string')
      return void res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...h }).end(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...h }).end(stringify(body));
  };
  const sendError = (res: ServerResponse, e: ApiError) => {
    if (options.problemDetails) {
      const problem = {
        type: `https://docs.provider.example/errors/${e.code.toLowerCase()}`,
        title: e.message,
        status: e.status,
        detail: e.message,
        code: e.code,
        ...(e.field ? { field: e.field } : {}),
        ...(e.details ?? {}),
      };
      const requestId = `req_${randomBytes(8).toString('hex')}`;
      res
        .writeHead(e.status, { 'content-type': 'application/problem+json', 'x-request-id': requestId, ...e.headers })
        .end(JSON.stringify({ ...problem, instance: `/requests/${requestId}` }));
      return;
    }
    const body = {
      error: {
        code: e.code,
        message: e.message,
        ...(e.field ? { field: e.field } : {}),
        ...(e.details ? { details: e.details } : {}),
      },
    };
    send(res, e.status, { ...body, request_id: `req_${randomBytes(8).toString('hex')}` }, e.headers);
  };

  const handle = (authServer: boolean, withApi: boolean) => (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= 1_048_576) chunks.push(c);
    });
    req.on('end', () => {
      void (async () => {
        try {
          if (size > 1_048_576) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'the body is over 1 MiB');
          const url = new URL(req.url ?? '/', 'http://provider.invalid');
          const raw = Buffer.concat(chunks);
          if (authServer && url.pathname === '/auth/oauth/v2/token') {
            if (req.method !== 'POST')
              throw new ApiError(405, 'METHOD_NOT_ALLOWED', 'use POST', undefined, undefined, { allow: 'POST' });
            const r = await tokenEndpoint(req, raw);
            return send(res, r.status, r.body, r.headers);
          }
          if (!withApi) throw new ApiError(404, 'NOT_FOUND', 'no such resource');
          const matching = routes.filter((r) => r.pattern.test(url.pathname));
          if (matching.length === 0) throw new ApiError(404, 'NOT_FOUND', 'no such resource');
          const r = matching.find((m) => m.method === req.method);
          if (!r)
            throw new ApiError(
              405,
              'METHOD_NOT_ALLOWED',
              `use ${matching.map((m) => m.method).join(', ')}`,
              undefined,
              undefined,
              {
                allow: matching.map((m) => m.method).join(', '),
              },
            );
          const values = r.pattern.exec(url.pathname)!.slice(1).map(decodeURIComponent);
          const params = Object.fromEntries(r.names.map((n, i) => [n, values[i]]));
          const clientId = r.auth ? authenticate(req.headers) : '';
          if (r.auth && throttled(clientId))
            throw new ApiError(429, 'RATE_LIMITED', 'too many requests; retry later', undefined, undefined, {
              'retry-after': '1',
            });
          const out = await r.handler({ method: req.method!, url, params, headers: req.headers, raw, clientId });
          send(res, out.status, out.body, out.headers);
        } catch (err) {
          if (err instanceof ApiError) return sendError(res, err);
          sendError(res, new ApiError(500, 'INTERNAL_ERROR', 'unexpected error'));
          process.stderr.write(`independent provider: ${(err as Error).stack}\n`);
        }
      })();
    });
  };

  const make = (h: ReturnType<typeof handle>): Server =>
    options.tls ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert }, h) : createHttpServer(h);
  const listen = (s: Server) =>
    new Promise<number>((resolve, reject) => {
      s.once('error', reject);
      s.listen(0, host, () => resolve((s.address() as AddressInfo).port));
    });
  const servers: Server[] = [];
  const api = make(handle(!options.separateAuthHost, true));
  servers.push(api);
  const apiPort = await listen(api);
  baseUrl = `${scheme}://${host}:${apiPort}`;
  let authUrl = baseUrl;
  if (options.separateAuthHost) {
    const auth = make(handle(true, false));
    servers.push(auth);
    authUrl = `${scheme}://${host}:${await listen(auth)}`;
  }
  return {
    baseUrl,
    authUrl,
    clients: { primary: CLIENT_ALPHA, secondary: CLIENT_BETA },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      await deliveries.close();
      await Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.closeAllConnections();
              s.close(() => resolve());
            }),
        ),
      );
    },
  };
}
