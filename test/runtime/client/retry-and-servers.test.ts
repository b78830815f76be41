/** Unit tables for the retry policy and the server / token URL resolution of the client runtime. */
import { describe, expect, it } from 'vitest';
import { backoffDelay, retryAfterMs } from '../../../packages/runtime/src/client/retry-loop.js';
import {
  isRetryableStatus,
  resolveRetryPolicy,
  resolveServerUrl,
  withRetry,
} from 'cross-border-payments-runtime/client';
import { resolveTokenUrl as resolveTokenUrlWith } from '../../../packages/runtime/src/client/token-url.js';

type TokenUrlArgs = Parameters<typeof resolveTokenUrlWith>;
const resolveTokenUrl = (endpoint: TokenUrlArgs[0], options: TokenUrlArgs[1]) =>
  resolveTokenUrlWith(endpoint, options, resolveServerUrl);

describe('retry policy', () => {
  it('retries 429 and transient 5xx only', () => {
    expect([429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 404, 409, 501, 505].some(isRetryableStatus)).toBe(false);
  });

  it('full jitter under a doubling ceiling capped at maxDelayMs', () => {
    const p = resolveRetryPolicy({ baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.999 });
    expect([0, 1, 2, 3, 4].map((n) => backoffDelay(n, p))).toEqual([99, 199, 399, 799, 999]);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it('does not wait for a Retry-After longer than maxRetryAfterMs', async () => {
    const sleeps: number[] = [];
    const p = resolveRetryPolicy({ sleep: async (ms) => void sleeps.push(ms), maxRetryAfterMs: 10_000 });
    let calls = 0;
    const res = await withRetry(
      p,
      async () => {
        calls++;
        return new Response(null, { status: 503, headers: { 'retry-after': '60' } });
      },
      () => undefined,
    );
    expect(res.status).toBe(503);
    expect(calls).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it('retry: false (retries 0) sends once', async () => {
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new TypeError('fetch failed');
    };
    await expect(withRetry(resolveRetryPolicy(false), failing, () => undefined)).rejects.toThrow('fetch failed');
    expect(calls).toBe(1);
  });
});

describe('server and token URLs', () => {
  const vars = { base_url: 'https://api.x', auth_url: 'https://auth.x/' };
  it('fills server variables, falling back to the documented defaults', () => {
    expect(resolveServerUrl({ url: '{auth_url}', variables: { auth_url: 'https://d' } }, vars)).toBe('https://auth.x');
    expect(resolveServerUrl({ url: 'https://{region}.x/v1', variables: { region: 'eu' } }, {})).toBe('https://eu.x/v1');
  });

  it('token URL: explicit option, documented token operation, tokenUrl moved onto authUrl, relative tokenUrl', () => {
    const op = { server: { url: '{auth_url}', variables: { auth_url: 'https://d' } }, path: '/auth/oauth/v2/token' };
    expect(resolveTokenUrl(op, { tokenUrl: 'https://t/x', baseUrl: 'https://api.x', variables: vars })).toBe(
      'https://t/x',
    );
    expect(resolveTokenUrl(op, { authUrl: 'https://auth.x/', baseUrl: 'https://api.x', variables: vars })).toBe(
      'https://auth.x/auth/oauth/v2/token',
    );
    expect(
      resolveTokenUrl(
        { url: 'https://login.vendor/oauth/token' },
        { authUrl: 'https://auth.x', baseUrl: 'https://api.x', variables: vars },
      ),
    ).toBe('https://auth.x/oauth/token');
    expect(
      resolveTokenUrl({ url: 'https://login.vendor/oauth/token' }, { baseUrl: 'https://api.x', variables: {} }),
    ).toBe('https://login.vendor/oauth/token');
    expect(resolveTokenUrl({ url: '/oauth/token' }, { baseUrl: 'https://api.x/v1', variables: {} })).toBe(
      'https://api.x/v1/oauth/token',
    );
    expect(resolveTokenUrl(undefined, { baseUrl: 'https://api.x', variables: {} })).toBeUndefined();
  });
});
