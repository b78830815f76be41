/**
 * The registry of the /_sandbox/ control API: adding an endpoint is one module exporting its
 * `ControlRoute` (control-api/route.ts) and one line here; the sandbox routes whatever this lists
 * (or `SandboxOptions.controlRoutes`, a copy with more). Its contract row goes in sandbox/README.md.
 */
import { lifecycleRoutes } from './control.js';
import { resourceRoutes } from './resources.js';
import type { ControlRoute } from './route.js';

export const CONTROL_ROUTES: readonly ControlRoute[] = [...resourceRoutes, ...lifecycleRoutes];
