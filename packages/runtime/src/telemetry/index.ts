// OpenTelemetry for the client (`telemetry: { tracer }` on createPaymentsClient) and the webhook
// consumer (`telemetry: { tracer }` on createWebhookConsumer): the span modules load only when a
// tracer is given. Exported here: the observer contracts and the W3C traceparent helpers.
export type { CallObserver, CallObservation, CallStart, TokenUse } from '../client/call-observer.js';
export { observeViolations } from '../client/call-observer.js';
export type { ClientTelemetry } from '../client/create-client.js';
export type {
  ConsumerTelemetry,
  DeliveryObservation,
  DeliveryObserver,
} from './delivery-observer.js';
export { formatTraceparent, parseTraceparent, type TraceParent } from './traceparent.js';
