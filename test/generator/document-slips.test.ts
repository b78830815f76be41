/**
 * Slips published documents commonly contain are repaired with one warning each (what, where,
 * what was assumed); multi-file documents load from disk and by URL (a server on 127.0.0.1);
 * hostile names give one identifier per operation across Handlers, router, stubs and client.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generate } from '../../generator/generate.js';
import { normalizeSlips } from '../../generator/load/normalize-slips.js';
import { compileOutput, ROOT, type CompiledOutput } from './helpers/compile-output.js';

const FIXTURES = path.join(ROOT, 'test/fixtures/generator');
const doc31 = (schemas: Record<string, unknown>) => ({
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  paths: {},
  components: { schemas },
});

describe('normalizeSlips', () => {
  test('duplicate required and enum entries are kept once', () => {
    const doc = doc31({ A: { type: 'object', required: ['a', 'a'], properties: { a: { enum: ['x', 'x', 'y'] } } } });
    const warnings = normalizeSlips(doc, 'f.yaml');
    expect(doc.components.schemas.A).toEqual({
      type: 'object',
      required: ['a'],
      properties: { a: { enum: ['x', 'y'] } },
    });
    expect(warnings).toEqual([
      'f.yaml#/components/schemas/A/required: duplicate entries in `required`; assumed each name once',
      'f.yaml#/components/schemas/A/properties/a/enum: duplicate entries in `enum`; assumed each value once',
    ]);
  });

  test('boolean exclusive bounds in 3.1 take the value of the bound they qualify', () => {
    const doc = doc31({
      N: { type: 'number', minimum: 1, exclusiveMinimum: true, exclusiveMaximum: false, maximum: 5 },
    });
    const warnings = normalizeSlips(doc, 'f.yaml');
    expect(doc.components.schemas.N).toEqual({ type: 'number', exclusiveMinimum: 1, maximum: 5 });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^f\.yaml#\/components\/schemas\/N\/exclusiveMinimum: .*assumed `exclusiveMinimum: 1`/);
  });

  test('$recursiveRef becomes a $ref to the enclosing component; $recursiveAnchor is dropped', () => {
    const doc = doc31({
      Tree: {
        $recursiveAnchor: true,
        type: 'object',
        properties: { kids: { type: 'array', items: { $recursiveRef: '#' } } },
      },
    });
    const warnings = normalizeSlips(doc, 'f.yaml');
    expect(doc.components.schemas.Tree).toEqual({
      type: 'object',
      properties: { kids: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } },
    });
    expect(warnings).toHaveLength(2);
  });

  test('type: null in a 3.0 document becomes nullable', () => {
    const doc = { ...doc31({ M: { anyOf: [{ type: 'string' }, { type: 'null' }] } }), openapi: '3.0.3' };
    const warnings = normalizeSlips(doc, 'f.yaml');
    expect(doc.components.schemas.M).toEqual({ anyOf: [{ type: 'string' }, { nullable: true }] });
    expect(warnings).toEqual([
      'f.yaml#/components/schemas/M/anyOf/1/type: `type: null` is not OpenAPI 3.0; assumed `nullable: true`',
    ]);
  });

  test('properties given as a $ref to a map are inlined; a bare mapping name becomes a pointer', () => {
    const doc = doc31({
      P: { type: 'object', properties: { $ref: '#/components/x-props' } },
      U: {
        oneOf: [{ $ref: '#/components/schemas/P' }],
        discriminator: { propertyName: 'k', mapping: { p: 'P', gone: './other.yaml#/Q' } },
      },
    }) as Record<string, any>;
    doc.components['x-props'] = { k: { type: 'string' } };
    const warnings = normalizeSlips(doc, 'f.yaml');
    expect(doc.components.schemas.P.properties).toEqual({ k: { type: 'string' } });
    expect(doc.components.schemas.U.discriminator.mapping).toEqual({ p: '#/components/schemas/P' });
    expect(warnings).toEqual([
      'f.yaml#/components/schemas/P/properties: `properties` is a $ref to ' +
        'a map of schemas; assumed the map at #/components/x-props inlined',
      'f.yaml#/components/schemas/U/discriminator/mapping/gone: mapping value "./other.yaml#/Q" ' +
        'does not resolve in the bundled document; assumed no mapping for this value',
    ]);
  });

  test('a null media-type schema is removed (any value)', () => {
    const doc = {
      openapi: '3.0.1',
      info: { title: 'T', version: '1' },
      paths: { '/a': { post: { requestBody: { content: { 'application/json': { schema: null } } } } } },
    };
    const warnings = normalizeSlips(doc, 'f.json');
    expect(doc.paths['/a'].post.requestBody.content['application/json']).toEqual({});
    expect(warnings).toEqual([
      'f.json#/paths/~1a/post/requestBody/content/application~1json/schema: ' +
        '`schema` is null; assumed no schema (any value)',
    ]);
  });

  test('component names outside ^[a-zA-Z0-9._-]+$ are renamed, references and mappings re-pointed', async () => {
    const { parseDocumentText } = await import('../../generator/load/read-document.js');
    const file = path.join(FIXTURES, 'odd-component-names.yaml');
    const doc = parseDocumentText(await readFile(file, 'utf8'), file) as Record<string, any>;
    const warnings = normalizeSlips(doc, 'odd.yaml');
    expect(Object.keys(doc.components.schemas)).toEqual([
      'Odd_Name-With.Dots',
      'Odd_Name-With.Dots2',
      'Pet_Union',
      'Dog_v1',
      'Cat',
      'Problem__RFC_9457_',
    ]);
    expect(doc.components.schemas['Odd_Name-With.Dots2'].properties).toEqual({
      pet: { $ref: '#/components/schemas/Pet_Union' },
      example: { $ref: '#/components/schemas/Odd_Name-With.Dots2/properties/pet' },
    });
    expect(doc.components.schemas.Pet_Union.oneOf[0]).toEqual({ $ref: '#/components/schemas/Dog_v1' });
    expect(doc.components.schemas.Pet_Union.discriminator.mapping).toEqual({
      dog: '#/components/schemas/Dog_v1',
      cat: '#/components/schemas/Cat',
    });
    expect(doc.paths['/pets/{pet id}'].get.responses['404']).toEqual({ $ref: '#/components/responses/Not_Found' });
    expect(doc.paths['/pets/{pet id}'].get.parameters).toEqual([{ $ref: '#/components/parameters/Pet_Id' }]);
    expect(doc.security).toEqual([{ Api_Key: [] }]);
    expect(doc.paths['/pets/{pet id}'].get.security).toEqual([{ Api_Key: [] }]);
    expect(warnings).toEqual([
      'odd.yaml#/components/securitySchemes/Api Key: a component name has characters ' +
        'outside ^[a-zA-Z0-9._-]+$; assumed `Api_Key`, references re-pointed',
      'odd.yaml#/components/parameters/Pet Id: a component name has characters ' +
        'outside ^[a-zA-Z0-9._-]+$; assumed `Pet_Id`, references re-pointed',
      'odd.yaml#/components/responses/Not Found: a component name has characters ' +
        'outside ^[a-zA-Z0-9._-]+$; assumed `Not_Found`, references re-pointed',
      'odd.yaml#/components/schemas/Odd Name-With.Dots: a component name has characters ' +
        'outside ^[a-zA-Z0-9._-]+$; assumed `Odd_Name-With.Dots2`, references re-pointed',
      'odd.yaml#/components/schemas/Pet Union: a component name has characters ' +
        'outside ^[a-zA-Z0-9._-]+$; assumed `Pet_Union`, references re-pointed',
      'odd.yaml#/components/schemas/Dog:v1: a component name has characters ' +
        'outside ^[a-zA-Z0-9._-]+$; assumed `Dog_v1`, references re-pointed',
      'odd.yaml#/components/schemas/Problem (RFC 9457): a component name has characters ' +
        'outside ^[a-zA-Z0-9._-]+$; assumed `Problem__RFC_9457_`, references re-pointed',
    ]);
  });

  test('a property named like a keyword is data, not a slip', () => {
    const doc = doc31({
      D: {
        type: 'object',
        properties: { required: { type: 'array', items: { enum: ['a', 'b'] } }, exclusiveMinimum: { type: 'boolean' } },
      },
    });
    const before = structuredClone(doc);
    expect(normalizeSlips(doc, 'f.yaml')).toEqual([]);
    expect(doc).toEqual(before);
  });
});

describe('multi-file by URL and hostile names, generated and type-checked', () => {
  let server: Server;
  let compiled: CompiledOutput;
  let warnings: string[] = [];
  let insideWarnings: string[] = [];
  let oddWarnings: string[] = [];
  let paramWarnings: string[] = [];
  let files: Record<string, Array<{ path: string; contents: string }>> = {};
  beforeAll(async () => {
    server = createServer((req, res) => {
      const file = path.join(FIXTURES, 'multi-file', path.basename(req.url ?? ''));
      readFile(file).then(
        (body) => res.writeHead(200, { 'content-type': 'application/yaml' }).end(body),
        () => res.writeHead(404).end(),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi.yaml`;
    const config = { overlays: [], out: 'gen', check: false, clientFactoryName: 'createApiClient', stubs: 'stubs' };
    const byUrl = await generate({ ...config, spec: url }, { cwd: ROOT });
    warnings = byUrl.warnings;
    const names = await generate({ ...config, spec: path.join(FIXTURES, 'hostile-names.yaml') }, { cwd: ROOT });
    const nullable = await generate({ ...config, spec: path.join(FIXTURES, 'nullable-allof.yaml') }, { cwd: ROOT });
    const inside = await generate({ ...config, spec: path.join(FIXTURES, 'refs-inside.yaml') }, { cwd: ROOT });
    const odd = await generate({ ...config, spec: path.join(FIXTURES, 'odd-component-names.yaml') }, { cwd: ROOT });
    const hoisted = await generate(
      { ...config, spec: path.join(FIXTURES, 'refs-inside-hoisted/api.yaml') },
      { cwd: ROOT },
    );
    const params = await generate(
      { ...config, spec: path.join(FIXTURES, 'shared-parameters/api.yaml') },
      { cwd: ROOT },
    );
    paramWarnings = params.warnings;
    oddWarnings = odd.warnings;
    insideWarnings = inside.warnings;
    // What a caller writes against the types: `id` is required (the allOf sibling narrows out null).
    const use = [
      "import type { components } from './types.js';",
      "type Thing = components['schemas']['Thing'];",
      "export const some: Thing = { id: 'a', extra: 'b' };",
      '// @ts-expect-error id is required',
      "export const missing: Thing = { extra: 'b' };",
    ].join('\n');
    files = {
      nullable: [...nullable.files, { path: 'use.ts', contents: use }],
      inside: inside.files,
      odd: odd.files,
      hoisted: hoisted.files,
      params: params.files,
      pets: byUrl.files,
      names: [
        ...names.files.map((f) => ({ ...f, path: `gen/${f.path}` })),
        ...names.stubFiles.map((f) => ({ ...f, path: `stubs/${f.path}` })),
      ],
    };
    compiled = await compileOutput(files);
  }, 300_000);
  afterAll(() => {
    server?.close();
    compiled?.cleanup();
  });

  test('the document is fetched with its other files, and every repair is reported', () => {
    expect(
      warnings.some((w) => w.startsWith('http://127.0.0.1:') && w.includes('duplicate entries in `required`')),
    ).toBe(true);
    expect(files.pets.find((f) => f.path === 'types.ts')?.contents).toContain('good?: boolean');
  });

  test('discriminator mappings into other files survive bundling, subtypes reached only through them included', () => {
    expect(warnings.filter((w) => w.includes('does not resolve'))).toEqual([]);
    const types = files.pets.find((f) => f.path === 'types.ts')!.contents;
    expect(types).toMatch(/"card-payment": Omit<components\["schemas"\]\["payment"\], "method"> & \{\s+last4: string;/);
    expect(types).toMatch(/BankPayment: [^;]+\{\s+iban: string;[\s\S]*?method: "bank";/);
    expect(types).toMatch(/ {4}dog: \{[\s\S]*?kind: "dog";\s+good\?: boolean;/);
  });

  test(
    'one identifier per operation: Handlers, router id, stub ' + 'and client method agree; the client is not thenable',
    () => {
      const server = files.names.find((f) => f.path === 'gen/server.ts')!.contents;
      const client = files.names.find((f) => f.path === 'gen/client.ts')!.contents;
      expect(server).toContain('"id":"getN27ByAB"');
      expect(server).toMatch(/^ {2}getN27ByAB: HandlerFn/m);
      // The client's methods are made from META's ids (one per operation), as its interface declares them.
      expect(client).toContain('"id":"getN27ByAB"');
      expect(client).toMatch(/^ {2}getN27ByAB<Init /m);
      expect(client).toContain('for (const { id } of META.operations) client[id] =');
      expect(client).not.toContain('"id":"then"');
      expect(client).not.toMatch(/^ {2}then<Init /m);
      expect(client).toContain('"id":"then_"');
      expect(client).toMatch(/^ {2}then_<Init /m);
    },
  );

  test("openapi-typescript's WithRequired over a nullable allOf base type-checks and still requires the name", () => {
    expect(files.nullable.find((f) => f.path === 'types.ts')?.contents).toContain(
      'Thing: WithRequired<components["schemas"]["Base"], "id">',
    );
    expect(compiled.diagnostics).not.toContain('src/nullable/');
  });

  test('a $ref into the middle of a component, or to a Parameter Object, becomes a named component schema', () => {
    const types = files.inside.find((f) => f.path === 'types.ts')!.contents;
    expect(types).toMatch(/receiver\?: components\["schemas"\]\["receiver"\];/);
    expect(types).toMatch(/signature\?: components\["schemas"\]\["signature"\];/);
    expect(insideWarnings).toEqual([
      expect.stringMatching(
        /refs-inside\.yaml#\/paths\/~1limits\/get\/responses\/200\/content\/application~1json\/schema\/properties\/signature\/\$ref: a schema \$ref names a Parameter Object; assumed its `schema`/,
      ),
      expect.stringMatching(
        /refs-inside\.yaml#\/components\/parameters\/signature\/schema: a schema referenced from elsewhere lives outside components.schemas/,
      ),
      expect.stringMatching(
        /refs-inside\.yaml#\/components\/schemas\/limits-outgoing\/anyOf\/0\/properties\/receiver: a schema referenced from elsewhere/,
      ),
    ]);
    expect(compiled.diagnostics).not.toContain('src/inside/');
  });

  test(
    '$refs into the middle of a schema that is itself hoisted get ' +
      'components of their own (no type indexing its own annotation)',
    () => {
      const types = files.hoisted.find((f) => f.path === 'types.ts')!.contents;
      expect(types).not.toMatch(/components\["schemas"\]\["getTreeResponse200"\]\[/);
      expect(types).toMatch(/children\?: components\["schemas"\]\["root"\]\[\];/);
      expect(types).toMatch(/siblings\?: components\["schemas"\]\["tags"\];/);
      expect(types).toMatch(/alias\?: components\["schemas"\]\["parent"\];/);
      expect(compiled.diagnostics).not.toContain('src/hoisted/');
    },
  );

  test(
    'a Parameter Object bundling left inside one operation, ' + 'shared by another, becomes a component parameter',
    () => {
      const types = files.params.find((f) => f.path === 'types.ts')!.contents;
      expect(types).not.toContain('paths["/apps"]["get"]["parameters"]');
      expect(types).toMatch(/per_page\?: components\["parameters"\]\["per_page"\];/);
      expect(paramWarnings).toEqual([
        expect.stringMatching(
          /api\.yaml#\/paths\/~1apps\/get\/parameters\/0: a Parameter Object referenced from elsewhere lives inside an operation; assumed components\.parameters\.per_page/,
        ),
        expect.stringMatching(/api\.yaml#\/paths\/~1apps\/get\/parameters\/1: .*components\.parameters\.page /),
      ]);
      expect(compiled.diagnostics).not.toContain('src/params/');
    },
  );

  test('a document with component names outside ^[a-zA-Z0-9._-]+$ generates, one warning per name', () => {
    expect(oddWarnings).toHaveLength(7);
    const types = files.odd.find((f) => f.path === 'types.ts')!.contents;
    expect(types).toContain('"Odd_Name-With.Dots2": {');
    expect(types).toMatch(/pet: components\["schemas"\]\["Pet_Union"\];/);
    expect(compiled.diagnostics).not.toContain('src/odd/');
  });

  test('everything type-checks under --strict', () => {
    expect(compiled.diagnostics).toBe('');
  });
});
