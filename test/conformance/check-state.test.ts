/**
 * No state is threaded by mutation between checks: the HTTP client is built with its tokens and
 * lookups, each check gets its own context (its progress line) from the run loop, and what an
 * exchange is attributed to is the scope of the check that caused it, even when a shared object
 * (a driver's client, a token source) sends it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { currentCheckId, runAsCheck } from '../../conformance/engine/check-scope.js';
import type { Check } from '../../conformance/engine/check.js';
import { Http, type TokenSource } from '../../conformance/engine/http.js';
import { Recorder } from '../../conformance/engine/recorder.js';
import { runSuite } from '../../conformance/engine/run-suite.js';
import type { RunnerEvent } from '../../conformance/engine/types.js';
import type { RunContext } from '../../conformance/suites/api/context.js';

let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    const body = JSON.stringify({ access_token: 't', expires_in: 3600 });
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

interface Ctx {
  http: Http;
  progress: (lines: string[]) => void;
}

describe('the check an exchange belongs to', () => {
  test("is the scope that sent it, through the check's client or a driver's; `setup` outside", async () => {
    const recorder = new Recorder();
    const http = new Http({ baseUrl: url, authUrl: url, recorder, timeoutMs: 5000 });
    // A driver built once, before any check, over the same client.
    const driver = { advance: () => http.send({ method: 'POST', path: '/_sandbox/clock', auth: 'none' }) };
    await http.send({ method: 'GET', path: '/connect', auth: 'none' });
    const check = (id: string, run: (ctx: Ctx) => Promise<unknown>): Check<Ctx> => ({
      id,
      title: id,
      source: 'test',
      tags: [],
      run: async (ctx) => {
        await run(ctx);
        return { cases: 1, failures: [] };
      },
    });
    await runSuite(
      [
        check('first', (ctx) => ctx.http.send({ method: 'GET', path: '/a', auth: 'none' })),
        check('second', async (ctx) => {
          await driver.advance();
          await ctx.http.send({ method: 'GET', path: '/b', auth: 'none' });
        }),
      ],
      { http, progress: () => undefined },
      { target: 'test' },
    );
    expect(recorder.exchanges.map((x) => `${x.checkId} ${x.request.method} ${x.path}`)).toEqual([
      'setup GET /connect',
      'first GET /a',
      'second POST /_sandbox/clock',
      'second GET /b',
    ]);
  });

  test('checks running at the same time keep their attribution apart (a token fetched for one too)', async () => {
    const recorder = new Recorder();
    let fetched = 0;
    const tokens = (client: Http): TokenSource => ({
      token: async () => {
        fetched++;
        const res = await client.send({ method: 'POST', path: '/token', base: 'auth', auth: 'none' });
        return (res.body as { access_token: string }).access_token;
      },
    });
    const http = new Http({ baseUrl: url, authUrl: url, recorder, timeoutMs: 5000, tokens });
    expect(http.tokens).toBeDefined();
    await Promise.all(['a', 'b', 'c'].map((id) => runAsCheck(id, () => http.send({ method: 'GET', path: `/${id}` }))));
    const calls = recorder.exchanges.filter((x) => x.path !== '/token');
    const byPath = Object.fromEntries(calls.map((x) => [x.path, x.checkId]));
    expect(byPath).toEqual({ '/a': 'a', '/b': 'b', '/c': 'c' });
    expect(recorder.exchanges.filter((x) => x.path === '/token').map((x) => x.checkId)).toEqual(['a', 'b', 'c']);
    expect(fetched).toBe(3);
    expect(currentCheckId()).toBe('setup');
  });
});

describe('each check gets its own context', () => {
  test("the run's context is never changed: a check sees its own progress line, built for it", async () => {
    const events: RunnerEvent[] = [];
    const base = Object.freeze({ http: {} as Http, progress: () => undefined });
    const seen: Array<Ctx> = [];
    const check = (id: string): Check<Ctx> => ({
      id,
      title: id,
      source: 'test',
      tags: [],
      run: async (ctx) => {
        seen.push(ctx);
        ctx.progress([`waiting in ${id}`]);
        return { cases: 1, failures: [] };
      },
    });
    const summary = await runSuite([check('one'), check('two')], base, {
      target: 'test',
      reporters: [{ name: 'events', handle: (e) => void events.push(e) }],
      contextFor: (_check, run, progress) => ({ ...run, progress }),
    });
    expect(summary.failed).toBe(0);
    expect(seen[0]).not.toBe(base);
    expect(seen[0]).not.toBe(seen[1]);
    expect(seen[0].http).toBe(base.http);
    const progress = events.flatMap((e) => (e.type === 'check-progress' ? [`${e.checkId}: ${e.lines.join()}`] : []));
    expect(progress).toEqual(['one: waiting in one', 'two: waiting in two']);
  });
});

describe('what a check uses cannot be set after construction', () => {
  test('the type system refuses it (tsc fails if one of these lines compiles)', () => {
    const http = new Http({ baseUrl: url, authUrl: url, recorder: new Recorder(), timeoutMs: 1 });
    const ctx = {} as RunContext;
    const assignments = () => {
      // @ts-expect-error the token source is given at construction
      http.tokens = undefined;
      // @ts-expect-error the lookups are given at construction and private to the client
      http.lookups = {};
      // @ts-expect-error an exchange's check is the scope it is sent in (engine/check-scope.ts)
      http.checkId = 'x';
      // @ts-expect-error a check's progress line comes with the context built for it
      ctx.progress = () => undefined;
      // @ts-expect-error the run's client is not swapped while checks run
      ctx.http = http;
    };
    expect(typeof assignments).toBe('function');
  });

  test('no source of the suites or the engine assigns them (a constructor sets its own fields)', () => {
    const root = path.resolve(import.meta.dirname, '../../conformance');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => {
        const p = path.join(dir, f);
        return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
      });
    const assignment = /(?<!\bthis)\.(checkId|tokens|lookups|progress)\s*=(?![=>])/;
    const offending = files(root).flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) => (assignment.test(line) ? [`${path.relative(root, f)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offending).toEqual([]);
  });
});
