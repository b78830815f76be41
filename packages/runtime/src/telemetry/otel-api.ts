/**
 * `@opentelemetry/api`, loaded on first use by the telemetry modules, which only load when an app
 * gives a tracer: an app without tracing never loads it, nor needs it installed. An object so that
 * a test can watch the loader.
 */
export type OtelApi = typeof import('@opentelemetry/api');

let loading: Promise<OtelApi> | undefined;

export const otelApi = {
  load(): Promise<OtelApi> {
    return (loading ??= import('@opentelemetry/api'));
  },
};
