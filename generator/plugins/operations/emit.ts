/**
 * `operations.ts`: an `as const` table of every operation (and webhook) for the runtime, the
 * mock and the conformance runner, which read it instead of the raw document.
 */
import type { OperationModel, ParameterModel } from '../../ir/model.js';
import type { Emitter } from '../../emitters/emitter.js';

function params(op: OperationModel, location: ParameterModel['in']) {
  return op.parameters
    .filter((p) => p.in === location)
    .map((p) => ({ name: p.name, identifier: p.identifier, required: p.required }));
}

export function operationsView(model: Parameters<Emitter['emit']>[0]['model']) {
  return {
    title: model.title,
    version: model.version,
    openapiVersion: model.openapiVersion,
    documentHash: model.documentHash,
    operations: model.operations.map((op) => ({
      id: op.id,
      summary: op.summary ?? '',
      operationId: op.operationId ?? null,
      method: op.method,
      path: op.path,
      servers: (op.servers ?? []).map((s) => s.url),
      pathParams: params(op, 'path'),
      queryParams: params(op, 'query'),
      headerParams: params(op, 'header'),
      cookieParams: params(op, 'cookie'),
      security: op.security,
      requestBody: op.requestBody
        ? { required: op.requestBody.required, contentTypes: op.requestBody.contentTypes }
        : null,
      responses: op.responses.map((r) => ({ status: r.status, contentTypes: Object.keys(r.content) })),
      deprecated: op.deprecated,
      tags: op.tags,
      rules: op.rules.map((r) => r.id),
    })),
    webhooks: model.webhooks.map((w) => ({
      id: w.id,
      name: w.name,
      method: w.method,
      contentType: w.contentType ?? null,
      rules: w.rules.map((r) => r.id),
    })),
  };
}

export const operationsEmitter: Emitter = {
  name: 'operations',
  emit: (ctx) => [{ path: 'operations.ts', contents: ctx.render('operations', operationsView(ctx.model)) }],
};
