/**
 * An error line quotes the document (a `$ref`, a name, a pointer): a hostile description must not
 * reach the terminal with control sequences (clear the screen, retitle the window, forge a line).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { main } from '../../cli/main.js';
import { terminalSafe } from '../../lib/terminal.js';
import { recordingIO } from '../generator/helpers/io.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-terminal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HOSTILE = '\u001b]0;owned\u0007\u001b[2J\rPASS\u202e';

test('a path whose name holds control sequences is printed with them escaped, the error still says what and where', async () => {
  const spec = path.join(dir, 'hostile.json');
  const schema = { $ref: '#/components/schemas/Missing' };
  const responses = { '200': { description: 'ok', content: { 'application/json': { schema } } } };
  const doc = {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: { [`/a${HOSTILE}`]: { get: { responses } } },
  };
  writeFileSync(spec, JSON.stringify(doc));
  const io = recordingIO(dir);
  const code = await main(['generate', '--spec', spec, '--out', path.join(dir, 'out')], io);
  const err = io.stderr.join('\n');
  expect(code).not.toBe(0);
  expect(err).toMatch(/^E_/);
  expect(err).not.toMatch(/[\u001b\u0007\r\u202e]/);
  expect(err).toContain('\\x1b]0;owned\\x07');
});

test('line feeds and tabs stay, every other control character becomes a visible escape', () => {
  expect(terminalSafe('a\n\tb')).toBe('a\n\tb');
  expect(terminalSafe(HOSTILE)).toBe('\\x1b]0;owned\\x07\\x1b[2J\\rPASS\\u202e');
});
