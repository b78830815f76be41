/**
 * A document fetched by URL reaches only its own origin at generate time: a `$ref` to a local
 * file or to another origin is refused (E_REF_REFUSED, exit 2, naming the `$ref`'s JSON pointer)
 * before anything is read, and nothing of the target reaches the output or the messages. Two
 * servers on 127.0.0.1 on different ports are two origins.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { main } from '../../cli/main.js';
import { loadDocument } from '../../generator/load/load-document.js';
import { recordingIO } from './helpers/io.js';

const SECRET = 'cbp-test-secret-7f3a9c2e';
const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-ref-origins-'));
const secretFile = path.join(dir, 'secret.yaml');
writeFileSync(secretFile, `type: string\ndescription: ${SECRET}\nexample: ${SECRET}\n`);

/** Documents by path; `{other}` and `{secret}` are replaced when served. */
type Docs = Record<string, string>;
const servers: Server[] = [];
const requests: Record<string, string[]> = { main: [], other: [] };
let mainOrigin = '';
let otherOrigin = '';

function doc(schemas: Record<string, unknown>): string {
  return JSON.stringify({
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
    components: { schemas },
  });
}

const mainDocs: Docs = {
  '/file-ref.json': doc({ A: { type: 'object', properties: { leak: { $ref: '{secret}' } } } }),
  '/other-ref.json': doc({ A: { type: 'object', properties: { leak: { $ref: '{other}/leak.json' } } } }),
  // Same origin, then the sibling file reaches out: refused at the sibling's own pointer.
  '/nested.json': doc({ A: { $ref: 'sibling.json' } }),
  '/sibling.json': JSON.stringify({ type: 'object', properties: { leak: { $ref: '{secret}' } } }),
  // A same-origin file that redirects to another origin.
  '/redirect.json': doc({ A: { $ref: 'moved.json' } }),
  '/ok.json': doc({ A: { $ref: 'part.json' } }),
  '/part.json': JSON.stringify({ type: 'object', properties: { id: { type: 'string' } } }),
};
const otherDocs: Docs = { '/leak.json': JSON.stringify({ type: 'string', description: SECRET }) };

function serve(docs: Docs, log: string[]): Promise<Server> {
  const server = createServer((req, res) => {
    log.push(req.url ?? '');
    if (req.url === '/moved.json') return void res.writeHead(307, { location: `${otherOrigin}/leak.json` }).end();
    const body = docs[req.url ?? ''];
    if (body === undefined) return void res.writeHead(404).end();
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(body.replaceAll('{other}', otherOrigin).replaceAll('{secret}', pathToFileURL(secretFile).href));
  });
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  const a = await serve(mainDocs, requests.main!);
  const b = await serve(otherDocs, requests.other!);
  mainOrigin = `http://127.0.0.1:${(a.address() as AddressInfo).port}`;
  otherOrigin = `http://127.0.0.1:${(b.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  rmSync(dir, { recursive: true, force: true });
});

async function cbp(...args: string[]) {
  const io = recordingIO(dir);
  const code = await main(['generate', '--no-overlay', '--runtime', 'copy', ...args], io);
  return { code, text: io.text() };
}

/** Every file the run wrote, as one string. */
function written(out: string): string {
  const root = path.join(dir, out);
  if (!existsSync(root)) return '';
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(path.join(e.parentPath, e.name), 'utf8'))
    .join('\n');
}

describe('which $refs a document fetched by URL may reach', () => {
  test('a file: reference is refused with its pointer, exit 2, and the file is never read into anything', async () => {
    const { code, text } = await cbp('--spec', `${mainOrigin}/file-ref.json`, '--out', 'out-file');
    expect(code).toBe(2);
    expect(text).toMatch(
      /^E_REF_REFUSED: \$ref to file:\S+secret\.yaml refused: a document fetched by URL may not reference local files \(at http:\/\/127\.0\.0\.1:\d+\/file-ref\.json#\/components\/schemas\/A\/properties\/leak\/\$ref\)/m,
    );
    expect(text).not.toContain(SECRET);
    expect(written('out-file')).not.toContain(SECRET);
  });

  test('a reference to another origin is refused before it is fetched', async () => {
    const before = requests.other!.length;
    const { code, text } = await cbp('--spec', `${mainOrigin}/other-ref.json`, '--out', 'out-other');
    expect(code).toBe(2);
    expect(text).toContain(
      `E_REF_REFUSED: $ref to ${otherOrigin}/leak.json refused: ` +
        `a document fetched by URL may reference only its own origin`,
    );
    expect(text).toContain('#/components/schemas/A/properties/leak/$ref');
    expect(text).toContain(`--allow-ref-origin ${otherOrigin}`);
    expect(text).not.toContain(SECRET);
    expect(requests.other!.length).toBe(before);
    expect(written('out-other')).not.toContain(SECRET);
  });

  test('a same-origin file that references a local file is refused at its own pointer', async () => {
    const err = await loadDocument(`${mainOrigin}/nested.json`).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'E_REF_REFUSED',
      details: { file: `${mainOrigin}/sibling.json`, pointer: '/properties/leak/$ref' },
    });
    expect(String((err as Error).message)).not.toContain(SECRET);
  });

  test('a redirect to another origin is refused', async () => {
    const before = requests.other!.length;
    const err = await loadDocument(`${mainOrigin}/redirect.json`).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'E_REF_REFUSED' });
    expect(String((err as Error).message)).toContain(`${mainOrigin}/moved.json redirects to it`);
    expect(requests.other!.length).toBe(before);
  });

  test('its own origin is reached as before, and --allow-ref-origin lets a listed origin in', async () => {
    const ok = await cbp('--spec', `${mainOrigin}/ok.json`, '--out', 'out-ok');
    expect(ok.code).toBe(0);
    const allowed = await cbp(
      '--spec',
      `${mainOrigin}/other-ref.json`,
      '--out',
      'out-allowed',
      '--allow-ref-origin',
      otherOrigin,
    );
    expect(allowed.code).toBe(0);
    expect(written('out-allowed')).toContain(SECRET);
    // The opt-in never opens local files to a fetched document.
    const still = await cbp(
      '--spec',
      `${mainOrigin}/file-ref.json`,
      '--out',
      'out-still',
      '--allow-ref-origin',
      otherOrigin,
    );
    expect(still.code).toBe(2);
  });

  test('a local document reaches local files as before, and http(s) only on a listed origin', async () => {
    writeFileSync(path.join(dir, 'local.json'), doc({ A: { $ref: 'secret.yaml' } }));
    const local = await loadDocument(path.join(dir, 'local.json'));
    expect(JSON.stringify(local.document)).toContain(SECRET);
    writeFileSync(path.join(dir, 'local-http.json'), doc({ A: { $ref: `${otherOrigin}/leak.json` } }));
    const err = await loadDocument(path.join(dir, 'local-http.json')).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'E_REF_REFUSED', details: { pointer: '/components/schemas/A/$ref' } });
    const allowed = await loadDocument(path.join(dir, 'local-http.json'), { allowRefOrigins: [otherOrigin] });
    expect(JSON.stringify(allowed.document)).toContain(SECRET);
  });

  test('--allow-ref-origin takes an origin only', async () => {
    const { code, text } = await cbp(
      '--spec',
      `${mainOrigin}/ok.json`,
      '--out',
      'out-bad',
      '--allow-ref-origin',
      `${otherOrigin}/path`,
    );
    expect(code).toBe(2);
    expect(text).toMatch(/^E_USAGE: ".*\/path" is not an origin/m);
  });
});
