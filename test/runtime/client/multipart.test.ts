/**
 * A multipart/form-data body goes out as fetch writes it: the Content-Type names the boundary its
 * parts are delimited by (RFC 7578 §4.1), so a server can read the parts. A type written by the
 * client would carry no boundary, and the body could not be parsed.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type ApiClientMeta, createCoreClient } from '../../../packages/runtime/src/client/create-client.js';

interface Received {
  contentType: string;
  fields: Record<string, string>;
  file?: { name: string; type: string; text: string };
}

const received: Received[] = [];
const server = createServer(async (req: IncomingMessage, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const contentType = req.headers['content-type'] ?? '';
  const entry: Received = { contentType, fields: {} };
  try {
    // The parts as a server reads them: undici's multipart parser needs the boundary.
    const parts: Array<[string, FormDataEntryValue]> = [];
    const form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': contentType } }).formData();
    form.forEach((value, name) => {
      parts.push([name, value]);
    });
    for (const [name, value] of parts) {
      if (typeof value === 'string') entry.fields[name] = value;
      else entry.file = { name: value.name, type: value.type, text: await value.text() };
    }
    received.push(entry);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  } catch (error) {
    received.push(entry);
    res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
  }
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const META: ApiClientMeta = {
  operations: [
    { id: 'upload', method: 'post', path: '/uploads', security: [], contentType: 'multipart/form-data' },
    { id: 'form', method: 'post', path: '/forms', security: [], contentType: 'application/x-www-form-urlencoded' },
  ],
  schemes: {},
};

describe('a multipart/form-data body', () => {
  test('goes out with the boundary in its Content-Type, and the server reads every part', async () => {
    const client = createCoreClient(META, { baseUrl: base, retry: false });
    const form = new FormData();
    form.append('field', 'value é');
    form.append('file', new Blob(['file bytes'], { type: 'text/plain' }), 'a.txt');
    const result = (await client.call('upload', { body: form })) as { data?: unknown; apiError?: unknown };
    expect(result.apiError).toBeUndefined();
    expect(result.data).toEqual({ ok: true });
    const got = received.at(-1)!;
    expect(got.contentType).toMatch(/^multipart\/form-data; boundary=\S+$/);
    expect(got.fields).toEqual({ field: 'value é' });
    expect(got.file).toEqual({ name: 'a.txt', type: 'text/plain', text: 'file bytes' });
  });

  test('another media type is still sent as the operation declares it', async () => {
    const client = createCoreClient(META, { baseUrl: base, retry: false });
    await client.call('form', { body: { a: 'b' } });
    expect(received.at(-1)!.contentType).toBe('application/x-www-form-urlencoded');
  });
});
