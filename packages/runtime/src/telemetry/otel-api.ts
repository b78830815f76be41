/**
 * `@opentelemetry/api`, loaded on first use by the webhook consumer's spans (to continue a trace
 * from a delivery's traceparent), which only load when an app gives a tracer: an app without
 * tracing never loads it, nor needs it installed. The specifier is not a literal, so a bundler does
 * not pull the package into a chunk (or fail without it), and the part of the API used is typed
 * here, so generated code type-checks without the package. An object so that a test can watch
 * the loader. The client's spans need none of it (client-spans.ts).
 */

export type AttributeValue = string | number | boolean;
export type Attributes = Record<string, AttributeValue>;

export interface OtelSpanContext {
  traceId: string;
  spanId: string;
  traceFlags: number;
  traceState?: { serialize(): string } | undefined;
}

export interface OtelSpan {
  spanContext(): OtelSpanContext;
  setAttribute(key: string, value: AttributeValue): unknown;
  setAttributes(attributes: Attributes): unknown;
  addEvent(name: string, attributes?: Attributes): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  end(): void;
}

/** The `Tracer` of `@opentelemetry/api`, as far as the telemetry modules use it. */
export interface OtelTracer {
  startSpan(name: string, options?: { kind?: number; attributes?: Attributes }, context?: unknown): OtelSpan;
}

/** The part of `@opentelemetry/api` the telemetry modules use. */
export interface OtelApi {
  SpanKind: { CLIENT: number; CONSUMER: number };
  SpanStatusCode: { ERROR: number };
  context: { active(): unknown };
  trace: { setSpanContext(context: unknown, spanContext: OtelSpanContext & { isRemote?: boolean }): unknown };
  createTraceState(value: string): { serialize(): string };
}

/** `SpanKind` and `SpanStatusCode.ERROR` of the API: fixed by the OpenTelemetry specification's
 * enumerations, so the client's spans need no import of the package at all. */
export const SPAN_KIND = { CLIENT: 2, CONSUMER: 4 } as const;
export const SPAN_STATUS_ERROR = 2;

const PACKAGE = '@opentelemetry/api';
let loading: Promise<OtelApi> | undefined;

export const otelApi = {
  load(): Promise<OtelApi> {
    return (loading ??= import(/* @vite-ignore */ /* webpackIgnore: true */ PACKAGE) as Promise<OtelApi>);
  },
};
