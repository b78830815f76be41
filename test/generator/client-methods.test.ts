/**
 * The generated client's methods: one per operation, named as the interface declares them. They
 * are made in a loop over META when every method is named as its operation id; an id that the
 * member name differs from (a reserved word claimed twice: `delete_`, `delete_2` named `delete2`)
 * keeps one explicit line per method, so the name still reaches its operation.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { generate } from '../../generator/generate.js';
import { compileOutput, ROOT } from './helpers/compile-output.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-client-methods-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const doc = (ids: [string, string]) => `openapi: 3.1.0
info: { title: T, version: '1' }
paths:
  /a:
    get:
      operationId: ${ids[0]}
      responses: { '204': { description: none } }
  /b:
    get:
      operationId: ${ids[1]}
      responses: { '204': { description: none } }
`;

async function clientOf(name: string, ids: [string, string]) {
  const spec = path.join(dir, `${name}.yaml`);
  writeFileSync(spec, doc(ids));
  const result = await generate(
    { spec, overlays: [], out: 'gen', check: false, clientFactoryName: 'createApiClient', plugins: ['client'] },
    { cwd: ROOT },
  );
  return result.files;
}

test('methods named as their ids are made from META; others keep their own line; both type-check', async () => {
  const plain = await clientOf('plain', ['listA', 'listB']);
  const renamed = await clientOf('renamed', ['delete', 'Delete']);
  const client = (files: typeof plain) => files.find((f) => f.path === 'client.ts')!.contents;
  expect(client(plain)).toContain('for (const { id } of META.operations) client[id] =');
  expect(client(plain)).toMatch(/^ {2}listB<Init /m);
  expect(client(renamed)).not.toContain('of META.operations');
  expect(client(renamed)).toMatch(/^ {4}delete_: \(\.\.\.init: unknown\[\]\) => core\.call\("delete_"/m);
  expect(client(renamed)).toMatch(/^ {4}delete2: \(\.\.\.init: unknown\[\]\) => core\.call\("delete_2"/m);
  const compiled = await compileOutput({ plain, renamed });
  try {
    expect(compiled.diagnostics).toBe('');
  } finally {
    compiled.cleanup();
  }
}, 120_000);

test("an operation whose URL a value can make another one's is marked in META (matched by URL at run time); others are not", async () => {
  const spec = path.join(dir, 'overlap.yaml');
  const op = (id: string, param = false) =>
    `      operationId: ${id}\n${param ? '      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]\n' : ''}      responses: { '204': { description: none } }\n`;
  writeFileSync(
    spec,
    `openapi: 3.1.0
info: { title: T, version: '1' }
paths:
  /pets/mine:
    get:
${op('listMine')}  /pets/{id}:
    get:
${op('getPet', true)}  /owners/{id}/pets:
    get:
${op('ownerPets', true)}`,
  );
  const result = await generate(
    { spec, overlays: [], out: 'gen', check: false, clientFactoryName: 'createApiClient', plugins: ['client'] },
    { cwd: ROOT },
  );
  const client = result.files.find((f) => f.path === 'client.ts')!.contents;
  const line = (id: string) => client.split('\n').find((l) => l.includes(`"id":"${id}"`)) ?? '';
  expect(line('listMine')).toContain('"matchByUrl":true');
  expect(line('getPet')).toContain('"matchByUrl":true');
  expect(line('ownerPets')).not.toContain('matchByUrl');
  expect(line('ownerPets')).toContain('"path":"/owners/{id}/pets"');
});
