/**
 * `client.ts`: the typed client factory (name = config.clientFactoryName) with one method per
 * operation over templates/runtime/client (auth, retries, typed errors, pre-flight validation).
 */
import type { Emitter } from './emitter.js';
import { operationDoc, preferredContentType, schemeViews, serverView, tokenEndpointView, withValidators } from './client-view.js';
import type { OperationModel } from '../ir/model.js';
import { delimitedQueryStyle, type DelimitedQueryStyle } from '../ir/parameter-style.js';
import { setKey } from '../ir/refs.js';

/** `{ delimitedQuery: { name: style } }` when some query array is not exploded (openapi-fetch
 * writes every array exploded unless told otherwise per request). */
function delimitedQueries(op: OperationModel): { delimitedQuery?: Record<string, DelimitedQueryStyle> } {
  const styles: Record<string, DelimitedQueryStyle> = {};
  for (const p of op.parameters) {
    const style = delimitedQueryStyle(p);
    // setKey: a parameter named `__proto__` must become a key, not the object's prototype.
    if (style !== undefined) setKey(styles, p.name, style);
  }
  return Object.keys(styles).length > 0 ? { delimitedQuery: styles } : {};
}

/** `createPaymentsClient` → `PaymentsClient`; anything else → `<Name>Client`-style type name. */
export function clientTypeName(factoryName: string): string {
  const base = factoryName.replace(/^create(?=[A-Z])/, '');
  const pascal = base.charAt(0).toUpperCase() + base.slice(1);
  return pascal === factoryName ? `${pascal}Instance` : /Client$/.test(pascal) ? pascal : `${pascal}Client`;
}

export const clientEmitter: Emitter = {
  name: 'client',
  emit(ctx) {
    const { model, config } = ctx;
    const meta = {
      operations: model.operations.map((op) => {
        const contentType = preferredContentType(op);
        return {
          id: op.id,
          method: op.method,
          path: op.path,
          security: op.security,
          ...(op.servers && op.servers.length > 0 ? { server: serverView(op.servers[0]) } : {}),
          ...(contentType ? { contentType } : {}),
          ...delimitedQueries(op),
        };
      }),
      schemes: schemeViews(model),
      ...(tokenEndpointView(model) ? { tokenEndpoint: tokenEndpointView(model) } : {}),
    };
    const view = {
      factoryName: config.clientFactoryName,
      typeName: clientTypeName(config.clientFactoryName),
      withValidators: withValidators(ctx),
      title: model.title,
      meta,
      operations: model.operations.map((op) => ({ id: op.id, method: op.method, path: op.path, doc: operationDoc(op) })),
    };
    return [{ path: 'client.ts', contents: ctx.render('client', view) }];
  },
};
