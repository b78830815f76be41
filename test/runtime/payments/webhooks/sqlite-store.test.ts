import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSqliteStore } from 'cross-border-payments-runtime/payments/webhooks/sqlite';
import {
  createMemoryStore,
  emptyPaymentState,
  type WebhookStore,
} from 'cross-border-payments-runtime/payments/webhooks';

let dir: string;
beforeEach(() => void (dir = mkdtempSync(path.join(tmpdir(), 'cbp-sqlite-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const state = (version: number, status: string) => ({ ...emptyPaymentState('pay-1'), known: true, status, version });

describe.each([
  ['memory', () => createMemoryStore()],
  ['sqlite', () => createSqliteStore({ path: path.join(dir, 'hooks.db') })],
] as Array<[string, () => WebhookStore]>)('%s store', (_name, make) => {
  it('commits state and event id together, with compare-and-set on the version', async () => {
    const store = make();
    try {
      expect(
        await store.commit({
          eventId: 'e1',
          paymentId: 'pay-1',
          expectedVersion: 0,
          state: state(1, 'AWAITING_FUNDS'),
          effect: 'applied',
        }),
      ).toBe(true);
      expect(await store.hasEvent('e1')).toBe(true);
      // Same event again, or a change computed from an outdated version: refused, nothing written.
      expect(
        await store.commit({
          eventId: 'e1',
          paymentId: 'pay-1',
          expectedVersion: 1,
          state: state(2, 'X'),
          effect: 'applied',
        }),
      ).toBe(false);
      expect(
        await store.commit({
          eventId: 'e2',
          paymentId: 'pay-1',
          expectedVersion: 0,
          state: state(2, 'X'),
          effect: 'applied',
        }),
      ).toBe(false);
      expect(await store.hasEvent('e2')).toBe(false);
      expect(await store.getPayment('pay-1')).toEqual(state(1, 'AWAITING_FUNDS'));
      expect(await store.getPayment('pay-2')).toBeUndefined();
    } finally {
      await store.close?.();
    }
  });
});

describe.each([
  ['memory', () => createMemoryStore()],
  ['sqlite', () => createSqliteStore({ path: path.join(dir, 'hooks.db') })],
] as Array<[string, () => WebhookStore]>)('%s store: pruning unknown payments', (_name, make) => {
  const parkedAt = (paymentId: string, ...stamps: string[]) => ({
    ...emptyPaymentState(paymentId),
    version: stamps.length,
    parked: stamps.map((t, i) => ({
      eventId: `${paymentId}-e${i}`,
      eventTimestamp: t,
      paymentId,
      status: 'PAYOUT_CREDITED',
      payload: {},
    })),
  });

  it('deletes never-known payments whose newest event is older than the cutoff, and nothing else', async () => {
    const store = make();
    try {
      const cutoff = Date.parse('2026-03-01T00:00:00Z');
      await store.commit({
        eventId: 'old-e1',
        paymentId: 'old',
        expectedVersion: 0,
        state: parkedAt('old', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'),
        effect: 'unknown-payment',
      });
      await store.commit({
        eventId: 'recent-e1',
        paymentId: 'recent',
        expectedVersion: 0,
        state: parkedAt('recent', '2026-01-01T00:00:00Z', '2026-03-02T00:00:00Z'),
        effect: 'unknown-payment',
      });
      await store.commit({
        eventId: 'known-e1',
        paymentId: 'pay-1',
        expectedVersion: 0,
        state: { ...state(1, 'AWAITING_FUNDS'), paymentId: 'pay-1' },
        effect: 'applied',
      });
      expect(await store.pruneUnknown!(cutoff)).toBe(1);
      expect(await store.getPayment('old')).toBeUndefined();
      expect((await store.getPayment('recent'))?.parked).toHaveLength(2);
      expect((await store.getPayment('pay-1'))?.status).toBe('AWAITING_FUNDS');
      // The pruned payment's event stays recorded: a redelivery is a duplicate, not parked again.
      expect(await store.hasEvent('old-e1')).toBe(true);
      expect(await store.pruneUnknown!(cutoff)).toBe(0);
    } finally {
      await store.close?.();
    }
  });
});

describe('sqlite store', () => {
  it('keeps everything across a reopen', async () => {
    const file = path.join(dir, 'hooks.db');
    const a = createSqliteStore({ path: file });
    a.commit({
      eventId: 'e1',
      paymentId: 'pay-1',
      expectedVersion: 0,
      state: state(1, 'RECEIVED_FUNDS'),
      effect: 'applied',
    });
    await a.close?.();
    const b = createSqliteStore({ path: file });
    expect(b.hasEvent('e1')).toBe(true);
    expect(b.getPayment('pay-1')).toMatchObject({ status: 'RECEIVED_FUNDS', version: 1 });
    await b.close?.();
  });

  it('clears the lock a killed process left, and refuses a file a live process owns', async () => {
    const file = path.join(dir, 'hooks.db');
    const a = createSqliteStore({ path: file });
    a.commit({
      eventId: 'e1',
      paymentId: 'pay-1',
      expectedVersion: 0,
      state: state(1, 'RECEIVED_FUNDS'),
      effect: 'applied',
    });
    await a.close?.();
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(`${file}.owner`, String(dead));
    mkdirSync(`${file}.lock`);
    const b = createSqliteStore({ path: file });
    expect(b.getPayment('pay-1')).toMatchObject({ status: 'RECEIVED_FUNDS' });
    await b.close?.();
    writeFileSync(`${file}.owner`, String(process.ppid));
    expect(() => createSqliteStore({ path: file })).toThrow(/in use by process/);
  });
});
