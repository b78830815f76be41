/**
 * A description fetched by URL, and every file its `$ref`s reach, is read up to a size limit: an
 * endless answer or one that announces more than the limit ends in E_DOCUMENT_TOO_LARGE (exit 2)
 * naming the URL, instead of the generator reading until it runs out of memory.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { main } from '../../cli/main.js';
import { loadDocument } from '../../generator/load/load-document.js';
import { MAX_FETCHED_DOCUMENT_BYTES, readCapped } from '../../generator/load/read-capped.js';
import { recordingIO } from './helpers/io.js';

const ROOT_WITH_REF = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  paths: {},
  components: { schemas: { A: { $ref: 'endless.json' } } },
});

let server: Server;
let origin = '';
/** Bytes written by the endless answers: the reader stopped soon after the limit. */
let written = 0;

function endless(res: import('node:http').ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  const pump = () => {
    while (!res.destroyed && written < 4 * MAX_FETCHED_DOCUMENT_BYTES) {
      written += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  res.on('close', () => undefined);
  pump();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/endless.json') return endless(res);
    if (req.url === '/announced.json') {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(MAX_FETCHED_DOCUMENT_BYTES + 1),
      });
      return void res.end('{}');
    }
    if (req.url === '/root.json')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(ROOT_WITH_REF);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('fetched descriptions are read up to a limit', () => {
  test('an endless root document: E_DOCUMENT_TOO_LARGE naming the URL, exit 2, reading stopped near the limit', async () => {
    written = 0;
    const io = recordingIO(process.cwd());
    const code = await main(['generate', '--spec', `${origin}/endless.json`, '--out', 'unused', '--check'], io);
    expect(code).toBe(2);
    expect(io.stderr.join('\n')).toContain('E_DOCUMENT_TOO_LARGE');
    expect(io.stderr.join('\n')).toContain(`${origin}/endless.json`);
    expect(written).toBeLessThan(2 * MAX_FETCHED_DOCUMENT_BYTES);
  });

  test('an endless file a $ref of a fetched document reaches: the same error, naming that file', async () => {
    written = 0;
    const error = await loadDocument(`${origin}/root.json`, { cwd: process.cwd(), overlays: [] }).then(
      () => undefined,
      (e: unknown) => e as { code?: string; message?: string },
    );
    expect(error?.code).toBe('E_DOCUMENT_TOO_LARGE');
    expect(error?.message).toContain(`${origin}/endless.json`);
  });

  test('an answer that announces more than the limit is refused before its body is read', async () => {
    const response = await fetch(`${origin}/announced.json`);
    await expect(readCapped(response, `${origin}/announced.json`)).rejects.toMatchObject({
      code: 'E_DOCUMENT_TOO_LARGE',
    });
  });

  test('a body within the limit is read whole', async () => {
    const response = new Response('{"a":1}');
    expect((await readCapped(response, 'x', 16)).toString('utf8')).toBe('{"a":1}');
    await expect(readCapped(new Response('x'.repeat(17)), 'x', 16)).rejects.toMatchObject({
      code: 'E_DOCUMENT_TOO_LARGE',
    });
  });
});
