/**
 * What the webhook consumer tells an observer about each delivery, so that tracing
 * (consumer-spans.ts) stays outside the consumer (payments/webhooks/consumer.ts): the delivery's headers (a W3C
 * traceparent the provider may send), the contract violations found in it, and the answer.
 */
import type { ContractViolation } from '../contract/violation.js';
import type { HeaderInput } from '../webhooks/signing/scheme.js';

export interface DeliveryObservation {
  onViolation(violation: ContractViolation): void;
  /** The answer given; `effect` once the event was applied (or kept). */
  onEnd(answer: { status: number; effect?: string | undefined; error?: string | undefined }): void;
}

export interface DeliveryObserver {
  onDelivery(headers: HeaderInput): DeliveryObservation;
}

/** `tracer`: an OpenTelemetry `Tracer`, typed loosely so that the consumer's types never name
 * `@opentelemetry/api`. */
export interface ConsumerTelemetry {
  tracer: object;
}
