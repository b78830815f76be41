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
  /** Plugins to run, by name; their dependencies are added. Default: DEFAULT_PLUGINS
   * (generator/plugins/index.ts). `--emitters` is an alias. */
  plugins?: string[];
  /** Options per plugin name (`{ validators: { standalone: true } }`); paths relative to cwd. */
  pluginOptions?: Record<string, Record<string, unknown>>;
  /** An overlay action whose target matches nothing: 'error' (E_OVERLAY_TARGET) or 'warn'.
   * Default: 'error'. */
  overlayMissingTarget?: 'error' | 'warn';
  /** Where the output's runtime comes from: 'package' imports it from the runtime package
   * (`cross-border-payments-runtime/...`, as openapi-typescript's types import openapi-fetch), so
   * the output holds only what the document shapes, and that small package (not the toolkit) must
   * be a dependency of the host project; 'copy' vendors its sources into <out>/runtime/ (no
   * run-time dependency on it, one more copy of it per output). Default: 'package'. */
  runtime?: RuntimeMode;
  /** http(s) origins (`https://host[:port]`) a `$ref` may reach besides the origin of a document
   * fetched by URL; a local document reaches http(s) only on these. Default: none
   * (generator/load/ref-origins.ts). */
  allowRefOrigins?: string[];
  /** Format the output with the host project's formatter (and its config) before it is written
   * or compared, so that `--check` stays green on a project that formats generated code.
   * Default: none (the output as the templates lay it out). */
  format?: Formatter;
}

export type Formatter = 'prettier' | 'biome';
export const FORMATTERS: readonly Formatter[] = ['prettier', 'biome'];

export type RuntimeMode = 'package' | 'copy';
export const RUNTIME_MODES: readonly RuntimeMode[] = ['package', 'copy'];
