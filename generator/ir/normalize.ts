/**
 * Builds the ApiModel (model.ts) from the bundled, overlaid, validated document: the one place
 * that reads the raw document, so emitters never meet $ref, 3.0/3.1 differences or raw keys. Works for OpenAPI 3.0 and
 * 3.1.
 */
import { createHash } from 'node:crypto';
import { toPointer } from '../../lib/errors.js';
import type { JSONSchema } from './json-schema.js';
import type { ApiModel, HttpMethod, OperationModel, RuleDefinition, WebhookModel } from './model.js';
import { identifierFromRoute, NameRegistry, toIdentifier, usableOperationId } from './names.js';
import { mergeParameters, requestBody, responses, servers } from './operation-parts.js';
import { deref, extensions, isObj, str, type Obj } from './refs.js';
import { collectRules } from './rules.js';
import { liftSchemaRules } from './schema-rules.js';
import { effectiveSecurity, normalizeSecuritySchemes } from './security.js';
import { canonicalJson } from './canonical-json.js';

/** Path Item methods in the order the OpenAPI specification lists them (stable output order). */
export const HTTP_METHODS: HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export interface NormalizeOptions {
  /** File name shown in errors. */
  file?: string;
}

export function normalize(document: Record<string, unknown>, options: NormalizeOptions = {}): ApiModel {
  const file = options.file ?? 'openapi';
  const doc = liftSchemaRules(document as Obj);
  const info = isObj(doc.info) ? doc.info : {};
  const operations = normalizeOperations(doc, file);
  const webhooks = normalizeWebhooks(doc, file);
  const rules: RuleDefinition[] = [...operations.flatMap((o) => o.rules), ...webhooks.flatMap((w) => w.rules)];
  const components = isObj(doc.components) ? doc.components : {};
  let documentHash: string | undefined;
  return {
    openapiVersion: str(doc.openapi) ?? '',
    title: str(info.title) ?? '',
    version: str(info.version) ?? '',
    // Computed on first read (~0.2 s on a 13 MB document): the pipeline hands the document to
    // openapi-typescript's worker first, so that the hash overlaps the worker's run.
    get documentHash(): string {
      documentHash ??= createHash('sha256').update(canonicalJson(document)).digest('hex');
      return documentHash;
    },
    servers: servers(doc.servers) ?? [],
    securitySchemes: normalizeSecuritySchemes(doc, file),
    operations,
    webhooks,
    schemas: (isObj(components.schemas) ? components.schemas : {}) as Record<string, JSONSchema>,
    rules,
    unmappedOperations: unmapped(doc),
  };
}

interface Found {
  path: string;
  method: HttpMethod;
  op: Obj;
  pathItem: Obj;
  at: Array<string | number>;
}

function normalizeOperations(doc: Obj, file: string): OperationModel[] {
  const found: Found[] = [];
  const paths = isObj(doc.paths) ? doc.paths : {};
  for (const path of Object.keys(paths)) {
    const pathItem = deref(doc, paths[path], file, toPointer(['paths', path]));
    if (!isObj(pathItem)) continue;
    for (const method of HTTP_METHODS) {
      const op = pathItem[method];
      if (isObj(op)) found.push({ path, method, op, pathItem, at: ['paths', path, method] });
    }
  }
  const ids = assignIds(found);
  return found.map((f, i) => {
    const id = ids[i];
    const model: OperationModel = {
      id,
      method: f.method,
      path: f.path,
      tags: Array.isArray(f.op.tags) ? f.op.tags.filter((t): t is string => typeof t === 'string') : [],
      deprecated: f.op.deprecated === true,
      parameters: mergeParameters(doc, f.pathItem, f.op, f.at, file),
      responses: responses(doc, f.op, f.at, file),
      security: effectiveSecurity(f.op, doc),
      rules: collectRules(f.op['x-cbp-rules'], [...f.at, 'x-cbp-rules'], id, file),
      extensions: extensions(f.op),
    };
    if (typeof f.op.operationId === 'string') model.operationId = f.op.operationId;
    const srv = servers(f.op.servers) ?? servers(f.pathItem.servers);
    if (srv) model.servers = srv;
    if (str(f.op.summary) !== undefined) model.summary = str(f.op.summary);
    if (str(f.op.description) !== undefined) model.description = str(f.op.description);
    const body = requestBody(doc, f.op, f.at, file);
    if (body) model.requestBody = body;
    return model;
  });
}

/** Usable operationIds claim their names first (document order), then derived names; a clash
 * gets a numeric suffix. Same document → same ids. */
function assignIds(found: Found[]): string[] {
  const registry = new NameRegistry();
  const ids: string[] = new Array(found.length);
  found.forEach((f, i) => {
    if (usableOperationId(f.op.operationId)) ids[i] = registry.claim(toIdentifier(f.op.operationId));
  });
  found.forEach((f, i) => {
    if (ids[i] === undefined) ids[i] = registry.claim(identifierFromRoute(f.method, f.path));
  });
  return ids;
}

function normalizeWebhooks(doc: Obj, file: string): WebhookModel[] {
  const hooks = isObj(doc.webhooks) ? doc.webhooks : {};
  const registry = new NameRegistry();
  const out: WebhookModel[] = [];
  for (const name of Object.keys(hooks)) {
    const item = deref(doc, hooks[name], file, toPointer(['webhooks', name]));
    if (!isObj(item)) continue;
    const methods = HTTP_METHODS.filter((m) => isObj(item[m]));
    for (const method of methods) {
      const op = item[method] as Obj;
      const base = toIdentifier(methods.length > 1 ? `${name} ${method}` : name);
      const id = registry.claim(base);
      const body = requestBody(doc, op, ['webhooks', name, method], file);
      const hook: WebhookModel = {
        name,
        id,
        method,
        rules: collectRules(op['x-cbp-rules'], ['webhooks', name, method, 'x-cbp-rules'], `webhook:${name}`, file),
      };
      if (str(op.summary) !== undefined) hook.summary = str(op.summary);
      if (str(op.description) !== undefined) hook.description = str(op.description);
      const contentType = body?.contentTypes.find((t) => /json/i.test(t)) ?? body?.contentTypes[0];
      if (body && contentType) {
        hook.contentType = contentType;
        hook.payloadSchema = body.schemas[contentType];
      }
      out.push(hook);
    }
  }
  return out;
}

function unmapped(doc: Obj): ApiModel['unmappedOperations'] {
  const list = doc['x-cbp-unmapped-operations'];
  if (!Array.isArray(list)) return [];
  return list
    .filter(isObj)
    .filter((e) => typeof e.name === 'string')
    .map((e) => (typeof e.note === 'string' ? { name: e.name as string, note: e.note } : { name: e.name as string }));
}
