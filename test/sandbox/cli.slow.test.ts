// Slow: the child process transpiles the mock and the generated validators from sources.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { waitForSandboxUrl } from './helpers/wait-for-url.js';

describe('cbp mock: the process', () => {
  it('prints its URLs, credentials and fixtures, serves, and stops on SIGTERM', { timeout: 60_000 }, async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        './test/runtime/payments/webhooks/helpers/ts-register.mjs',
        'test/sandbox/helpers/mock-child.ts',
        '--port',
        '0',
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const { baseUrl, output } = await waitForSandboxUrl(child, { alsoWaitFor: 'Ctrl-C' });
      const out = output();
      for (const s of [
        'sandbox-client-a',
        'sandbox-secret-a',
        'sandbox-apikey-a',
        'cust-a-1',
        'cust-b-1',
        'quote-a-1-gbp-eur',
        'tp-a-1',
        `auth URL: ${baseUrl}`,
      ])
        expect(out).toContain(s);
      const r = await fetch(`${baseUrl}/v9/nothing`);
      expect(r.status).toBe(404);
    } finally {
      child.kill('SIGTERM');
    }
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(0);
  });
});
