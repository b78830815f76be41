/**
 * Targets that fail the way a partner's first hour with a real sandbox does, all on 127.0.0.1: a
 * closed port, a TLS server with a self-signed certificate (made with the openssl command-line
 * tool: Node has no X.509 issuing API), and a server that accepts the connection and never answers.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Running {
  url: string;
  close(): Promise<void>;
}

export const hasOpenssl = (): boolean => spawnSync('openssl', ['version'], { stdio: 'ignore' }).status === 0;

async function listen(server: Server, scheme: 'http' | 'https'): Promise<Running> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback URL nothing listens on: a port that was free a moment ago. */
export async function closedPortUrl(): Promise<string> {
  const server = await listen(createHttpServer(), 'http');
  await server.close();
  return server.url;
}

/** An HTTPS server whose certificate is self-signed for 127.0.0.1; answers 200 `{}`. */
export async function selfSignedServer(): Promise<Running> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cbp-self-signed-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        'key.pem',
        '-out',
        'cert.pem',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { cwd: dir, stdio: 'ignore' },
    );
    const key = readFileSync(path.join(dir, 'key.pem'));
    const cert = readFileSync(path.join(dir, 'cert.pem'));
    const server = createHttpsServer({ key, cert }, (_req, res) => res.writeHead(200).end('{}'));
    return listen(server as unknown as Server, 'https');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Accepts every connection and request, and never answers. */
export function silentServer(): Promise<Running> {
  return listen(
    createHttpServer(() => undefined),
    'http',
  );
}
