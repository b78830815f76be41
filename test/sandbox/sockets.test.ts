/**
 * Sockets that never read, never send, or just sit there cannot keep the mock's file descriptors:
 * a timed-out client gets its 408 and the socket is destroyed (not half-closed), and past
 * `maxIdleConnections` waiting sockets a new connection closes the longest-waiting one. Raw
 * sockets on 127.0.0.1.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { sandboxOn0, token } from './helpers.js';

let mock: RunningSandbox | undefined;
const opened: Socket[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) s.destroy();
  await mock?.close();
  mock = undefined;
});

function open(baseUrl: string, options: { allowHalfOpen?: boolean } = {}): Promise<Socket> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: options.allowHalfOpen ?? false });
    opened.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves when the server has torn the connection down: writing to it fails (RST) or it closes.
 * A half-closed server socket keeps reading, so the writes are accepted for ever. */
function untilGone(socket: Socket, withinMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (gone: boolean) => {
      clearInterval(timer);
      clearTimeout(limit);
      resolve(gone);
    };
    socket.on('error', () => done(true));
    socket.on('close', () => done(true));
    const timer = setInterval(() => {
      if (!socket.destroyed) socket.write('x-probe: 1\r\n');
    }, 50);
    const limit = setTimeout(() => done(false), withinMs);
  });
}

describe('sockets that never read', () => {
  it('a client that stops mid-headers and never reads gets 408 and its socket is destroyed', async () => {
    mock = await sandboxOn0({ timeouts: { headersMs: 300, requestMs: 600 } });
    const sockets = await Promise.all(Array.from({ length: 20 }, () => open(mock!.baseUrl, { allowHalfOpen: true })));
    for (const s of sockets) {
      s.pause(); // never reads
      s.write('GET /_sandbox/clock HTTP/1.1\r\nhost: x\r\n');
    }
    await new Promise((r) => setTimeout(r, 1200));
    const gone = await Promise.all(sockets.map((s) => untilGone(s, 1500)));
    expect(gone.filter(Boolean).length).toBe(20);
    // The 408 was written before the socket went away.
    const one = await open(mock.baseUrl);
    let got = '';
    one.on('data', (d) => (got += d.toString('latin1')));
    one.write('GET /_sandbox/clock HTTP/1.1\r\nhost: x\r\n');
    await new Promise((r) => one.once('close', r));
    expect(got).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('past maxIdleConnections, a new connection closes the longest-waiting socket and is served', async () => {
    mock = await sandboxOn0({ maxIdleConnections: 5 });
    const idle: Socket[] = [];
    for (let i = 0; i < 12; i++) {
      const s = await open(mock.baseUrl, { allowHalfOpen: true });
      s.pause();
      s.write('GET /_sandbox/clock HTTP/1.1\r\n');
      idle.push(s);
    }
    // Each connection past the fifth closed the oldest waiting one: the first seven are gone (long
    // before the 10 s headers timeout), the last five are still open.
    const gone = await Promise.all(idle.map((s) => untilGone(s, 400)));
    expect(gone).toEqual([...Array(7).fill(true), ...Array(5).fill(false)]);
    // A normal client still gets its token (which itself evicted one more waiting socket).
    await expect(token(mock)).resolves.toMatch(/\S{16,}/);
  });

  it('with the cap full of idle sockets, keep-alive clients are still served', async () => {
    mock = await sandboxOn0({ maxIdleConnections: 3 });
    for (let i = 0; i < 3; i++) (await open(mock.baseUrl)).pause();
    const tok = await token(mock);
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${mock.baseUrl}/_sandbox/clock`, { headers: { authorization: `Bearer ${tok}` } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
  });
});
