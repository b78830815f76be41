/**
 * Every example a corpus document carries (media-type `example`/`examples`, request and response)
 * is run through the validators generated for it. An example they reject must also be rejected by
 * an independent validator, plain ajv (2020-12 for 3.1, draft-07 with `nullable` for 3.0) on the
 * document's own schema, with none of our emitters involved: then it is the provider's error,
 * reported with ajv's reason; otherwise it is our defect and fails the test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { build } from 'esbuild';
import { describe, expect, test } from 'vitest';
import { generate } from '../../generator/generate.js';
import { loadDocument } from '../../generator/load/load-document.js';
import { ROOT, writeFiles } from './helpers/compile-output.js';

const CORPUS = [
  '@blockfrost/openapi/openapi.yaml',
  '@ideal-postcodes/openapi/dist/openapi.json',
  'shipengine-openapi/openapi.yaml',
  '@directus/specs/dist/openapi.json',
  'rclone-openapi/openapi.yaml',
  '@figma/rest-api-spec/openapi/openapi.yaml',
  '@gitbook/api/spec/openapi.yaml',
];

type Obj = Record<string, any>;
interface Example {
  where: string;
  operationId: string;
  status?: number;
  mediaType: string;
  schemaPointer: string;
  value: unknown;
}
interface Outcome {
  valid: boolean;
  violations: Array<{ pointer: string; message: string; in?: string }>;
}

const esc = (t: string) => t.replace(/~/g, '~0').replace(/\//g, '~1');
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function deref(doc: Obj, node: any): any {
  for (let i = 0; i < 20 && node && typeof node.$ref === 'string' && node.$ref.startsWith('#/'); i++) {
    node = node.$ref
      .slice(2)
      .split('/')
      .reduce((n: any, t: string) => n?.[decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return node;
}

function examplesOf(doc: Obj, ids: Map<string, string>): Example[] {
  const out: Example[] = [];
  const fromContent = (content: Obj | undefined, base: string, operationId: string, status?: number) => {
    for (const [mediaType, media] of Object.entries(content ?? {})) {
      if (!/json/i.test(mediaType) || !media?.schema) continue;
      const at = `${base}/content/${esc(mediaType)}`;
      const values: Array<[string, unknown]> = [];
      if (media.example !== undefined) values.push([`${at}/example`, media.example]);
      for (const [k, ex] of Object.entries(media.examples ?? {})) {
        const e = deref(doc, ex);
        if (e && e.value !== undefined) values.push([`${at}/examples/${esc(k)}`, e.value]);
      }
      for (const [where, value] of values) out.push({ where, operationId, status, mediaType, schemaPointer: `${at}/schema`, value });
    }
  };
  for (const [p, rawItem] of Object.entries((doc.paths ?? {}) as Obj)) {
    const item = deref(doc, rawItem);
    for (const method of METHODS) {
      const op = item?.[method];
      const id = ids.get(`${method} ${p}`);
      if (!op || !id) continue;
      const base = `#/paths/${esc(p)}/${method}`;
      const body = deref(doc, op.requestBody);
      if (body) fromContent(body.content, `${base}/requestBody`, id);
      for (const [status, raw] of Object.entries(op.responses ?? {})) {
        const code = /^[1-5]\d\d$/.test(status) ? Number(status) : /^[1-5]XX$/i.test(status) ? Number(status[0]) * 100 + 99 : undefined;
        if (code === undefined) continue;
        const response = deref(doc, raw);
        fromContent(response?.content, `${base}/responses/${status}`, id, code);
      }
    }
  }
  return out;
}

/** The document's own schema, checked by plain ajv: no emitter, no rule keyword of ours. */
function independent(doc: Obj): (pointer: string, value: unknown) => string | undefined {
  const openapi30 = String(doc.openapi).startsWith('3.0');
  const options = { strict: false, allErrors: false, validateSchema: false, formats: fullFormats };
  const ajv = openapi30 ? new Ajv(options) : new Ajv2020(options);
  ajv.addSchema({ ...doc, $id: 'doc' }, 'doc');
  return (pointer, value) => {
    let validate: ReturnType<typeof ajv.getSchema>;
    try {
      validate = ajv.getSchema(`doc${pointer}`);
    } catch (err) {
      // e.g. draft-07 ajv refuses `nullable` without `type` (OpenAPI 3.0 allows it): no verdict.
      return `unconfirmed: plain ajv cannot compile the schema (${(err as Error).message})`;
    }
    if (!validate) return 'unconfirmed: schema not found';
    if (validate(value)) return undefined;
    const e = validate.errors?.[0];
    return `${e?.instancePath || '/'} ${e?.message}`;
  };
}

describe.each(CORPUS)('examples of %s', (file) => {
  test('every example our validators reject is rejected by plain ajv too (a provider error)', async () => {
    const spec = path.join(ROOT, 'node_modules', file);
    const result = await generate({ spec, overlays: [], out: 'unused', check: false, clientFactoryName: 'createApiClient' }, { cwd: ROOT });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-examples-'));
    try {
      writeFiles(result.files, dir);
      const outfile = path.join(dir, 'bundle.mjs');
      const entry = "export { validateRequest, validateResponse } from './validators.ts'; export { operations } from './operations.ts';";
      await build({
        stdin: { contents: entry, resolveDir: dir, loader: 'ts' },
        bundle: true,
        format: 'esm',
        platform: 'node',
        outfile,
        nodePaths: [path.join(ROOT, 'node_modules')],
        logLevel: 'silent',
      });
      const generated = (await import(pathToFileURL(outfile).href)) as {
        validateRequest(id: string, req: { body: unknown }): Outcome;
        validateResponse(id: string, status: number, contentType: string, body: unknown): Outcome;
        operations: Record<string, { id: string; method: string; path: string }>;
      };
      const ids = new Map(Object.values(generated.operations).map((o) => [`${o.method.toLowerCase()} ${o.path}`, o.id]));
      const { document } = await loadDocument(spec, { cwd: ROOT });
      const examples = examplesOf(document, ids);
      const plainAjv = independent(document);
      const providerErrors: string[] = [];
      const defects: string[] = [];
      /** Rejections the independent validator could not judge: reported, counted neither way. */
      const unconfirmed: string[] = [];
      for (const ex of examples) {
        const outcome =
          ex.status === undefined
            ? ((o) => ({ ...o, violations: o.violations.filter((v) => v.in === 'body') }))(generated.validateRequest(ex.operationId, { body: ex.value }))
            : generated.validateResponse(ex.operationId, ex.status, ex.mediaType, ex.value);
        if (outcome.violations.length === 0) continue;
        const reason = plainAjv(ex.schemaPointer, ex.value);
        if (reason === undefined) defects.push(`${ex.where}: ours ${outcome.violations[0]?.pointer} ${outcome.violations[0]?.message}; plain ajv accepts`);
        else if (reason.startsWith('unconfirmed')) unconfirmed.push(`${ex.where}: ours ${outcome.violations[0]?.pointer} ${outcome.violations[0]?.message}; ${reason}`);
        else providerErrors.push(`${ex.where}: ${reason}`);
      }
      const listed = [...providerErrors, ...unconfirmed].slice(0, 20);
      console.log(
        `${file}: ${examples.length} examples checked, ${providerErrors.length} provider errors, ${unconfirmed.length} unconfirmed${listed.length ? `\n  ${listed.join('\n  ')}` : ''}`,
      );
      expect(defects).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);
});
