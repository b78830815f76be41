/**
 * A framework-neutral webhook endpoint: verify the signature over the raw bytes, read the event,
 * apply seed §Events consumer rules through the reducer, commit, answer. Status codes: 200 for
 * every verified, well-formed event, including duplicates and unknown payments (consumer rules
 * 1 and 3); 400 for a malformed body; 401 for a missing, wrong or stale signature; 500 when the
 * store or the callback fails, so the provider retries (nothing was committed); 422 for a payload
 * or status move that breaks the provider's document when `validatePayloads` is `throw` or `both`.
 */
import {
  ContractViolationError,
  type ContractViolation,
  type ContractViolationHandler,
} from '../../contract/violation.js';
import type { RuleViolation } from '../../rule-types.js';
import { toPaymentEvent, type PaymentEvent } from './event.js';
import {
  applyPaymentEvent,
  emptyPaymentState,
  type ApplyResult,
  type PaymentEffect,
  type PaymentState,
  type StatusChange,
} from './reducer.js';
import type { HeaderInput } from '../../webhooks/signing/scheme.js';
import { decodeSecret } from '../../webhooks/signing/standard-webhooks.js';
import { verifyWebhook, type VerifyOptions } from '../../webhooks/signing/verify.js';
import type { PaymentStateTable } from '../state-table.js';
import type { WebhookStore } from './store.js';
import type { ConsumerTelemetry, DeliveryObservation, DeliveryObserver } from '../../telemetry/delivery-observer.js';
import {
  createPayloadCheck,
  logViolations,
  type PayloadValidationMode,
  type PayloadValidator,
} from './payload-check.js';

export interface WebhookLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface StatusChangeNotice {
  change: StatusChange;
  event: PaymentEvent;
  state: PaymentState;
  /** With a store that locks payments across instances (PostgreSQL): the store's open
   * transaction (`PaymentTransaction.handle`, a `pg` client). Writes made through it commit
   * together with the event, so each change takes effect exactly once cluster-wide. */
  transaction?: unknown;
}

export interface WebhookConsumerOptions {
  table: PaymentStateTable;
  store: WebhookStore;
  /** Signing secret(s); several during rotation. Never logged. */
  secret: string | readonly string[];
  /** Runs before the commit: if it throws, the answer is 500 and the provider's retry re-runs it
   * (at-least-once). Called once per payment or recipient status change. */
  onStatusChange?: (notice: StatusChangeNotice) => void | Promise<void>;
  /** Default: silent. Receives ids and effects only, never secrets or signatures. */
  logger?: WebhookLogger;
  /** Is there a record of this payment (e.g. created through the API)? Asked only for a payment
   * with no state yet. Default: known once an initial status (AWAITING_FUNDS/PROCESSING) arrives. */
  knownPayment?: (paymentId: string, event: PaymentEvent) => boolean | Promise<boolean>;
  /** Signature verification options (tolerance, clock, scheme). */
  verify?: VerifyOptions;
  /** Judge each verified payload against the provider's document (schema and rules through
   * `payloadValidator`, status values and moves through the state table). Default `off`.
   * `report`: violations go to `onContractViolation`, the delivery is processed as before.
   * `throw`: the delivery is refused with 422 and nothing is committed. `both`: report and refuse. */
  validatePayloads?: PayloadValidationMode;
  /** Receives each violation (no value, only its JSON type). Default: a warning through `logger`. */
  onContractViolation?: ContractViolationHandler;
  /** Loads the schema check, once, on the first delivery judged (the generated webhooks.ts passes
   * the generated `validateWebhook`). Without it only the state table's checks run. */
  payloadValidator?: () => PayloadValidator | Promise<PayloadValidator>;
  /** The webhook's name in the document, named in each violation. Default `paymentStatus`. */
  eventType?: string;
  /** The document hash `cbp generate` wrote (apiInfo.documentHash), named in each violation. */
  documentHash?: string;
  /** OpenTelemetry tracing: one span per delivery, continuing the provider's trace when the
   * delivery carries a W3C traceparent (telemetry/consumer-spans.ts). It and `@opentelemetry/api`
   * load with the first delivery only when this is given. Default: none. */
  telemetry?: ConsumerTelemetry;
}

export interface WebhookResponse {
  status: 200 | 400 | 401 | 422 | 500;
  body: { received: boolean; effect?: PaymentEffect; error?: string; violations?: RuleViolation[] };
}

export interface WebhookConsumer {
  handle(rawBody: Uint8Array | string, headers: HeaderInput): Promise<WebhookResponse>;
  /** Forgets payments that never became known (their events were parked, consumer rule 3) once
   * their newest event is older than `olderThanMs` (default 7 days): parked events are otherwise
   * kept for ever. Run it periodically. Returns how many payments were forgotten; throws when the
   * store has no `pruneUnknown`. */
  pruneUnknownPayments(options?: { olderThanMs?: number; now?: number }): Promise<number>;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

const silent: WebhookLogger = { info() {}, warn() {}, error() {} };
const MAX_ATTEMPTS = 5;

export function createWebhookConsumer(options: WebhookConsumerOptions): WebhookConsumer {
  const { table, store, secret, onStatusChange, knownPayment } = options;
  const log = options.logger ?? silent;
  // A bad secret is a configuration error: fail at start-up, not on the first delivery.
  if (!options.verify?.scheme) for (const s of typeof secret === 'string' ? [secret] : secret) decodeSecret(s);
  // One apply at a time per payment in this process; the store's compare-and-set covers others.
  const queues = new Map<string, Promise<unknown>>();
  const mode = options.validatePayloads ?? 'off';
  const eventType = options.eventType ?? 'paymentStatus';
  const reportMode = mode === 'report' || mode === 'both';
  // Why refuse rather than acknowledge: seed §Events makes redelivery part of the contract (consumer
  // rule 1: "delivery retry or redelivery"), and Standard Webhooks (assumption A-WEBHOOK-SIGNATURE)
  // retries any non-2xx answer. A refused delivery commits nothing and comes back, so once the
  // integration is updated for the provider's change the event is applied, not lost; acknowledging it
  // would drop the event from the provider's retries. The retry schedule is not shown, so `report`
  // stays the default advice for production.
  const refuseMode = mode === 'throw' || mode === 'both';
  const report = options.onContractViolation ?? logViolations((m, f) => log.warn(m, f));
  const check =
    mode === 'off'
      ? undefined
      : createPayloadCheck({
          table,
          eventType,
          documentHash: options.documentHash ?? 'unknown',
          ...(options.payloadValidator ? { loadValidator: options.payloadValidator } : {}),
        });

  const reduce = async (event: PaymentEvent, current: PaymentState | undefined): Promise<ApplyResult> => {
    const known = current === undefined && knownPayment ? await knownPayment(event.paymentId, event) : undefined;
    const result = applyPaymentEvent(table, current, event, known === undefined ? {} : { known });
    // Before any callback and the commit, so a refused delivery leaves no trace.
    if (refuseMode && check && result.unlistedMoves)
      throw new ContractViolationError(check.moves(result.unlistedMoves));
    return result;
  };

  // A store shared by several instances locks the payment for the whole read-reduce-callback-commit.
  const applyLocked = (lock: NonNullable<WebhookStore['withPaymentLock']>, event: PaymentEvent): Promise<ApplyResult> =>
    lock(event.paymentId, async (tx) => {
      if (await tx.hasEvent(event.eventId)) {
        return {
          state: (await tx.getPayment()) ?? emptyPaymentState(event.paymentId),
          effect: 'duplicate',
          changes: [],
        };
      }
      const result = await reduce(event, await tx.getPayment());
      for (const change of result.changes)
        await onStatusChange?.({ change, event, state: result.state, transaction: tx.handle });
      await tx.commit({ eventId: event.eventId, state: result.state, effect: result.effect });
      return result;
    });

  const apply = async (event: PaymentEvent): Promise<ApplyResult> => {
    if (store.withPaymentLock) return applyLocked(store.withPaymentLock.bind(store), event);
    for (let attempt = 1; ; attempt++) {
      if (await store.hasEvent(event.eventId)) {
        const state = (await store.getPayment(event.paymentId)) ?? emptyPaymentState(event.paymentId);
        return { state, effect: 'duplicate', changes: [] };
      }
      const current = await store.getPayment(event.paymentId);
      const result = await reduce(event, current);
      for (const change of result.changes) await onStatusChange?.({ change, event, state: result.state });
      const committed = await store.commit({
        eventId: event.eventId,
        paymentId: event.paymentId,
        expectedVersion: current?.version ?? 0,
        state: result.state,
        effect: result.effect,
      });
      if (committed) return result;
      if (attempt >= MAX_ATTEMPTS) throw new Error(`store conflict on payment ${event.paymentId}`);
    }
  };

  const serialized = (event: PaymentEvent): Promise<ApplyResult> => {
    const prev = queues.get(event.paymentId) ?? Promise.resolve();
    const run = prev.then(
      () => apply(event),
      () => apply(event),
    );
    queues.set(event.paymentId, run);
    void run.finally(() => queues.get(event.paymentId) === run && queues.delete(event.paymentId)).catch(() => {});
    return run;
  };

  const { telemetry } = options;
  let observing: Promise<DeliveryObserver> | undefined;
  const observer = telemetry
    ? () =>
        (observing ??= import('../../telemetry/consumer-spans.js').then((m) => m.consumerSpans(telemetry, eventType)))
    : undefined;

  const refused = (event: PaymentEvent, count: number): WebhookResponse => {
    log.error('webhook refused: contract violation', { eventId: event.eventId, paymentId: event.paymentId, count });
    return { status: 422, body: { received: false, error: 'contract-violation' } };
  };

  const process = async (
    rawBody: Uint8Array | string,
    headers: HeaderInput,
    delivery: DeliveryObservation | undefined,
  ): Promise<WebhookResponse> => {
    {
      const found = (v: ContractViolation): void => {
        delivery?.onViolation(v);
        if (reportMode) report(v);
      };
      const verified = verifyWebhook(rawBody, headers, secret, options.verify);
      if (!verified.ok) {
        log.warn('webhook refused', { reason: verified.reason });
        const status = verified.reason === 'malformed' ? 400 : 401;
        return { status, body: { received: false, error: verified.reason } };
      }
      const violations = check ? await check.payload(verified.payload) : [];
      for (const v of violations) found(v);
      const parsed = toPaymentEvent(verified.payload);
      if (!parsed.ok) {
        log.warn('webhook payload invalid', { id: verified.id, violations: parsed.violations.map((v) => v.pointer) });
        return { status: 400, body: { received: false, error: 'invalid-payload', violations: parsed.violations } };
      }
      const event = parsed.event;
      if (refuseMode && violations.length > 0) return refused(event, violations.length);
      try {
        const result = await serialized(event);
        if (check && result.unlistedMoves) for (const v of check.moves(result.unlistedMoves)) found(v);
        const fields = {
          eventId: event.eventId,
          paymentId: event.paymentId,
          status: event.status,
          effect: result.effect,
        };
        if (result.effect === 'applied' || result.effect === 'duplicate' || result.effect === 'stale')
          log.info('webhook processed', fields);
        else log.warn('webhook kept without change', fields);
        return { status: 200, body: { received: true, effect: result.effect } };
      } catch (err) {
        if (err instanceof ContractViolationError) {
          for (const v of err.violations) found(v);
          return refused(event, err.violations.length);
        }
        log.error('webhook processing failed', {
          eventId: event.eventId,
          paymentId: event.paymentId,
          error: (err as Error).message,
        });
        return { status: 500, body: { received: false, error: 'processing-failed' } };
      }
    }
  };

  return {
    async handle(rawBody, headers) {
      if (observer === undefined) return process(rawBody, headers, undefined);
      const delivery = (await observer()).onDelivery(headers);
      const answer = await process(rawBody, headers, delivery);
      delivery.onEnd({ status: answer.status, effect: answer.body.effect, error: answer.body.error });
      return answer;
    },
    async pruneUnknownPayments({ olderThanMs = WEEK_MS, now = Date.now() } = {}) {
      if (!store.pruneUnknown) throw new Error('this webhook store cannot prune unknown payments (no pruneUnknown)');
      const pruned = await store.pruneUnknown(now - olderThanMs);
      if (pruned > 0) log.info('unknown payments forgotten', { count: pruned, olderThanMs });
      return pruned;
    },
  };
}
