// Worker thread body for generator/plugins/types/types-thread.ts: runs openapi-typescript (which
// loads TypeScript, ~0.5 s, and prints the AST) beside the main thread, which meanwhile emits
// the client, server and validators. Stays alive for later requests of the same process.
// Plain JavaScript so that it runs the same from sources (vitest) and from dist/.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

// Loaded at once: the worker is started as generation begins (generator/generate.ts), so that
// this load overlaps reading, validating and normalizing the document on the main thread.
// Its CommonJS build, by require: imported as ES modules, Node first compiles TypeScript's 9 MB
// CommonJS file to detect its module format and scans it for named exports, then compiles it
// again to run it, which about doubles the load (the longest step of a small document's run).
// Required after this module has run, so that the message handler below is in place.
const require = createRequire(import.meta.url);
const loading = Promise.resolve().then(() => require('openapi-typescript'));
// Observed by the first request; a failure to load is that request's error.
loading.catch(() => undefined);

parentPort.on('message', async ({ id, document, options }) => {
  try {
    const { default: openapiTS, astToString } = await loading;
    const text = astToString(await openapiTS(document, options));
    parentPort.postMessage({ id, ok: true, text });
  } catch (err) {
    parentPort.postMessage({ id, ok: false, message: String(err?.message ?? err) });
  }
});
