/** The server adapters, one plugin each: a project installs only the framework it uses. */
import type { Plugin } from './plugin.js';
import { coreRuntime } from './runtime-root.js';

function adapter(name: string, file: string, describe: string, dependencies: string[] = ['server']): Plugin {
  return {
    name,
    describe,
    dependencies,
    get runtime() {
      return [coreRuntime([`server/${file}`])];
    },
    emitters: [],
  };
}

export const nodeHttpPlugin = adapter('node-http', 'node-http.ts', 'runtime/server/node-http.ts: serve the router with node:http');
export const fetchPlugin = adapter('fetch', 'fetch.ts', 'runtime/server/fetch.ts: the router as a fetch handler (Request → Response)');
export const honoPlugin = adapter('hono', 'hono.ts', 'runtime/server/hono.ts: mount the router in a Hono app (needs hono)', ['server', 'fetch']);
