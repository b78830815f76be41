/**
 * One complete, resolved configuration for `cbp generate`: defaults < config file
 * (cbp.config.{json,yaml,yml,js,mjs}) < CLI flags. Resolved in one place (resolve-config.ts).
 */
export interface GenerateConfig {
  /** OpenAPI 3.0/3.1 document (path). Default: spec/openapi.yaml. */
  spec: string;
  /** Overlay documents applied in order. Default: spec/rules.overlay.yaml when spec is the default. */
  overlays: string[];
  /** Output directory. Default: generated. */
  out: string;
  /** Compare with disk instead of writing; non-zero exit naming stale files. Default: false. */
  check: boolean;
  /** When set, write one handler stub per operation into this directory (never overwriting). */
  stubs?: string;
  /** Name of the client factory exported by client.ts. Default: createApiClient
   * (our cbp.config.json sets createPaymentsClient). */
  clientFactoryName: string;
  /** spec/payment-states.yaml-style state table; when set, payment-states.ts and webhooks.ts are
   * emitted. Default: spec/payment-states.yaml when spec is the default. */
  stateTable?: string;
  /** Emitters to run, by name. Default: all. */
  emitters?: string[];
  /** An overlay action whose target matches nothing: 'error' (E_OVERLAY_TARGET) or 'warn'.
   * Default: 'error'. */
  overlayMissingTarget?: 'error' | 'warn';
}
