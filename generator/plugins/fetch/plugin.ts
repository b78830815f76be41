import { serverAdapter } from '../server/adapter.js';

export const fetchPlugin = serverAdapter({
  name: 'fetch',
  file: 'fetch.ts',
  describe: 'runtime/server/fetch.ts: the router as a fetch handler (Request → Response)',
  default: true,
});
