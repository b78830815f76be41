/**
 * A consumer process on the SQLite store is SIGKILLed in the middle of a stream (with requests
 * in flight) and restarted on the same file; the "provider" retries every unacknowledged
 * delivery and redelivers the acknowledged ones. Nothing may be lost or applied twice.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signWebhook } from 'cross-border-payments-runtime/payments/webhooks';
import { createSqliteStore } from 'cross-border-payments-runtime/payments/webhooks/sqlite';
import { paymentFlow, shuffled, type WebhookPayload } from '../../../../conformance/suites/consumer/flows.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const secret = `whsec_${Buffer.from('crash test secret, 24 bytes+').toString('base64')}`;
const children: ChildProcess[] = [];
let dir: string | undefined;
afterEach(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function start(db: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['--import', path.join(here, 'helpers/ts-register.mjs'), path.join(here, 'helpers/consumer-child.ts'), db, secret],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`consumer exited early (${code})`)));
    child.stdout!.on('data', (d: Buffer) => {
      const m = /listening (\d+)/.exec(String(d));
      if (m) resolve({ child, url: `http://127.0.0.1:${m[1]}/` });
    });
  });
}

async function deliver(url: string, p: WebhookPayload): Promise<boolean> {
  const body = JSON.stringify(p);
  const headers = signWebhook(body, { id: p.event_id, timestamp: Math.floor(Date.now() / 1000), secret });
  try {
    const res = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
    return res.status === 200;
  } catch {
    return false; // connection refused or reset by the kill: the provider will retry
  }
}

describe('SQLite consumer killed mid-stream', () => {
  it('loses nothing and applies nothing twice after SIGKILL and restart', { timeout: 90_000 }, async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cbp-crash-'));
    const db = path.join(dir, 'hooks.db');
    const payments = Array.from({ length: 8 }, (_, i) =>
      paymentFlow({
        paymentId: `pay-${i}`,
        recipients: i % 3 === 0 ? 3 : 1,
        eventPrefix: `evt-${i}`,
        startMs: Date.UTC(2026, 0, 1),
      }),
    );
    const unique = payments.flat();
    // Interleave payments, reorder within each, and deliver every event twice.
    const stream = payments.map((p, i) => (i % 2 ? shuffled(p) : p)).flatMap((p) => p.flatMap((e) => [e, e]));
    stream.sort(
      (a, b) =>
        ((a.event_id.length * 7 + a.event_id.charCodeAt(4)) % 5) -
        ((b.event_id.length * 7 + b.event_id.charCodeAt(4)) % 5),
    );

    const first = await start(db);
    const acked = new Set<number>();
    const killAt = Math.floor(stream.length / 2);
    let sent = 0;
    let killed = false;
    // Eight deliveries in flight at a time, so the kill lands while requests are being processed.
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (sent < stream.length && !killed) {
          const i = sent++;
          if (i === killAt) {
            killed = true;
            first.child.kill('SIGKILL');
            return;
          }
          if (await deliver(first.url, stream[i]!)) acked.add(i);
        }
      }),
    );
    await new Promise((r) =>
      first.child.exitCode !== null || first.child.signalCode !== null ? r(null) : first.child.once('exit', r),
    );
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(acked.size).toBeGreaterThan(0);
    expect(acked.size).toBeLessThan(stream.length);

    const second = await start(db);
    // The provider retries everything not acknowledged, then redelivers everything once more.
    for (let i = 0; i < stream.length; i++) if (!acked.has(i)) expect(await deliver(second.url, stream[i]!)).toBe(true);
    for (const e of unique) expect(await deliver(second.url, e)).toBe(true);
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));

    const store = createSqliteStore({ path: db });
    try {
      for (const flow of payments) {
        const s = await store.getPayment(flow[0]!.payment_id);
        expect(s).toMatchObject({ status: 'PAYMENT_COMPLETED', known: true, parked: [] });
        expect([...s!.eventIds].sort()).toEqual(flow.map((e) => e.event_id).sort());
      }
      for (const e of unique) expect(await store.hasEvent(e.event_id)).toBe(true);
    } finally {
      await store.close?.();
    }
  });
});
