/**
 * References the bundler writes through another reference: after loading, every local `$ref`
 * names the place its target is written at, and a multi-file document whose bundling produced
 * such a pointer (into a schema that is then hoisted into components) generates and type-checks.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generate } from '../../generator/generate.js';
import { canonicalizeRefs } from '../../generator/load/canonical-refs.js';
import { loadDocument } from '../../generator/load/load-document.js';
import { compileOutput, ROOT, type CompiledOutput } from './helpers/compile-output.js';

const SPEC = path.join(ROOT, 'test/fixtures/generator/into-hoisted/openapi.yaml');

/** Every `$ref` string in `node` with the pointer of the object holding it. */
function refsOf(
  node: unknown,
  at = '#',
  out: Array<[string, string]> = [],
  seen = new Set<object>(),
): Array<[string, string]> {
  if (node === null || typeof node !== 'object' || seen.has(node)) return out;
  seen.add(node);
  const o = node as Record<string, unknown>;
  if (typeof o.$ref === 'string') out.push([at, o.$ref]);
  for (const [k, v] of Object.entries(o)) refsOf(v, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, out, seen);
  return out;
}

/** The node a pointer names in the document as written (no `$ref` followed on the way). */
function written(doc: unknown, ref: string): unknown {
  let node = doc;
  for (const t of ref.slice(2).split('/')) {
    const key = decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~');
    node =
      node !== null && typeof node === 'object' && Object.hasOwn(node, key)
        ? (node as Record<string, unknown>)[key]
        : undefined;
  }
  return node;
}

describe('canonicalizeRefs', () => {
  test('a pointer through a $ref is rewritten to the place it names; others are left as written', () => {
    const doc = {
      a: { $ref: '#/b', description: 'kept beside' },
      b: { properties: { p: { type: 'string' }, 'x/y': { type: 'integer' } } },
      c: { $ref: '#/a/properties/p' },
      d: { $ref: '#/a/properties/x~1y' },
      e: { $ref: '#/b/properties/p' },
      f: { $ref: '#/nowhere/p' },
      g: { $ref: '#/g/loop' },
    };
    canonicalizeRefs(doc);
    expect(doc.c.$ref).toBe('#/b/properties/p');
    expect(doc.d.$ref).toBe('#/b/properties/x~1y');
    expect(doc.e.$ref).toBe('#/b/properties/p');
    expect(doc.f.$ref).toBe('#/nowhere/p');
    expect(doc.g.$ref).toBe('#/g/loop');
    expect(doc.a).toEqual({ $ref: '#/b', description: 'kept beside' });
  });
});

describe('a multi-file document whose bundling points through a $ref into a hoisted schema', () => {
  let compiled: CompiledOutput;
  let strictest: CompiledOutput;
  let warnings: string[] = [];
  beforeAll(async () => {
    const result = await generate(
      { spec: SPEC, overlays: [], out: 'gen', check: false, clientFactoryName: 'createApiClient' },
      { cwd: ROOT },
    );
    warnings = result.warnings;
    compiled = await compileOutput({ gen: result.files });
    strictest = await compileOutput({ gen: result.files }, { strictest: true });
  }, 300_000);
  afterAll(() => {
    compiled?.cleanup();
    strictest?.cleanup();
  });

  test('every $ref names a place written in the loaded document', async () => {
    const { document } = await loadDocument(SPEC, { cwd: ROOT });
    const refs = refsOf(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const [at, ref] of refs) expect(written(document, ref), `${at} -> ${ref}`).toBeDefined();
  });

  test('generates: the enclosing schema and the one inside it are each a component, one warning each', () => {
    expect(warnings.filter((w) => w.includes('moved by reference'))).toHaveLength(2);
  });

  test('the whole output type-checks under strict and strictest', () => {
    expect(compiled.diagnostics).toBe('');
    expect(strictest.diagnostics).toBe('');
  });
});

describe('a schema or parameter in a file of its own, shared by several operations', () => {
  // redocly split's layout: the root lists no components; bundling writes each file at its first
  // use and it is moved into components from there.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-file-named-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };

  test('is moved into components under its file name, as openapi-typescript names it, with no warning', async () => {
    write(
      'openapi.yaml',
      "openapi: 3.0.3\ninfo: { title: t, version: '1' }\npaths:\n  /a: { $ref: 'paths/a.yaml' }\n  /b: { $ref: 'paths/b.yaml' }\n",
    );
    for (const p of ['a', 'b'])
      write(
        `paths/${p}.yaml`,
        `get:\n  operationId: get_${p}\n  parameters:\n    - $ref: ../components/parameters/per-page.yaml\n  responses:\n    '200':\n      description: ok\n      content:\n        application/json:\n          schema: { $ref: ../components/schemas/simple-user.yaml }\n`,
      );
    write('components/parameters/per-page.yaml', 'name: per_page\nin: query\nschema: { type: integer }\n');
    write(
      'components/schemas/simple-user.yaml',
      'type: object\nproperties:\n  login: { type: string }\n  manager: { $ref: ./simple-user.yaml }\n',
    );
    const { document, warnings } = await loadDocument(path.join(dir, 'openapi.yaml'));
    // Nothing in the description is a slip: each file is where its shared schema or parameter lives.
    expect(warnings).toEqual([]);
    const components = document.components as Record<string, Record<string, unknown>>;
    expect(Object.keys(components.schemas ?? {})).toEqual(['simple-user']);
    expect(Object.keys(components.parameters ?? {})).toEqual(['per-page']);
    expect(JSON.stringify(document.paths)).not.toContain('#/paths/');
  });
});
