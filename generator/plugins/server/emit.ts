/**
 * `server.ts`: the typed `Handlers` interface (one method per operation) and `createRouter()`
 * over packages/runtime/src/server (routing, auth before validation, body parsing, validation).
 */
import type { ApiModel, OperationModel } from '../../ir/model.js';
import type { Emitter } from '../../emitters/emitter.js';
import { operationDoc, schemeViews, withValidators } from '../../emitters/client-view.js';
import { routerParamView } from '../../ir/parameter-style.js';
import { escapeToken } from 'cross-border-payments-runtime/validators';

export const PATH_ALIASES = 'x-cbp-path-aliases';

/** `/a/{b}/c`: literal characters and whole `{name}` parameters, no query or fragment. */
const TEMPLATE = /^\/(?:[^{}?#\s]|\{[^{}/?#\s]+\})*$/;
const pointerOf = (op: OperationModel) => `#/paths/${escapeToken(op.path)}/${op.method}/${PATH_ALIASES}`;
const paramNames = (template: string) => [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]).sort();
/** Templates that differ only in parameter names route the same requests (OpenAPI 3.1 §4.8.8). */
const routeKey = (method: string, template: string) =>
  `${method.toUpperCase()} ${template.replace(/\{[^{}]*\}/g, '{}')}`;

/**
 * `x-cbp-path-aliases` (spec/openapi.yaml, A-SESSION-PATH: "some documents write the session path
 * with an /api prefix"): further templates for the same operation. An alias must be a path
 * template with exactly the operation's path parameters and must not take another route; anything
 * else is left out with a warning, so a bad extension never changes routing silently.
 */
export function pathAliases(model: ApiModel, warn: (message: string) => void = () => {}): Map<string, string[]> {
  const taken = new Set(model.operations.map((op) => routeKey(op.method, op.path)));
  const out = new Map<string, string[]>();
  for (const op of model.operations) {
    const raw = op.extensions[PATH_ALIASES];
    if (raw === undefined) continue;
    const at = pointerOf(op);
    if (!Array.isArray(raw)) {
      warn(`${at}: must be an array of path templates; ignored`);
      continue;
    }
    const wanted = paramNames(op.path).join(',');
    const aliases: string[] = [];
    raw.forEach((alias: unknown, i) => {
      const problem =
        typeof alias !== 'string' || !TEMPLATE.test(alias)
          ? 'is not a path template'
          : paramNames(alias).join(',') !== wanted
            ? `must have the path parameters of ${op.path}`
            : taken.has(routeKey(op.method, alias))
              ? `${op.method.toUpperCase()} ${alias} is already routed`
              : undefined;
      if (problem !== undefined) {
        warn(`${at}/${i}: ${JSON.stringify(alias)} ${problem}; ignored`);
        return;
      }
      taken.add(routeKey(op.method, alias as string));
      aliases.push(alias as string);
    });
    if (aliases.length > 0) out.set(op.id, aliases);
  }
  return out;
}

export const serverEmitter: Emitter = {
  name: 'server',
  emit(ctx) {
    const { model } = ctx;
    const aliases = pathAliases(model, ctx.warn);
    const meta = {
      operations: model.operations.map((op) => ({
        id: op.id,
        method: op.method,
        path: op.path,
        ...(aliases.has(op.id) ? { aliases: aliases.get(op.id) } : {}),
        security: op.security,
        ...(op.requestBody
          ? { requestBody: { required: op.requestBody.required, contentTypes: op.requestBody.contentTypes } }
          : {}),
        params: op.parameters.map(routerParamView),
      })),
      schemes: schemeViews(model),
    };
    const view = {
      withValidators: withValidators(ctx),
      title: model.title,
      meta,
      operations: model.operations.map((op) => ({
        id: op.id,
        method: op.method,
        path: op.path,
        doc: operationDoc(op),
        // Mirrors the router: no authenticator runs without security or with an anonymous alternative.
        anonymous: op.security.length === 0 || op.security.some((alt) => alt.length === 0),
      })),
    };
    // Without a secured operation the principal type is unused: `_Auth` keeps noUnusedParameters quiet.
    const anySecured = view.operations.some((op) => !op.anonymous);
    return [{ path: 'server.ts', contents: ctx.render('server', { ...view, anySecured }) }];
  },
};
