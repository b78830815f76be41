/**
 * node:http adapter. Reads the body with the router's size limit, answering 413 as soon as the
 * declared or received length exceeds it instead of buffering the rest. `batchWrites` ends the
 * responses of one event-loop pass together (write-batch.ts): more throughput under concurrent
 * load, a few microseconds more latency for a lone request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_BODY_LIMIT } from './body.js';
import { errorResponse } from './respond.js';
import type { Router, RouterResponse } from './types.js';
import { createWriteBatch, type WriteBatch } from './write-batch.js';

export interface NodeListenerOptions {
  /** End the responses of one event-loop pass together (default false). */
  batchWrites?: boolean;
}

const internalError = () =>
  errorResponse(500, [{ rule: 'server.internal', pointer: '', message: 'Internal server error', source: 'server' }]);

const tooLarge = (limit: number) =>
  errorResponse(413, [
    { rule: 'request.body-too-large', pointer: '', message: `The body exceeds ${limit} bytes`, source: 'server limit' },
  ]);

export function toNodeListener(
  router: Router & { bodyLimit?: number },
  options: NodeListenerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const limit = router.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const batch: WriteBatch | undefined = options.batchWrites ? createWriteBatch() : undefined;
  const send = (res: ServerResponse, answer: RouterResponse, close = false): void => {
    if (res.headersSent) return;
    res.writeHead(answer.status, close ? { ...answer.headers, connection: 'close' } : answer.headers);
    if (batch) batch.end(res, answer.body ?? '');
    else res.end(answer.body);
  };
  return (req, res) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      send(res, tooLarge(limit), true);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        send(res, tooLarge(limit), true);
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      if (over) return;
      const body = size > 0 ? new Uint8Array(Buffer.concat(chunks)) : undefined;
      const request = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body };
      let answer: RouterResponse | Promise<RouterResponse>;
      try {
        // The eager path answers a synchronous handler in the same tick (no promise).
        answer = router.handleEager ? router.handleEager(request) : router.handle(request);
      } catch {
        answer = internalError();
      }
      if ('then' in answer)
        answer.then(
          (a) => send(res, a),
          () => send(res, internalError()),
        );
      else send(res, answer);
    });
  };
}
