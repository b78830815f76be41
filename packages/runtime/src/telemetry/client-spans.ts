/**
 * The client's call observer (client/call-observer.ts) as OpenTelemetry spans, after the HTTP
 * client semantic conventions (https://opentelemetry.io/docs/specs/semconv/http/http-spans/): one
 * CLIENT span per call named `{method} {url.template}`, `http.request.resend_count` for its resends
 * (retries, the re-send after a refreshed token), `error.type` on failure. Each request carries the
 * span as a W3C traceparent, the token request too. Contract violations become `contract.violation`
 * events holding the rule, the pointer and the value's type, never the value. The span's parent is
 * the active context (the tracer's default). Nothing here imports `@opentelemetry/api`: the app's
 * tracer is all it needs, so a page's bundle works with whatever SDK the app bundles.
 */
import type { CallObservation, CallObserver } from '../client/call-observer.js';
import { apiKeyHeaderNames, createRedactor, type Secrets } from '../client/logger.js';
import type { SchemeDescriptor } from '../auth/schemes.js';
import { violationEventAttributes } from './violation-event.js';
import { SPAN_KIND, SPAN_STATUS_ERROR, type Attributes, type OtelSpan, type OtelTracer } from './otel-api.js';
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
  schemes: Readonly<Record<string, SchemeDescriptor>>,
  secrets: Secrets,
): Promise<CallObserver> {
  const tracer = options.tracer as OtelTracer;
  // The logger's URL redaction: credentials in the query (an API key placed there), user info,
  // and every live secret value (url.full must not carry credentials, per the conventions).
  const redactor = createRedactor(apiKeyHeaderNames(schemes), secrets);
  return {
    async observe(op, given, run) {
      const method = given.toUpperCase();
      const known = KNOWN_METHODS.has(method);
      const attributes: Attributes = {
        'http.request.method': known ? method : '_OTHER',
        'cbp.auth.token': 'none',
      };
      if (!known) attributes['http.request.method_original'] = given;
      if (op?.path !== undefined) attributes['url.template'] = op.path;
      if (op !== undefined) attributes['cbp.operation.id'] = op.id;
      const name = `${known ? method : 'HTTP'}${op?.path === undefined ? '' : ` ${op.path}`}`;
      const span: OtelSpan = tracer.startSpan(name, { kind: SPAN_KIND.CLIENT, attributes });
      const traceparent = () => formatTraceparent(span.spanContext());
      const traceState = span.spanContext().traceState?.serialize();
      let attempts = 0;
      const observation: CallObservation = {
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
      };
      const end = (response: Response | undefined, error: unknown): void => {
        if (attempts > 1) span.setAttribute('http.request.resend_count', attempts - 1);
        if (response !== undefined) {
          span.setAttribute('http.response.status_code', response.status);
          if (response.status >= 400) span.setAttribute('error.type', String(response.status));
        } else span.setAttribute('error.type', errorType(error));
        if (response === undefined || response.status >= 400) span.setStatus({ code: SPAN_STATUS_ERROR });
        span.end();
      };
      try {
        const result = await run(observation);
        // The transport gives a Response; a generated method's call a `{ response?, apiError? }` result.
        const r = result as { response?: Response; apiError?: unknown };
        if (result instanceof Response) end(result, undefined);
        else end(r.response, r.apiError);
        return result;
      } catch (error) {
        end(undefined, error);
        throw error;
      }
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
