/**
 * What a socket may hold on the mock's servers. A file descriptor is the scarce resource: a client
 * that opens connections and never sends (slowloris) or never reads must not keep one for ever,
 * nor exhaust them for everyone else.
 *
 * - A client error (a headers or request timeout, a malformed request) is answered 400/408 and the
 *   socket is destroyed at once, as Node's own default handler does. `socket.end()` alone is a
 *   half-close (RFC 9293 §3.6) that keeps the descriptor until the peer closes too, which a peer
 *   that never reads never does.
 * - At most `maxIdleConnections` sockets wait without a request being answered (connected and
 *   sending nothing or only part of a request, or kept alive between requests); past that, a new
 *   connection closes the one that has waited longest. A client that is being answered is never
 *   closed for this.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface SocketGuard {
  /** The socket's request is being answered: it does not count as waiting. */
  busy(socket: Socket): void;
  /** The answer was written: the socket waits for the next request. */
  waiting(socket: Socket): void;
}

const RESPONSES = {
  timeout: 'HTTP/1.1 408 Request Timeout\r\nconnection: close\r\ncontent-length: 0\r\n\r\n',
  bad: 'HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n',
};

export function guardSockets(server: Server, maxIdleConnections: number): SocketGuard {
  // Insertion order is age: the first key has waited longest.
  const waiting = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    waiting.add(socket);
    socket.once('close', () => waiting.delete(socket));
    if (waiting.size > maxIdleConnections) {
      const oldest = waiting.values().next().value!;
      waiting.delete(oldest);
      oldest.destroy();
    }
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (socket.writable) socket.write(err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? RESPONSES.timeout : RESPONSES.bad);
    socket.destroy();
  });
  return {
    busy: (socket) => void waiting.delete(socket),
    waiting: (socket) => {
      if (!socket.destroyed) waiting.add(socket);
    },
  };
}
