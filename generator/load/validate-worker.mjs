// Worker thread body for validate-document.ts: validates a large bundled document with
// swagger-parser while the main thread already normalizes and emits (2 cores: the two halves
// overlap). Plain JavaScript so that it runs the same from sources (vitest) and from dist/.
import { parentPort, workerData } from 'node:worker_threads';
import SwaggerParser from '@apidevtools/swagger-parser';

try {
  await SwaggerParser.validate(workerData.absolutePath, workerData.document, {
    resolve: { external: false },
    dereference: { circular: 'ignore' },
  });
  parentPort.postMessage({ ok: true });
} catch (err) {
  // Only plain data crosses the thread boundary: the message and ajv's error list.
  const details = Array.isArray(err?.details) ? JSON.parse(JSON.stringify(err.details)) : undefined;
  parentPort.postMessage({ ok: false, message: String(err?.message ?? err), details });
}
