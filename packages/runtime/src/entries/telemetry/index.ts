/** `cross-border-payments-runtime/telemetry`: OpenTelemetry for the client and the webhook consumer (the observer contracts, W3C traceparent helpers); `@opentelemetry/api` is loaded only when a tracer is given. */
export * from '../../telemetry/index.js';
