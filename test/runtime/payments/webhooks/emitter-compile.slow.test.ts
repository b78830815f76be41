/** The "tsc over the output" gate for payment-states.ts and webhooks.ts, then the compiled kit is run. */
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { stringify, parse } from 'yaml';
import { generate } from '../../../../api/index.js';
import { compileOutput } from '../../../generator/helpers/compile-output.js';
import { EVIL, emitterConfig, hostileTable } from './helpers/emitter-fixtures.js';

const cleanups: Array<() => void> = [];
afterAll(() => {
  for (const c of cleanups) c();
});

describe('webhooks emitter output', () => {
  it('compiles (also from a hostile table) and processes a signed webhook', async () => {
    // Node runs tsc's JavaScript here, outside vitest's resolution of the toolkit's runtime
    // subpaths, so the runtime is copied; the installed package serving it natively is
    // test/generator/petstore-host.slow.test.ts.
    const copy = { runtime: 'copy' as const };
    const { files } = await generate({ ...emitterConfig('spec/payment-states.yaml'), ...copy });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-states-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'states.yaml');
    writeFileSync(file, stringify(hostileTable(parse(readFileSync('spec/payment-states.yaml', 'utf8')))));
    const hostile = (await generate({ ...emitterConfig(file), ...copy })).files;

    const out = await compileOutput({ gen: files, hostile }, { emit: true });
    cleanups.push(out.cleanup);
    expect(out.diagnostics).toBe('');
    const url = (set: string, f: string) => pathToFileURL(path.join(out.dir, 'js', set, f)).href;

    const { paymentStates } = await import(url('hostile', 'payment-states.js'));
    expect(paymentStates.statuses.at(-1)).toEqual({ name: EVIL, documented: false, note: '*/ process.exit(1) /*' });

    const kit = await import(url('gen', 'webhooks.js'));
    const store = kit.createMemoryStore();
    const secret = kit.generateWebhookSecret();
    const consumer = kit.createWebhookConsumer({ store, secret });
    const body = JSON.stringify({
      event_id: 'e1',
      event_timestamp: '2026-01-01T00:00:00Z',
      payment_id: 'p1',
      status: 'AWAITING_FUNDS',
    });
    const headers = kit.signWebhook(body, { id: 'e1', timestamp: Math.floor(Date.now() / 1000), secret });
    expect(await consumer.handle(body, headers)).toEqual({ status: 200, body: { received: true, effect: 'applied' } });
    expect(store.payments.get('p1').status).toBe('AWAITING_FUNDS');
    expect(
      kit.applyPaymentEvent(undefined, {
        eventId: 'e2',
        eventTimestamp: '2026-01-01T00:00:00Z',
        paymentId: 'p2',
        status: 'PROCESSING',
        payload: {},
      }).effect,
    ).toBe('applied');
  });
});
