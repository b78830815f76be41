/**
 * A cassette is untrusted input (a pull request may change it): huge, deep, with control
 * characters, naming a module or a path outside the folder. Each is refused with E_CASSETTE, a
 * JSON pointer and exit 2, or served as data: never a crash, never executed or followed.
 */
import { existsSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { main } from '../../../cli/main.js';
import { CbpError } from '../../../lib/errors.js';
import {
  type Cassette,
  loadCassette,
  MAX_CASSETTE_BYTES,
  parseCassette,
  serializeCassette,
} from '../../../conformance/suites/api/replay/cassette.js';
import { startReplayServer } from '../../../conformance/suites/api/replay/replay.js';

const dir = mkdtempSync(path.join(tmpdir(), 'cbp-cassette-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const minimal = (): Cassette => ({
  format: 'cbp-cassette',
  version: 1,
  recordedAt: '2026-12-06T10:00:00.000Z',
  target: {
    name: 'provider',
    authApart: false,
    live: true,
    clients: { primary: 'client-a' },
    apiKey: false,
    expiredToken: false,
    driver: { name: 'driver.mjs', kind: 'module', methods: ['deliverFunds'] },
  },
  run: { id: 'abc123', wallMs: 10, options: {} },
  steps: [
    {
      kind: 'exchange',
      at: 0,
      base: 'api',
      auth: 'none',
      method: 'GET',
      path: '/v3/customers/c1/payments',
      request: {},
      response: { status: 200, headers: { 'content-type': 'application/json' }, body: '[]' },
      durationMs: 1,
    },
  ],
  verdicts: {},
});

function refused(bytes: Buffer): CbpError {
  try {
    parseCassette(bytes, 'x.cassette');
  } catch (err) {
    expect(err).toBeInstanceOf(CbpError);
    expect((err as CbpError).code).toBe('E_CASSETTE');
    return err as CbpError;
  }
  throw new Error('accepted');
}

describe('hostile cassettes', () => {
  test('a well-formed cassette reads back', () => {
    expect(parseCassette(serializeCassette(minimal())).steps).toHaveLength(1);
  });

  test('huge: a file over the cap is refused before it is read, a gzip bomb before it is inflated', () => {
    const big = path.join(dir, 'big.cassette');
    writeFileSync(big, '');
    truncateSync(big, MAX_CASSETTE_BYTES + 1);
    expect(() => loadCassette(big)).toThrow(/larger than/);
    const bomb = gzipSync(Buffer.alloc(MAX_CASSETTE_BYTES + 1024, 0x20));
    expect(refused(bomb).message).toMatch(/inflates to more than/);
  });

  test('deep: nesting past the cap is refused without parsing', () => {
    const deep = Buffer.from(`{"format":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(refused(deep).message).toMatch(/nests deeper than 64/);
  });

  test('control characters in what is served back (path, header value) are refused, with the pointer', () => {
    const c = minimal();
    (c.steps[0] as { path: string }).path = '/v3/x\r\nSet-Cookie: a=b';
    expect(refused(Buffer.from(JSON.stringify(c))).details.pointer).toBe('/steps/0/path');
    const d = minimal();
    (d.steps[0] as { response: { headers: Record<string, string> } }).response.headers['x-a'] = 'a\nb';
    expect(refused(Buffer.from(JSON.stringify(d))).details.pointer).toBe('/steps/0/response/headers/x-a');
  });

  test('another version, not JSON, not gzip: refused with what is wrong', () => {
    const c = { ...minimal(), version: 2 };
    const e = refused(Buffer.from(JSON.stringify(c)));
    expect(e.details.pointer).toBe('/version');
    expect(e.details.hint).toMatch(/format 1/);
    expect(refused(Buffer.from('{"format": ')).message).toMatch(/not JSON/);
    expect(refused(Buffer.from([0x1f, 0x8b, 1, 2, 3])).message).toMatch(/not valid gzip/);
  });

  test('a driver named by a path outside the folder is never loaded: its calls are answered from the cassette', async () => {
    const marker = path.join(dir, 'loaded');
    const evil = path.join(dir, '..', `evil-${process.pid}.mjs`);
    writeFileSync(evil, `import { writeFileSync } from 'node:fs'; writeFileSync(${JSON.stringify(marker)}, 'x');`);
    try {
      const c = minimal();
      c.target.driver.name = path.relative(process.cwd(), evil);
      c.steps.push({ kind: 'driver', at: 1, method: 'deliverFunds', args: { paymentId: 'p1' }, durationMs: 1 });
      const server = await startReplayServer(parseCassette(serializeCassette(c)));
      try {
        const driver = server.replayDriver()!;
        await driver.deliverFunds!({ customerId: 'c1', paymentId: 'p1' });
        await expect(driver.deliverFunds!({ customerId: 'c1', paymentId: 'p2' })).rejects.toThrow(
          /not in the cassette/,
        );
      } finally {
        await server.close();
      }
      expect(existsSync(marker)).toBe(false);
    } finally {
      rmSync(evil, { force: true });
    }
  });

  test('a request the cassette cannot answer: 404 naming the nearest recorded exchange, never a guess', async () => {
    const server = await startReplayServer(minimal());
    try {
      const res = await fetch(`${server.baseUrl}/v3/customers/c2/payments`);
      expect(res.status).toBe(404);
      const body = (await res.json()) as { nearest: { path: string; differs: string } };
      expect(body.nearest).toMatchObject({ path: '/v3/customers/c1/payments', differs: 'the path' });
      expect(server.misses).toHaveLength(1);
      expect((await fetch(`${server.baseUrl}/v3/customers/c1/payments`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  test('the CLI: one line with the code and the pointer, a hint, exit 2', async () => {
    const file = path.join(dir, 'bad.cassette');
    const c = minimal();
    (c.steps[0] as { method: string }).method = 'get\u0000';
    writeFileSync(file, JSON.stringify(c));
    const err: string[] = [];
    const code = await main(['conformance', '--replay', file], {
      out: () => undefined,
      err: (t) => err.push(t),
      cwd: process.cwd(),
    });
    expect(code).toBe(2);
    const lines = err.join('\n').split('\n');
    expect(lines[0]).toMatch(/^E_CASSETTE: .*#\/steps\/0\/method\)$/);
    expect(lines[1]).toMatch(/^ {2}hint: /);
    expect(err.join('\n')).not.toMatch(/\n\s+at /);
  });
});
