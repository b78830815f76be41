// Worker thread body for generator/emitters/types-thread.ts: runs openapi-typescript (which
// loads TypeScript, ~0.5 s, and prints the AST) beside the main thread, which meanwhile emits
// the client, server and validators. Stays alive for later requests of the same process.
// Plain JavaScript so that it runs the same from sources (vitest) and from dist/.
import { parentPort } from 'node:worker_threads';

let loading;

parentPort.on('message', async ({ id, document, options }) => {
  try {
    loading ??= import('openapi-typescript');
    const { default: openapiTS, astToString } = await loading;
    const text = astToString(await openapiTS(document, options));
    parentPort.postMessage({ id, ok: true, text });
  } catch (err) {
    parentPort.postMessage({ id, ok: false, message: String(err?.message ?? err) });
  }
});
