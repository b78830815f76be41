/**
 * A small cluster of webhook consumer processes and a provider that delivers to them: every
 * event of every payment twice, shuffled, spread over the instances concurrently, retrying each
 * delivery that was not acknowledged with 200 (seed §Events: duplicates and any order), while
 * instances may be SIGKILLed and restarted in the middle of the stream.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signWebhook } from 'cross-border-payments-runtime/payments/webhooks';
import { paymentFlow, type WebhookPayload } from '../../../../../conformance/suites/consumer/flows.js';

// The TypeScript sources, also when this module runs compiled from dist/ (npm run bench).
const here = path.join(
  fileURLToPath(new URL(import.meta.url.includes('/dist/') ? '../../../../../..' : '../../../../..', import.meta.url)),
  'test/runtime/payments/webhooks/helpers',
);

export interface Instance {
  child: ChildProcess;
  url: string;
}

export function startInstance(kind: 'sqlite' | 'postgres', target: string, secret: string): Promise<Instance> {
  const child = spawn(
    process.execPath,
    ['--import', path.join(here, 'ts-register.mjs'), path.join(here, 'store-consumer-child.ts'), kind, target, secret],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`consumer exited early (${code})`)));
    child.stdout!.on('data', (d: Buffer) => {
      const m = /listening (\d+)/.exec(String(d));
      if (m) resolve({ child, url: `http://127.0.0.1:${m[1]}/` });
    });
  });
}

export function stopInstance(instance: Instance, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const { child } = instance;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Deterministic shuffle (xorshift), so a failing run can be replayed. */
export function seededShuffle<T>(items: T[], seed: number): T[] {
  let x = seed || 1;
  for (let i = items.length - 1; i > 0; i--) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const j = (x >>> 0) % (i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

export function paymentFlows(count: number, recipients = 3): WebhookPayload[][] {
  return Array.from({ length: count }, (_, i) =>
    paymentFlow({ paymentId: `pay-${i}`, recipients, eventPrefix: `evt-${i}`, startMs: Date.UTC(2026, 0, 1) + i }),
  );
}

export interface StreamOptions {
  deliveries: WebhookPayload[];
  secret: string;
  /** The instances, read at each send: a restarted instance replaces its slot. */
  instances: Instance[];
  concurrency: number;
  /** Called after every `every` acknowledged deliveries (e.g. to kill and restart an instance). */
  chaos?: { every: number; act: () => Promise<void> };
}

export interface StreamResult {
  attempts: number;
  acknowledged: number;
  /** Milliseconds from send to a 200, per acknowledged delivery. */
  latencies: number[];
  elapsedMs: number;
}

export async function deliverAll({
  deliveries,
  secret,
  instances,
  concurrency,
  chaos,
}: StreamOptions): Promise<StreamResult> {
  const queue = deliveries.map((p, i) => ({ p, i }));
  let attempts = 0;
  let acknowledged = 0;
  let nextChaos = chaos?.every ?? Number.POSITIVE_INFINITY;
  let chaosRunning: Promise<void> | undefined;
  const latencies: number[] = [];
  const t0 = performance.now();
  const send = async (p: WebhookPayload, slot: number): Promise<boolean> => {
    const body = JSON.stringify(p);
    const headers = signWebhook(body, { id: p.event_id, timestamp: Math.floor(Date.now() / 1000), secret });
    const start = performance.now();
    try {
      const res = await fetch(instances[slot % instances.length]!.url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(20_000),
      });
      await res.arrayBuffer();
      if (res.status !== 200) return false;
      latencies.push(performance.now() - start);
      return true;
    } catch {
      return false; // refused or reset by a kill: the provider retries
    }
  };
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let turn = worker; ; turn++) {
        const item = queue.shift();
        if (!item) return;
        attempts++;
        if (await send(item.p, item.i + turn)) {
          acknowledged++;
          if (acknowledged >= nextChaos && chaos && !chaosRunning) {
            nextChaos += chaos.every;
            chaosRunning = chaos.act().finally(() => (chaosRunning = undefined));
          }
        } else {
          queue.push(item);
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    }),
  );
  await chaosRunning;
  return { attempts, acknowledged, latencies, elapsedMs: performance.now() - t0 };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
