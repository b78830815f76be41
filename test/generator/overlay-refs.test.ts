/**
 * An overlay fetched by URL is judged by its own origin: applied to a local document, its `$ref`s
 * would otherwise count as the local document's own and reach any local file. Three canaries (an
 * absolute path, a `file:` URL, a `../` path out of the project), served from 127.0.0.1, are each
 * refused with the overlay's name, the `$ref`'s JSON pointer and the rule, exit 2, and never
 * reach the output or the messages.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { main } from '../../cli/main.js';
import { recordingIO } from './helpers/io.js';

const SECRET = 'cbp-overlay-canary-41d9e07b';
const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-overlay-refs-'));
const project = path.join(dir, 'project');
mkdirSync(project);
const secretFile = path.join(dir, 'secret.yaml');
writeFileSync(secretFile, `type: string\ndescription: ${SECRET}\nexample: ${SECRET}\n`);
writeFileSync(
  path.join(project, 'openapi.json'),
  JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {
      '/a': {
        get: {
          operationId: 'getA',
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } },
            },
          },
        },
      },
    },
    components: { schemas: { A: { type: 'object', properties: { id: { type: 'string' } } } } },
  }),
);

function overlay(ref: string, mapping = false): string {
  const leak = mapping
    ? { oneOf: [{ $ref: '#/components/schemas/A' }], discriminator: { propertyName: 'id', mapping: { x: ref } } }
    : { $ref: ref };
  return JSON.stringify({
    overlay: '1.0.0',
    info: { title: 'provider rules', version: '1' },
    actions: [{ target: '$.components.schemas.A.properties', update: { leak } }],
  });
}

let origin = '';
let server: Server;
const served: Record<string, () => string> = {
  '/absolute.overlay.json': () => overlay(secretFile),
  '/file-url.overlay.json': () => overlay(pathToFileURL(secretFile).href),
  '/dotdot.overlay.json': () => overlay('../secret.yaml'),
  '/mapping.overlay.json': () => overlay('../secret.yaml', true),
  '/own-origin.overlay.json': () => overlay(`${origin}/part.json`),
  '/part.json': () => JSON.stringify({ type: 'string', description: 'served-part-3c1e' }),
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const body = served[req.url ?? ''];
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(body());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

async function cbp(overlayPath: string, out: string) {
  const io = recordingIO(project);
  const args = ['generate', '--spec', 'openapi.json', '--overlay', overlayPath, '--out', out, '--runtime', 'copy'];
  const code = await main(args, io);
  return { code, text: io.text() };
}

function written(out: string): string {
  const root = path.join(project, out);
  if (!existsSync(root)) return '';
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(path.join(e.parentPath, e.name), 'utf8'))
    .join('\n');
}

describe('an overlay fetched by URL is judged by its own origin', () => {
  test.each([
    [
      'an absolute path',
      'absolute',
      /\$ref to \/\S+secret\.yaml refused: an overlay fetched by URL may not reference local files/,
    ],
    [
      'a file: URL',
      'file-url',
      /\$ref to file:\/\/\S+secret\.yaml refused: an overlay fetched by URL may not reference local files/,
    ],
    [
      'a ../ path out of the project',
      'dotdot',
      /\$ref to \.\.\/secret\.yaml refused: a relative reference in an overlay fetched by URL resolves against the local document/,
    ],
  ])('%s is refused, exit 2, naming the overlay, the pointer and the rule', async (_, name, message) => {
    const url = `${origin}/${name}.overlay.json`;
    const { code, text } = await cbp(url, `out-${name}`);
    expect(code).toBe(2);
    expect(text).toMatch(new RegExp(`^E_REF_REFUSED: ${message.source}`, 'm'));
    expect(text).toContain(`${url}#/actions/0/update/leak/$ref`);
    expect(text).toContain('cbp: $ref origin');
    expect(text).not.toContain(SECRET);
    expect(written(`out-${name}`)).not.toContain(SECRET);
  });

  test('a discriminator mapping value is a reference too', async () => {
    const { code, text } = await cbp(`${origin}/mapping.overlay.json`, 'out-mapping');
    expect(code).toBe(2);
    expect(text).toContain('#/actions/0/update/leak/discriminator/mapping/x');
    expect(text).not.toContain(SECRET);
  });

  test('an absolute reference on its own origin is followed, and a local overlay reaches local files as before', async () => {
    const own = await cbp(`${origin}/own-origin.overlay.json`, 'out-own');
    expect(own.text).not.toContain('E_');
    expect(own.code).toBe(0);
    expect(written('out-own')).toContain('served-part-3c1e');
    writeFileSync(path.join(project, 'local.overlay.json'), overlay('../secret.yaml'));
    const local = await cbp('local.overlay.json', 'out-local');
    expect(local.code).toBe(0);
    expect(written('out-local')).toContain(SECRET);
  });
});
