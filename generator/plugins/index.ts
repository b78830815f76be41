/**
 * The generic core: plugins that work for any OpenAPI 3.0/3.1 document. Kits (kits/*) add their
 * own; the full registry the CLI and the Node API use is api/plugins.ts.
 */
import { fetchPlugin, honoPlugin, nodeHttpPlugin } from './adapters.js';
import { clientPlugin } from './client.js';
import { operationsPlugin } from './operations.js';
import type { Plugin } from './plugin.js';
import { serverPlugin } from './server.js';
import { stubsPlugin } from './stubs.js';
import { typesPlugin } from './types.js';
import { validatorsPlugin } from './validators.js';
import { webhookSigningPlugin } from './webhook-signing.js';

export const corePlugins: readonly Plugin[] = [
  typesPlugin,
  operationsPlugin,
  validatorsPlugin,
  clientPlugin,
  serverPlugin,
  nodeHttpPlugin,
  fetchPlugin,
  honoPlugin,
  stubsPlugin,
  webhookSigningPlugin,
];

/** What `cbp generate` writes when no plugins are named: everything generic except Hono (an
 * adapter to a framework the project may not use), the webhook signing kit and the stubs (added
 * when --stubs is set). */
export const DEFAULT_PLUGINS: readonly string[] = ['types', 'operations', 'validators', 'client', 'server', 'node-http', 'fetch'];

export type { Plugin, PluginOption, RuntimeSource, SelectedPlugin, StatefulRuleSource } from './plugin.js';
export { resolvePlugins } from './resolve.js';
