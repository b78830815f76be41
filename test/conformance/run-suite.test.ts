import { describe, expect, test } from 'vitest';
import type { Check } from '../../conformance/engine/check.js';
import { runSuite } from '../../conformance/engine/run-suite.js';
import type { Reporter, RunnerEvent } from '../../conformance/engine/types.js';

const check = (id: string, run: Check<{ seen: string[] }>['run'], phase?: 'after'): Check<{ seen: string[] }> => ({
  id,
  title: id,
  source: 's',
  tags: [],
  phase,
  run,
});

function recorder(): Reporter & { events: RunnerEvent[]; finished: number } {
  const r = {
    name: 'test',
    events: [] as RunnerEvent[],
    finished: 0,
    handle: (e: RunnerEvent) => void r.events.push(e),
    finish: () => void r.finished++,
  };
  return r;
}

describe('runSuite', () => {
  test('runs the checks it is given, phase after last, and emits every event to every reporter', async () => {
    const ctx = { seen: [] as string[] };
    const log = (id: string) => async (c: { seen: string[] }) => {
      c.seen.push(id);
      return { cases: 1, failures: [] };
    };
    const [a, b] = [recorder(), recorder()];
    const summary = await runSuite(
      [check('spec', log('spec'), 'after'), check('one', log('one')), check('two', log('two'))],
      ctx,
      {
        target: 'somewhere',
        reporters: [a, b],
        sections: (c) => [{ id: 'seen', title: 'Seen', markdown: c.seen.join(' ') }],
      },
    );
    expect(ctx.seen).toEqual(['one', 'two', 'spec']);
    expect(a.events.map((e) => e.type)).toEqual([
      'suite-start',
      'check-start',
      'check-finish',
      'check-start',
      'check-finish',
      'check-start',
      'check-finish',
      'suite-finish',
    ]);
    expect(b.events).toEqual(a.events);
    expect([a.finished, b.finished]).toEqual([1, 1]);
    expect(summary).toMatchObject({
      target: 'somewhere',
      passed: 3,
      failed: 0,
      sections: [{ id: 'seen', markdown: 'one two spec' }],
    });
  });

  test('a check that throws is one failure of that check, secrets scrubbed, and the run goes on', async () => {
    const summary = await runSuite(
      [
        check('boom', async () => {
          throw new Error('token s3cr3t rejected');
        }),
        check('after-boom', async () => ({
          cases: 2,
          failures: [{ checkId: 'after-boom', message: 'soft', severity: 'warning' }],
        })),
        check('skips', async () => ({ cases: 0, failures: [], skipped: 'needs a driver with deliverFunds' })),
      ],
      { seen: [] },
      { target: 't', scrub: (t) => t.replaceAll('s3cr3t', '[redacted]') },
    );
    const [boom, soft, skip] = summary.outcomes;
    expect(boom).toMatchObject({
      status: 'failed',
      cases: 0,
      failures: [{ checkId: 'boom', severity: 'error', message: 'internal error: token [redacted] rejected' }],
    });
    expect(soft.status).toBe('warning');
    expect(skip).toMatchObject({ status: 'skipped', skippedReason: 'needs a driver with deliverFunds' });
    expect(summary).toMatchObject({ failed: 1, warnings: 1, skipped: 1, passed: 0 });
  });
});
