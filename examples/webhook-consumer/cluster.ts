/**
 * Three instances of the example consumer on one PostgreSQL database, behind a tiny round-robin
 * proxy: what a partner's endpoint looks like behind a load balancer. Deliveries of one payment
 * land on different instances at once; the PostgreSQL store makes each apply once.
 *
 *   CBP_WEBHOOK_SECRET=whsec_... DATABASE_URL=postgres://... PORT=8787 \
 *     node dist/examples/webhook-consumer/cluster.js
 *
 * Then subscribe http://127.0.0.1:8787/webhooks to `cbp mock` (see README.md beside this file).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface ClusterOptions {
  secret: string;
  databaseUrl: string;
  /** Default 3. */
  instances?: number;
  /** The proxy's port on 127.0.0.1; 0 picks a free one. */
  port?: number;
  /** How to start an instance: default `node main.js` beside this file (after `npm run build`). */
  instanceCommand?: { command: string; args: string[] };
  log?: (line: string) => void;
}

export interface ConsumerCluster {
  /** The proxy: POST <url>/webhooks, GET <url>/payments/<id>. */
  url: string;
  /** Each instance's own base URL, for `cbp conformance consumer --url ... --url ...`. */
  instanceUrls: string[];
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

function startInstance(options: ClusterOptions, n: number): Promise<{ child: ChildProcess; url: string }> {
  const cmd = options.instanceCommand ?? { command: process.execPath, args: [path.join(here, 'main.js')] };
  const child = spawn(cmd.command, cmd.args, {
    env: { ...process.env, CBP_WEBHOOK_SECRET: options.secret, DATABASE_URL: options.databaseUrl, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`instance ${n} exited (${code})`)));
    child.stdout!.on('data', (d: Buffer) => {
      const m = /listening (\d+)/.exec(String(d));
      if (m) resolve({ child, url: `http://127.0.0.1:${m[1]}` });
    });
  });
}

/** Forwards each request to the next instance in turn, bytes unchanged (signatures cover the raw body). */
function roundRobinProxy(targets: string[]): Server {
  let next = 0;
  return createServer((req, res) => {
    const target = new URL(req.url ?? '/', targets[next++ % targets.length]);
    const upstream = request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
}

export async function startConsumerCluster(options: ClusterOptions): Promise<ConsumerCluster> {
  const started = await Promise.all(
    Array.from({ length: options.instances ?? 3 }, (_, n) => startInstance(options, n)),
  );
  const proxy = roundRobinProxy(started.map((s) => s.url));
  await new Promise<void>((r) => proxy.listen(options.port ?? 8787, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  return {
    url,
    instanceUrls: started.map((s) => s.url),
    async close() {
      await new Promise((r) => proxy.close(r));
      await Promise.all(
        started.map(
          ({ child }) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secret = process.env.CBP_WEBHOOK_SECRET;
  const databaseUrl = process.env.DATABASE_URL;
  if (!secret || !databaseUrl) {
    process.stderr.write('set CBP_WEBHOOK_SECRET (whsec_...) and DATABASE_URL (postgres://...)\n');
    process.exit(2);
  }
  const cluster = await startConsumerCluster({ secret, databaseUrl, port: Number(process.env.PORT ?? 8787) });
  process.stdout.write(`round-robin proxy: POST ${cluster.url}/webhooks  GET ${cluster.url}/payments/<id>\n`);
  process.stdout.write(`instances: ${cluster.instanceUrls.join(' ')}\n`);
  const stop = () => void cluster.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
