/**
 * Seed §Authentication step 4: "When the token has expired (per expires_in), the application
 * requests a new one". A provider with short-lived tokens must not see the runner's later
 * requests fail with 401 because the runner kept an expired token.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Http } from '../../conformance/engine/http.js';
import { Tokens } from '../../conformance/suites/api/tokens.js';

function tokens(expiresIn: unknown) {
  let n = 0;
  const http = {
    send: async () => ({
      status: 200,
      body: { access_token: `token-${++n}`, token_type: 'bearer', expires_in: expiresIn },
    }),
  } as unknown as Http;
  return new Tokens(http, { primary: { clientId: 'id', clientSecret: 'secret' } });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens are renewed per expires_in', () => {
  test('reused while valid, requested again once expires_in has (almost) run out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t = tokens(60);
    expect(await t.token('primary')).toBe('token-1');
    vi.advanceTimersByTime(50_000);
    expect(await t.token('primary')).toBe('token-1');
    vi.advanceTimersByTime(5_000);
    expect(await t.token('primary')).toBe('token-2');
  });

  test('a long-lived token is kept; a token without expires_in is kept until reset', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const long = tokens(3600);
    const unknown = tokens(undefined);
    expect([await long.token('primary'), await unknown.token('primary')]).toEqual(['token-1', 'token-1']);
    vi.advanceTimersByTime(600_000);
    expect([await long.token('primary'), await unknown.token('primary')]).toEqual(['token-1', 'token-1']);
  });
});
