import { serverAdapter } from '../server/adapter.js';

export const nodeHttpPlugin = serverAdapter({
  name: 'node-http',
  file: 'node-http.ts',
  describe: 'runtime/server/node-http.ts: serve the router with node:http',
  default: true,
});
