/** The /_sandbox/ control API (SANDBOX CONTRACT in sandbox/README.md), compiled once from its registry. */
import type { SandboxContext } from '../context.js';
import type { SandboxHandler } from '../http/responses.js';
import { RouteTable } from '../http/route-table.js';
import type { ControlRoute } from './route.js';
import { CONTROL_ROUTES } from './routes.js';

export const SANDBOX_PREFIX = '/_sandbox/';

export function createSandboxRoutes(ctx: SandboxContext, routes: readonly ControlRoute[] = CONTROL_ROUTES) {
  const made = routes.map((r) => ({ method: r.method, path: r.path, handler: r.handler(ctx) }));
  return new RouteTable<SandboxHandler>(made);
}
