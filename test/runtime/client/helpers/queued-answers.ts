/**
 * A node:http server on 127.0.0.1 that answers each request with the next queued JSON answer
 * (sent as written: an amount as a string stays a string), or 500 once the queue is empty.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface QueuedAnswer {
  status: number;
  json: string;
}

export interface QueuedAnswers {
  base: string;
  /** The answers still to give, in order; a test sets it before its calls. */
  answers: QueuedAnswer[];
  close(): Promise<void>;
}

export async function queuedAnswersServer(): Promise<QueuedAnswers> {
  const state: QueuedAnswers = { base: '', answers: [], close: async () => undefined };
  const server = createServer((req, res) => {
    const answer = state.answers.shift() ?? { status: 500, json: '{"errors":[]}' };
    req.resume();
    res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(answer.json);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return state;
}
