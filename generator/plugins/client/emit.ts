/**
 * `client.ts`: the typed client factory (name = config.clientFactoryName) with one method per
 * operation over packages/runtime/src/client (auth, retries, typed errors, pre-flight validation).
 */
import type { Emitter } from '../../emitters/emitter.js';
import { clientMetaView, operationDoc, withValidators } from '../../emitters/client-view.js';
import { identifier } from '../../safe-text.js';

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
    const meta = clientMetaView(model);
    const view = {
      factoryName: config.clientFactoryName,
      typeName: clientTypeName(config.clientFactoryName),
      withValidators: withValidators(ctx),
      responseRules: ctx.plugins.flatMap((p) => (p.responseRules ? [p.responseRules] : [])),
      // The API key option only where the document has an apiKey scheme (OpenAPI 3.1 §4.8.27).
      hasApiKey: Object.values(meta.schemes).some((scheme) => scheme.type === 'apiKey'),
      title: model.title,
      meta,
      // Methods named as their operation ids (the usual case: ids are identifiers already) are
      // made in a loop over META: one line of the page's first chunk instead of one per operation.
      methodsAreIds: model.operations.every((op) => identifier(op.id) === op.id),
      operations: model.operations.map((op) => ({
        id: op.id,
        method: op.method,
        path: op.path,
        doc: operationDoc(op),
      })),
    };
    const files = [{ path: 'client.ts', contents: ctx.render('client', view) }];
    if (view.withValidators)
      files.push({
        path: 'response-checks.ts',
        contents: ctx.render('response-checks', { responseRules: view.responseRules }),
      });
    return files;
  },
};
