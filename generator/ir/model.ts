/**
 * The intermediate model: the bundled (and overlaid) document normalized once. Every emitter,
 * the mock and the conformance runner read this, never the raw document.
 */
import type { JSONSchema } from './json-schema.js';

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

export interface ApiModel {
  /** '3.0.x' or '3.1.x' as written in the document. */
  openapiVersion: string;
  title: string;
  version: string;
  /** sha256 (hex) of the canonical JSON of the overlaid, bundled document. */
  documentHash: string;
  servers: ServerModel[];
  securitySchemes: Record<string, SecuritySchemeModel>;
  operations: OperationModel[];
  webhooks: WebhookModel[];
  /** components.schemas, as bundled (internal $refs like '#/components/schemas/X' kept). */
  schemas: Record<string, JSONSchema>;
  /** Rules found in x-cbp-rules anywhere (operations and webhooks), in document order. */
  rules: RuleDefinition[];
  /** x-cbp-unmapped-operations: operations the seed names without method or path. */
  unmappedOperations: Array<{ name: string; note?: string }>;
}

export interface ServerModel {
  url: string;
  description?: string;
  variables: Record<string, { default: string; description?: string; enum?: string[] }>;
}

export type SecuritySchemeModel =
  | { kind: 'apiKey'; name: string; in: 'header' | 'query' | 'cookie'; description?: string }
  | { kind: 'http'; scheme: string; bearerFormat?: string; description?: string }
  | { kind: 'oauth2'; tokenUrl?: string; flows: string[]; description?: string }
  | { kind: 'openIdConnect' | 'mutualTLS'; description?: string };

/** One alternative of an operation's security: all named schemes together. Empty = anonymous. */
export type SecurityRequirement = string[];

export interface ParameterModel {
  /** Name on the wire (`unique-ref`). */
  name: string;
  /** A valid TS identifier derived from `name`, unique within its location (`uniqueRef`). */
  identifier: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  description?: string;
  deprecated?: boolean;
  schema: JSONSchema;
  /** As written in the document (defaults: see ir/parameter-style.ts). */
  style?: string;
  explode?: boolean;
  /** A `content` parameter with a JSON media type (OpenAPI 3.1 §4.8.12.2): that media type. The
   * value is written as JSON text instead of by a style. */
  contentType?: string;
  /** Query only: reserved characters are sent as they are (OpenAPI 3.1 §4.8.12.2 `allowReserved`). */
  allowReserved?: boolean;
  /** Type of the value, its items or properties, `$ref`s resolved (ir/parameter-style.ts). */
  shape?: { type?: string; itemType?: string; properties?: Record<string, string> };
}

export interface RequestBodyModel {
  required: boolean;
  /** Media types in document order; the first JSON-ish one is preferred by the client. */
  contentTypes: string[];
  /** Schema per media type. */
  schemas: Record<string, JSONSchema>;
  description?: string;
}

export interface ResponseModel {
  /** '200', '2XX', '4XX', 'default' as written. */
  status: string;
  description: string;
  /** Media type → schema (absent for bodiless responses). */
  content: Record<string, JSONSchema | undefined>;
  headers: Record<string, JSONSchema>;
}

export interface OperationModel {
  /** Unique valid identifier in camelCase; from operationId when it is usable, otherwise derived
   * from method + path. Collisions are resolved with a numeric suffix, deterministically. */
  id: string;
  /** operationId exactly as written (may be missing or unusable). */
  operationId?: string;
  method: HttpMethod;
  /** Path template as written (`/v1/customers/{customer_id}/sessions`). */
  path: string;
  /** Absolute server URL template overriding the document's servers (the token endpoint). */
  servers?: ServerModel[];
  tags: string[];
  summary?: string;
  description?: string;
  deprecated: boolean;
  parameters: ParameterModel[];
  requestBody?: RequestBodyModel;
  responses: ResponseModel[];
  /** Effective security (operation-level, or the document's global). `[]` = none required. */
  security: SecurityRequirement[];
  /** Rules targeting this operation (subset of ApiModel.rules). */
  rules: RuleDefinition[];
  /** Every x- extension of the operation object, verbatim. */
  extensions: Record<string, unknown>;
}

export interface WebhookModel {
  /** Key under `webhooks` (e.g. `paymentStatus`). */
  name: string;
  /** Identifier-safe version of name. */
  id: string;
  method: HttpMethod;
  summary?: string;
  description?: string;
  payloadSchema?: JSONSchema;
  contentType?: string;
  rules: RuleDefinition[];
}

/**
 * A business rule, as written in the overlay's `x-cbp-rules` (see spec/rules.overlay.yaml).
 * `keyword` names the implementation: a stateless ajv keyword (`x-cbp-<keyword>`), one module of
 * packages/runtime/src/rules/ listed in generator/keywords/index.ts (or a kit's), or a stateful
 * check a kit's plugin declares (Plugin.statefulRules).
 */
export interface RuleDefinition {
  id: string;
  title: string;
  /** Seed section the rule comes from, e.g. 'Create payment (v3), rule 3'. */
  source: string;
  /** stateless: decidable from the request alone; stateful: needs RuleContext;
   * procedure: guidance for callers (e.g. the session lookup decision), not a validation. */
  state: 'stateless' | 'stateful' | 'procedure';
  /** Which part of the exchange the rule reads. */
  in: 'body' | 'params' | 'query' | 'response' | 'webhook';
  keyword: string;
  params: Record<string, unknown>;
  /** Status the service answers when the rule is broken: a code or a range like '4XX'. */
  status?: string;
  /** Set when the rule rests on an assumption (id from spec/README.md). */
  assumption?: string;
  /** Filled by normalization: operation id or `webhook:<name>` the rule is attached to. */
  target: string;
}
