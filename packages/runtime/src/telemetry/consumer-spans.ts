/**
 * The webhook consumer's delivery observer (delivery-observer.ts) as
 * OpenTelemetry spans: one CONSUMER span per delivery, `process {webhook}` after the messaging
 * semantic conventions (https://opentelemetry.io/docs/specs/semconv/messaging/messaging-spans/),
 * a child of the provider's span when the delivery carries a W3C traceparent (and tracestate),
 * so the trace the provider started goes on. The app's own HTTP server span, if any, is the parent
 * otherwise. Contract violations become `contract.violation` events, never with a value.
 */
import type { DeliveryObserver } from './delivery-observer.js';
import { normalizeHeaders } from '../webhooks/signing/scheme.js';
import { otelApi, type OtelApi, type OtelSpan, type OtelTracer } from './otel-api.js';
import { parseTraceparent } from './traceparent.js';
import { violationEventAttributes } from './violation-event.js';

export async function consumerSpans(options: { tracer: object }, eventType: string): Promise<DeliveryObserver> {
  const api = await otelApi.load();
  const tracer = options.tracer as OtelTracer;
  return {
    onDelivery(headers) {
      const span: OtelSpan = tracer.startSpan(
        `process ${eventType}`,
        {
          kind: api.SpanKind.CONSUMER,
          attributes: {
            'messaging.operation.type': 'process',
            'messaging.operation.name': 'process',
            'messaging.destination.name': eventType,
          },
        },
        parentOf(api, normalizeHeaders(headers)),
      );
      return {
        onViolation(violation) {
          span.addEvent('contract.violation', violationEventAttributes(violation));
        },
        onEnd({ status, effect, error }) {
          span.setAttribute('http.response.status_code', status);
          if (effect !== undefined) span.setAttribute('cbp.webhook.effect', effect);
          if (status >= 400) {
            span.setAttribute('error.type', error ?? String(status));
            span.setStatus({ code: api.SpanStatusCode.ERROR });
          }
          span.end();
        },
      };
    },
  };
}

/** The provider's span as a remote parent, or the active context when the delivery names none. */
function parentOf(api: OtelApi, headers: Record<string, string>): unknown {
  const active = api.context.active();
  const parent = parseTraceparent(headers['traceparent']);
  if (parent === undefined) return active;
  const state = headers['tracestate'];
  return api.trace.setSpanContext(active, {
    ...parent,
    isRemote: true,
    ...(state ? { traceState: api.createTraceState(state) } : {}),
  });
}
