import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createWriteBatch } from 'cross-border-payments-runtime/server';

const nextCheckPhase = () => new Promise<void>((resolve) => setImmediate(resolve));

function fakeResponse(log: string[], name: string, destroyed = false): ServerResponse {
  return { destroyed, end: (body: string) => log.push(`${name}:${body}`) } as unknown as ServerResponse;
}

describe('write batching (runtime/server/write-batch.ts)', () => {
  it('writes every response ended in one pass together, in order, after the pass', async () => {
    const log: string[] = [];
    const batch = createWriteBatch();
    batch.end(fakeResponse(log, 'a'), '1');
    batch.end(fakeResponse(log, 'b'), '2');
    expect(log).toEqual([]);
    await nextCheckPhase();
    expect(log).toEqual(['a:1', 'b:2']);
  });

  it('skips a response whose client went away, and starts a new batch afterwards', async () => {
    const log: string[] = [];
    const batch = createWriteBatch();
    batch.end(fakeResponse(log, 'gone', true), 'x');
    batch.end(fakeResponse(log, 'kept'), 'y');
    await nextCheckPhase();
    batch.end(fakeResponse(log, 'later'), 'z');
    await nextCheckPhase();
    expect(log).toEqual(['kept:y', 'later:z']);
  });
});
