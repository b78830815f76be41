/**
 * The generic core: plugins that work for any OpenAPI 3.0/3.1 document, one folder each
 * (generator/plugins/<name>/: its declaration, emitters and templates) and one line here. Kits
 * (kits/*) add their own; the full registry the CLI and the Node API use is api/plugins.ts.
 */
import { clientPlugin } from './client/plugin.js';
import { fetchPlugin } from './fetch/plugin.js';
import { honoPlugin } from './hono/plugin.js';
import { nodeHttpPlugin } from './node-http/plugin.js';
import { operationsPlugin } from './operations/plugin.js';
import type { Plugin } from './plugin.js';
import { serverPlugin } from './server/plugin.js';
import { stubsPlugin } from './stubs/plugin.js';
import { typesPlugin } from './types/plugin.js';
import { validatorsPlugin } from './validators/plugin.js';
import { webhookSigningPlugin } from './webhook-signing/plugin.js';

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

/** What `cbp generate` writes when no plugins are named: the core plugins declared `default`
 * (everything generic except Hono, an adapter to a framework the project may not use, the webhook
 * signing kit and the stubs, added when --stubs is set). */
export const DEFAULT_PLUGINS: readonly string[] = corePlugins.filter((p) => p.default === true).map((p) => p.name);

export type { Plugin } from './plugin.js';
