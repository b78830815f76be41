/**
 * Hono adapter. Hono is built on web-standard Request/Response like our router and runs on
 * Node (@hono/node-server), Bun, Deno and Workers, so one adapter covers all of them.
 */
import { Hono } from 'hono';
import { toFetchHandler } from './fetch.js';
import type { Router } from './types.js';

/** A Hono app answering every path through `router` (mount it with `app.route('/', ...)`). */
export function toHonoApp(router: Router): Hono {
  const handler = toFetchHandler(router);
  const app = new Hono();
  app.all('*', (c) => handler(c.req.raw));
  return app;
}
