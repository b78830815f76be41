/**
 * The side-by-side bench's verdict (bench/lib/interleaved.ts) on made-up rounds: it says "no
 * slower" only when the median's interval is at or below 1.05, "slower" only when it is above,
 * and nothing when the rounds spread too wide. No timing here: the calls count how often they run.
 */
import { describe, expect, test } from 'vitest';
import { interleaved, quantile, summarize, verdict } from '../../bench/lib/interleaved.js';

const summary = (ratios: number[]) => summarize(ratios, [1], [1]);
const around = (center: number, width: number, n = 60) =>
  Array.from({ length: n }, (_, i) => center - width / 2 + (width * i) / (n - 1));

describe('verdict', () => {
  test('no slower, slower, inconclusive, too wide', () => {
    expect(verdict(summary(around(0.98, 0.1)), 'a', 'b')).toMatch(/^a no slower than b/);
    expect(verdict(summary(around(1.2, 0.1)), 'a', 'b')).toMatch(/^a SLOWER than b/);
    expect(verdict(summary(around(1.05, 0.2)), 'a', 'b')).toMatch(/^inconclusive/);
    expect(verdict(summary(around(1, 1)), 'a', 'b')).toMatch(/^spread too wide to conclude/);
  });

  test('quantiles interpolate between ranks', () => {
    expect(quantile([3, 1, 2, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4, 5], 0.25)).toBe(2);
  });
});

test('interleaved runs both sides the same number of times and alternates which goes first', async () => {
  const order: string[] = [];
  const side = (name: string) => async () => {
    order.push(name);
    return true;
  };
  const a = side('a');
  const b = side('b');
  const s = await interleaved(a, b, { rounds: 4, calls: 2, warmup: 1 });
  expect(s.rounds).toBe(4);
  // Warm-up and the sizing probe (one call each), then the rounds, A first, then B first.
  expect(order.join('')).toBe('ab' + 'ab' + 'aabb' + 'bbaa' + 'aabb' + 'bbaa');
  await expect(interleaved(async () => false, b, { rounds: 1, calls: 1, warmup: 0 })).rejects.toThrow(
    /unexpected answer/,
  );
});
