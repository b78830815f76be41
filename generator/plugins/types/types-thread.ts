/**
 * openapi-typescript on a worker thread, one per process, started on first use and kept (unref'd
 * while idle, so it never holds the process open). Its ~0.5 s of TypeScript loading and its
 * printing then overlap everything else `cbp generate` does.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { packageInfo } from '../../package-info.js';

interface Reply {
  id: number;
  ok: boolean;
  text?: string;
  message?: string;
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve(text: string): void; reject(err: Error): void }>();

function start(): Worker {
  // A young generation of 16 MB instead of V8's default (up to 3 x 16 MB): the worker's peak
  // memory on a 1 MB document is some 10 MB lower (8 MB saves 20 MB there, but costs the 13 MB
  // GitHub REST description ~0.6 s more of garbage collection; 16 MB costs it ~0.1 s).
  const file = path.join(packageInfo().root, 'generator/plugins/types/types-worker.mjs');
  const started = new Worker(file, { resourceLimits: { maxYoungGenerationSizeMb: 16 } });
  started.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (pending.size === 0) started.unref();
    if (reply.ok) waiting?.resolve(reply.text ?? '');
    else waiting?.reject(new Error(reply.message ?? 'openapi-typescript failed'));
  });
  // A crashed worker fails what it was doing; the next request starts a fresh one.
  const fail = (err: Error) => {
    if (worker === started) worker = undefined;
    for (const waiting of pending.values()) waiting.reject(err);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`openapi-typescript worker exited (code ${code})`)));
  started.unref();
  return started;
}

/** Starts the worker (and its loading of openapi-typescript) ahead of the first request. */
export function startTypesWorker(): void {
  worker ??= start();
}

/** Starts the worker when the resolved plugins run the types plugin: the one place a generation
 * decides it (generate() and generateToDisk() call it; the CLI's prefetch precedes both). */
export function startTypesWorkerFor(plugins: readonly { name: string }[]): void {
  if (plugins.some((p) => p.name === 'types')) startTypesWorker();
}

/** openapi-typescript's printed output for `document` (structured-cloned to the worker, so the
 * caller's object is never touched: openapi-typescript mutates some documents it is given). */
export function typesOnWorker(document: Record<string, unknown>, options: Record<string, unknown>): Promise<string> {
  worker ??= start();
  const id = nextId++;
  const running = worker;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    running.ref();
    running.postMessage({ id, document, options });
  });
}
