import { serverAdapter } from '../server/adapter.js';

/** Not a default: an adapter to a framework the project may not use. */
export const honoPlugin = serverAdapter({
  name: 'hono',
  file: 'hono.ts',
  describe: 'runtime/server/hono.ts: mount the router in a Hono app (needs hono)',
  dependencies: ['server', 'fetch'],
});
