/**
 * Ordinary mistakes give one line, a hint and exit code 2, never a stack trace: a busy port for
 * `cbp mock`, a report path that cannot be written (checked before the run starts), an
 * unreachable target, a bad config or flag value.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.js';
import { checkReportPath } from '../../conformance/engine/report-targets.js';

const dir = mkdtempSync(path.join(tmpdir(), 'cbp-mistakes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cbp(...args: string[]) {
  const err: string[] = [];
  const started = Date.now();
  const code = await main(args, { out: () => undefined, err: (t) => err.push(t), cwd: process.cwd() });
  return { code, err: err.join('\n'), ms: Date.now() - started };
}

/** One line with the code, then one hint line; no stack frames. */
function expectOneLineAndHint(text: string, code: string): void {
  const lines = text.split('\n');
  expect(lines, text).toHaveLength(2);
  expect(lines[0]).toMatch(new RegExp(`^${code}: `));
  expect(lines[1]).toMatch(/^ {2}hint: /);
  expect(text).not.toMatch(/internal error|\n\s+at /);
}

describe('cbp mock on a port in use', () => {
  let busy: Server;
  let port: number;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()));
    port = (busy.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((r) => busy.close(() => r())));

  it('one line naming the port, a hint to use --port, exit 2', async () => {
    const r = await cbp('mock', '--port', String(port));
    expect(r.code).toBe(2);
    expectOneLineAndHint(r.err, 'E_LISTEN');
    expect(r.err).toContain(`port ${port} on 127.0.0.1 is already in use`);
    expect(r.err).toContain('--port');
  });

  it('the same for --auth-port, and the API port it had opened is released', async () => {
    const r = await cbp('mock', '--port', '0', '--auth-port', String(port));
    expect(r.code).toBe(2);
    expectOneLineAndHint(r.err, 'E_LISTEN');
    expect(r.err).toContain('--auth-port');
  });
});

describe('report paths are checked before the run starts', () => {
  beforeAll(() => {
    writeFileSync(path.join(dir, 'a-file'), 'x');
    mkdirSync(path.join(dir, 'a-dir'));
  });

  it.each([
    ['a parent is a file', () => path.join(dir, 'a-file', 'report.xml'), /is a file, not a directory/],
    ['a grandparent is a file', () => path.join(dir, 'a-file', 'sub', 'report.xml'), /is a file, not a directory/],
    ['the directory is missing', () => path.join(dir, 'missing', 'report.xml'), /does not exist/],
    ['the target is a directory', () => path.join(dir, 'a-dir'), /is a directory/],
    ['the target is under /proc', () => '/proc/self/cbp-report.xml', /under \/proc/],
    ['the target is a device', () => '/dev/null', /under \/dev/],
  ])('%s: E_REPORT_PATH, one line and a hint, exit 2, nothing run', async (_label, target, why) => {
    const r = await cbp('conformance', '--report', `junit=${target()}`);
    expect(r.code).toBe(2);
    expectOneLineAndHint(r.err, 'E_REPORT_PATH');
    expect(r.err).toMatch(why);
  });

  it('cbp conformance consumer checks them too', async () => {
    const r = await cbp(
      'conformance',
      'consumer',
      '--url',
      'http://127.0.0.1:9/hook',
      '--secret',
      'whsec_dGVzdC1zZWNyZXQtb2YtMjQtYnl0ZXMtb3ItbW9yZQ==',
      '--report',
      `json=${path.join(dir, 'a-file', 'r.json')}`,
    );
    expect(r.code).toBe(2);
    expectOneLineAndHint(r.err, 'E_REPORT_PATH');
  });

  it('a writable new file in an existing directory passes', () => {
    expect(() => checkReportPath(path.join(dir, 'a-dir', 'ok.xml'))).not.toThrow();
    expect(() => checkReportPath('relative-report.xml', path.join(dir, 'a-dir'))).not.toThrow();
  });
});

describe('unreachable target and bad config', () => {
  it('an unreachable target: E_TARGET_UNREACHABLE, one line and a hint, exit 2', async () => {
    const r = await cbp(
      'conformance',
      '--base-url',
      'http://127.0.0.1:9',
      '--client-id',
      'x',
      '--client-secret',
      'y',
      '--client-id-2',
      'b',
      '--client-secret-2',
      'c',
    );
    expect(r.code).toBe(2);
    expectOneLineAndHint(r.err, 'E_TARGET_UNREACHABLE');
  });

  it('a config file that is not YAML: E_CONFIG, one line and a hint, exit 2', async () => {
    const file = path.join(dir, 'bad.yaml');
    writeFileSync(file, 'customers: [unclosed\n  - : :\n');
    const r = await cbp('conformance', '--config', file);
    expect(r.code).toBe(2);
    expectOneLineAndHint(r.err, 'E_CONFIG');
  });

  it.each([
    [['mock', '--token-ttl', '1e300'], /--token-ttl must be a number of seconds from 0 to \d+/],
    [['mock', '--session-ttl', '-1'], /--session-ttl/],
  ])('cbp %j: E_USAGE, exit 2', async (args, message) => {
    const r = await cbp(...args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^E_USAGE: /);
    expect(r.err).toMatch(message);
    expect(r.err).not.toMatch(/internal error|\n\s+at /);
  });
});
