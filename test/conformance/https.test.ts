/** "All requests use HTTPS" (Authentication, OAuth 2.0 step 6): judged on deployed targets, not judged on loopback. */
import { describe, expect, test } from 'vitest';
import { CaseBook } from '../../conformance/engine/case-book.js';
import { httpsCases, isLoopbackHost, judgeHttps } from '../../conformance/suites/api/checks/https.js';

describe('isLoopbackHost', () => {
  test.each([
    'localhost',
    'LOCALHOST',
    'sandbox.localhost',
    '127.0.0.1',
    '127.3.2.1',
    '[::1]',
    '::1',
    '[::ffff:7f00:1]',
    'localhost.',
  ])('%s is loopback', (h) => {
    expect(isLoopbackHost(h)).toBe(true);
  });
  test.each([
    'sandbox.provider.example',
    '10.0.0.1',
    '192.168.1.2',
    '128.0.0.1',
    'localhost.example.com',
    '[::2]',
    '[::ffff:a00:1]',
    '0.0.0.0',
  ])('%s is not', (h) => {
    expect(isLoopbackHost(h)).toBe(false);
  });
});

describe('judgeHttps', () => {
  test('https passes, plain http on a public host fails, plain http on loopback is not judged', () => {
    expect(judgeHttps('https://sandbox.provider.example/api')).toEqual({ judged: true, https: true });
    expect(judgeHttps('http://sandbox.provider.example')).toEqual({ judged: true, https: false });
    const local = judgeHttps(new URL('http://[::ffff:127.0.0.1]:8080').href);
    expect(local.judged).toBe(false);
    expect(judgeHttps('http://localhost:3000')).toMatchObject({
      judged: false,
      reason: expect.stringContaining('http://localhost:3000 is a loopback address'),
    });
  });

  test(
    'one case per origin: a plain-http authorization server ' +
      'fails on its own, a loopback base is never reported as passed',
    () => {
      const book = new CaseBook();
      httpsCases(
        { baseUrl: 'http://127.0.0.1:4010', authUrl: 'http://auth.provider.example' },
        book,
        'firm-statements',
      );
      expect(book.cases.map((c) => [c.name, c.verdict])).toEqual([
        ['the base URL http://127.0.0.1:4010 uses HTTPS', 'not-judged'],
        ['the authorization server URL http://auth.provider.example uses HTTPS', 'failed'],
      ]);
      expect(book.failures[0]).toMatchObject({ rule: 'auth.https', provenance: { kind: 'seed' } });
      const same = new CaseBook();
      httpsCases(
        { baseUrl: 'https://api.provider.example', authUrl: 'https://api.provider.example' },
        same,
        'firm-statements',
      );
      expect(same.cases.map((c) => c.verdict)).toEqual(['passed']);
    },
  );
});
