/**
 * The client's call observer (client/call-observer.ts) as OpenTelemetry spans, after the HTTP
 * client semantic conventions (https://opentelemetry.io/docs/specs/semconv/http/http-spans/): one
 * CLIENT span per call named `{method} {url.template}`, `http.request.resend_count` for its resends
 * (retries, the re-send after a refreshed token), `error.type` on failure. Each request carries the
 * span as a W3C traceparent, the token request too. Contract violations become `contract.violation`
 * events holding the rule, the pointer and the value's type, never the value.
 */
import type { CallObservation, CallObserver } from '../client/call-observer.js';
import { createRedactor, type Secrets } from '../client/logger.js';
import { violationEventAttributes } from './violation-event.js';
import { otelApi, type Attributes, type OtelSpan, type OtelTracer } from './otel-api.js';
import { formatTraceparent } from './traceparent.js';

/** Methods the conventions know; any other is `_OTHER` with `http.request.method_original`. */
const KNOWN_METHODS = new Set([
  'CONNECT',
  'DELETE',
  'GET',
  'HEAD',
  'OPTIONS',
  'PATCH',
  'POST',
  'PUT',
  'TRACE',
  'QUERY',
]);

export async function clientSpans(
  options: { tracer: object },
  apiKeyNames: readonly string[],
  secrets: Secrets,
): Promise<CallObserver> {
  const api = await otelApi.load();
  const tracer = options.tracer as OtelTracer;
  // The logger's URL redaction: credentials in the query (an API key placed there), user info,
  // and every live secret value (url.full must not carry credentials, per the conventions).
  const redactor = createRedactor(apiKeyNames, secrets);
  return {
    onStart(call): CallObservation {
      const known = KNOWN_METHODS.has(call.method);
      const attributes: Attributes = {
        'http.request.method': known ? call.method : '_OTHER',
        'cbp.auth.token': 'none',
      };
      if (!known) attributes['http.request.method_original'] = call.method;
      if (call.urlTemplate !== undefined) attributes['url.template'] = call.urlTemplate;
      if (call.operationId !== undefined) attributes['cbp.operation.id'] = call.operationId;
      const name = `${known ? call.method : 'HTTP'}${call.urlTemplate === undefined ? '' : ` ${call.urlTemplate}`}`;
      const span: OtelSpan = tracer.startSpan(name, { kind: api.SpanKind.CLIENT, attributes }, api.context.active());
      const traceparent = () => formatTraceparent(span.spanContext());
      const traceState = span.spanContext().traceState?.serialize();
      let attempts = 0;
      return {
        onAttempt(request) {
          if (attempts++ === 0) {
            const url = new URL(request.url);
            span.setAttributes({
              'url.full': redactor.url(request.url),
              'server.address': url.hostname,
              'server.port': url.port === '' ? (url.protocol === 'http:' ? 80 : 443) : Number(url.port),
            });
          }
          // The request as sent goes to its own origin only (the transport never follows a
          // cross-origin redirect), so the header reaches no other party.
          request.headers.set('traceparent', traceparent());
          if (traceState) request.headers.set('tracestate', traceState);
        },
        onToken(use) {
          span.setAttribute('cbp.auth.token', use);
        },
        tokenHeaders: () => ({ traceparent: traceparent() }),
        onViolation(violation) {
          span.addEvent('contract.violation', violationEventAttributes(violation));
        },
        onEnd(outcome) {
          if (attempts > 1) span.setAttribute('http.request.resend_count', attempts - 1);
          if ('response' in outcome) {
            const status = outcome.response.status;
            span.setAttribute('http.response.status_code', status);
            if (status >= 400) {
              span.setAttribute('error.type', String(status));
              span.setStatus({ code: api.SpanStatusCode.ERROR });
            }
          } else {
            span.setAttribute('error.type', errorType(outcome.error));
            span.setStatus({ code: api.SpanStatusCode.ERROR });
          }
          span.end();
        },
      };
    },
  };
}

/** A low-cardinality name of the failure: the ApiError kind, or the thrown error's name. */
function errorType(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { kind?: unknown; reason?: unknown; name?: unknown };
    if (typeof e.kind === 'string') return typeof e.reason === 'string' ? `${e.kind}:${e.reason}` : e.kind;
    if (typeof e.name === 'string') return e.name;
  }
  return '_OTHER';
}
