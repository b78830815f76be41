/**
 * One endpoint of the /_sandbox/ control API (SANDBOX CONTRACT in sandbox/README.md): where it
 * answers and how its handler is made from the running sandbox. An endpoint module exports its
 * route(s); the registry (control-api/routes.ts) lists them.
 */
import type { SandboxContext } from '../context.js';
import type { SandboxHandler } from '../http/responses.js';

export type ControlMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ControlRoute {
  method: ControlMethod;
  /** Under the reserved prefix, not part of spec/openapi.yaml; `{name}` captures one path segment. */
  path: `/_sandbox/${string}`;
  /** Called once per sandbox, when it starts. */
  handler(ctx: SandboxContext): SandboxHandler;
}

/** A handler factory called at most once per sandbox, for handlers made together (they share closures). */
export function perSandbox<T>(make: (ctx: SandboxContext) => T): (ctx: SandboxContext) => T {
  const made = new WeakMap<SandboxContext, T>();
  return (ctx) => {
    let value = made.get(ctx);
    if (value === undefined) made.set(ctx, (value = make(ctx)));
    return value;
  };
}

/** The routes of handlers made together: one `[method, path, handler name]` row each. */
export function routesOf<K extends string>(
  make: (ctx: SandboxContext) => Record<K, SandboxHandler>,
  rows: ReadonlyArray<readonly [ControlMethod, ControlRoute['path'], K]>,
): ControlRoute[] {
  const handlers = perSandbox(make);
  return rows.map(([method, path, name]) => ({ method, path, handler: (ctx) => handlers(ctx)[name] }));
}
