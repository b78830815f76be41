/**
 * Validation of a bundled document with swagger-parser, inline for ordinary documents and on a
 * worker thread for large ones (the GitHub REST description takes ~2 s to validate: overlapping
 * that with normalization and emitting is most of what keeps `cbp generate` within 1.5x of
 * openapi-typescript alone). Either way the result is a promise the pipeline awaits before it
 * returns, so an invalid document still never produces output.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SwaggerParser from '@apidevtools/swagger-parser';
import { packageInfo } from '../package-info.js';
import { toSpecInvalidError } from './validation-error.js';

/** Path items + component schemas above which a worker pays for its ~50 ms start-up. */
const WORKER_THRESHOLD = 400;

export interface ValidationTarget {
  file: string;
  absolutePath: string;
}

export function validateDocument(bundled: Record<string, unknown>, where: ValidationTarget): Promise<void> {
  return size(bundled) >= WORKER_THRESHOLD ? validateOnWorker(bundled, where) : validateInline(bundled, where);
}

async function validateInline(bundled: Record<string, unknown>, where: ValidationTarget): Promise<void> {
  try {
    // swagger-parser dereferences in place: validate a copy, the caller keeps the bundled form.
    await SwaggerParser.validate(where.absolutePath, structuredClone(bundled) as never, {
      resolve: { external: false },
      dereference: { circular: 'ignore' },
    });
  } catch (err) {
    throw toSpecInvalidError(err, where.file);
  }
}

function validateOnWorker(bundled: Record<string, unknown>, where: ValidationTarget): Promise<void> {
  const script = path.join(packageInfo().root, 'generator/load/validate-worker.mjs');
  return new Promise((resolve, reject) => {
    // workerData is structured-cloned: the worker validates (and dereferences) its own copy.
    const worker = new Worker(script, { workerData: { document: bundled, absolutePath: where.absolutePath } });
    worker.once('message', (m: { ok: boolean; message?: string; details?: unknown }) => {
      if (m.ok) resolve();
      else reject(toSpecInvalidError(Object.assign(new Error(m.message), { details: m.details }), where.file));
      void worker.terminate();
    });
    worker.once('error', (err) => reject(toSpecInvalidError(err, where.file)));
  });
}

function size(doc: Record<string, unknown>): number {
  const count = (v: unknown) => (v && typeof v === 'object' ? Object.keys(v).length : 0);
  return count(doc.paths) + count((doc.components as Record<string, unknown> | undefined)?.schemas);
}
