/**
 * `server.ts`: the typed `Handlers` interface (one method per operation) and `createRouter()`
 * over templates/runtime/server (routing, auth before validation, body parsing, validation).
 */
import type { JSONSchema } from '../ir/json-schema.js';
import type { ParameterModel } from '../ir/model.js';
import type { Emitter } from './emitter.js';
import { operationDoc, schemeViews, withValidators } from './client-view.js';

function typeOf(schema: JSONSchema | undefined): string | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return t.find((x) => x !== 'null' && typeof x === 'string') as string | undefined;
  return undefined;
}

function paramView(p: ParameterModel) {
  const type = typeOf(p.schema);
  const items = typeof p.schema === 'object' ? (p.schema.items as JSONSchema | undefined) : undefined;
  const itemType = type === 'array' ? typeOf(items) : undefined;
  return { name: p.name, in: p.in, required: p.required, ...(type ? { type } : {}), ...(itemType ? { itemType } : {}) };
}

export const serverEmitter: Emitter = {
  name: 'server',
  emit(ctx) {
    const { model, config } = ctx;
    const meta = {
      operations: model.operations.map((op) => ({
        id: op.id,
        method: op.method,
        path: op.path,
        security: op.security,
        ...(op.requestBody ? { requestBody: { required: op.requestBody.required, contentTypes: op.requestBody.contentTypes } } : {}),
        params: op.parameters.map(paramView),
      })),
      schemes: schemeViews(model),
    };
    const view = {
      withValidators: withValidators(config),
      title: model.title,
      meta,
      operations: model.operations.map((op) => ({ id: op.id, method: op.method, path: op.path, doc: operationDoc(op) })),
    };
    return [{ path: 'server.ts', contents: ctx.render('server', view) }];
  },
};
