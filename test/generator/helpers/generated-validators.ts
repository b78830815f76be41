/**
 * The validators `cbp generate` emitted for a document, bundled with esbuild and imported, plus
 * the one entry point they lack: a validator for any schema of the document (a component, a
 * property inside one, an inline schema with no request/response/webhook validator of its own).
 * That entry point adds the schema to the GENERATED validator data and compiles it with the
 * GENERATED runtime (lazy-validators.ts), so its `$ref`s resolve into the generated components:
 *  - a schema under `#/components/schemas/...` is a `$ref` into the generated components schema,
 *    at the same place (stepping into the `anyOf: [s, {type: null}]` that 3.0 `nullable` became);
 *  - any other schema is prepared by the validators emitter's own function (prepareSchema: 3.0
 *    dialect to draft-07, refs into the generated components), the same as the emitter does for
 *    the whole part it belongs to.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import type { GeneratedFile } from '../../../generator/emitters/emitter.js';
import { COMPONENTS_ID, prepareSchema } from '../../../generator/validation/prepare-schema.js';
import type { ValidatorData } from 'cross-border-payments-runtime/validators/ajv';
import type { AjvValidateFn, RequestParts } from 'cross-border-payments-runtime/validators';
import type { ValidationOutcome } from 'cross-border-payments-runtime/client';
import { runtimeSourceOf } from '../../runtime-source-aliases.js';
import { ROOT, writeFiles } from './compile-output.js';

/** The runtime package's entries (`<runtime>/…`, dist/ in the package) from the sources. */
const runtimeFromSources: Plugin = {
  name: 'runtime-from-sources',
  setup(b) {
    b.onResolve({ filter: /^cross-border-payments-runtime\// }, (args) => {
      const source = runtimeSourceOf(args.path);
      // sideEffects: false, as the package's package.json says (esbuild reads it only for paths it resolves).
      return source === undefined ? undefined : { path: source, sideEffects: false };
    });
  },
};

interface GeneratedModule {
  validateRequest(id: string, req: RequestParts): ValidationOutcome;
  validateResponse(id: string, status: number, contentType: string, body: unknown): ValidationOutcome;
  validateWebhook(id: string, payload: unknown): ValidationOutcome;
  operations: Record<string, { id: string; method: string; path: string }>;
  webhooks: Record<string, { id: string; name: string }>;
  validatorData: ValidatorData;
  createLazyValidators(
    data: ValidatorData,
    runtime: Readonly<Record<string, unknown>>,
  ): { raw: Readonly<Record<string, AjvValidateFn>> };
  rulesRuntime: Readonly<Record<string, unknown>>;
}

export interface GeneratedValidators
  extends Omit<GeneratedModule, 'validatorData' | 'createLazyValidators' | 'rulesRuntime'> {
  /** Whether the operation's generated request validation checks this parameter at all (header
   * names it ignores, such as Accept or Authorization, are not). */
  checksParameter(operationId: string, location: string, name: string): boolean;
  /** Validators for schemas of the document by pointer (`#/...`), compiled on first use. */
  schemaValidators(
    pointers: Iterable<string>,
    document: Record<string, unknown>,
  ): (pointer: string) => AjvValidateFn | string;
}

const ENTRY = [
  "export { validateRequest, validateResponse, validateWebhook } from './validators.ts';",
  "export { operations, webhooks } from './operations.ts';",
  "export { validatorData } from './validators-data.ts';",
  // From the runtime package, where the default 'package' mode output imports it from too.
  "export { createLazyValidators } from 'cross-border-payments-runtime/validators/ajv';",
  "export * as rulesRuntime from './validators-runtime.ts';",
].join('\n');

export async function importGenerated(files: GeneratedFile[]): Promise<GeneratedValidators> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-examples-'));
  let mod: GeneratedModule;
  try {
    writeFiles(files, dir);
    const outfile = path.join(dir, 'bundle.mjs');
    await build({
      stdin: { contents: ENTRY, resolveDir: dir, loader: 'ts' },
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile,
      nodePaths: [path.join(ROOT, 'node_modules')],
      plugins: [runtimeFromSources],
      logLevel: 'silent',
    });
    mod = (await import(pathToFileURL(outfile).href)) as GeneratedModule;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const { validatorData, createLazyValidators, rulesRuntime, ...api } = mod;
  const PARTS: Record<string, 'params' | 'query' | 'headers' | 'cookies'> = {
    path: 'params',
    query: 'query',
    header: 'headers',
    cookie: 'cookies',
  };
  return {
    ...api,
    checksParameter(operationId, location, name) {
      const part = PARTS[location];
      const op = Object.hasOwn(validatorData.operations, operationId)
        ? validatorData.operations[operationId]
        : undefined;
      const schemaName = part === undefined ? undefined : op?.[part];
      const schema =
        schemaName === undefined
          ? undefined
          : (validatorData.paramSchemas[schemaName] as { properties?: object } | undefined);
      return (
        schema?.properties !== undefined &&
        Object.hasOwn(schema.properties, location === 'header' ? name.toLowerCase() : name)
      );
    },
    schemaValidators(pointers, document) {
      const extra: Record<string, object | boolean> = {};
      const unusable = new Map<string, string>();
      const formats = new Set<string>();
      const openapi30 = !validatorData.openapi31;
      for (const pointer of new Set(pointers)) {
        try {
          extra[pointer] = componentRef(validatorData, pointer) ?? prepared(document, pointer, openapi30, formats);
        } catch (err) {
          unusable.set(pointer, `no validator: ${(err as Error).message}`);
        }
      }
      const data: ValidatorData = {
        ...validatorData,
        unknownFormats: [...new Set([...validatorData.unknownFormats, ...formats])],
        schemas: { ...validatorData.schemas, ...extra } as ValidatorData['schemas'],
      };
      const { raw } = createLazyValidators(data, rulesRuntime);
      return (pointer) => unusable.get(pointer) ?? raw[pointer] ?? `no validator for ${pointer}`;
    },
  };
}

const unesc = (t: string) => decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~');
const COMPONENT = '#/components/schemas/';

/** `{ $ref }` to the same schema inside the generated components, or undefined when the pointer
 * is not under `#/components/schemas`. */
function componentRef(data: ValidatorData, pointer: string): { $ref: string } | undefined {
  if (!pointer.startsWith(COMPONENT)) return undefined;
  const tokens = pointer.slice(COMPONENT.length).split('/').map(unesc);
  let node: any = data.components.$defs;
  const out: string[] = ['$defs'];
  for (const token of tokens) {
    // OpenAPI 3.0 `nullable` without `type` became `anyOf: [schema, { type: 'null' }]`.
    while (node && typeof node === 'object' && !Object.hasOwn(node, token) && isNullableWrapper(node)) {
      node = node.anyOf[0];
      out.push('anyOf', '0');
    }
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, token)) {
      throw new Error(`the generated components have nothing at ${pointer} (stopped at ${JSON.stringify(token)})`);
    }
    node = node[token];
    out.push(token);
  }
  return {
    $ref:
      `${COMPONENTS_ID}#/` +
      `${out.map((t) => encodeURIComponent(t.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`,
  };
}

function isNullableWrapper(node: any): boolean {
  return (
    Array.isArray(node.anyOf) &&
    node.anyOf.length === 2 &&
    node.anyOf[1]?.type === 'null' &&
    Object.keys(node.anyOf[1]).length === 1
  );
}

function prepared(
  document: Record<string, unknown>,
  pointer: string,
  openapi30: boolean,
  formats: Set<string>,
): object | boolean {
  const schema = pointer
    .slice(2)
    .split('/')
    .reduce((n: any, t) => n?.[unesc(t)], document);
  if (schema === undefined) throw new Error(`the document has nothing at ${pointer}`);
  return prepareSchema(schema, {
    openapi30,
    at: pointer.slice(1),
    formats,
    patterns: new Set(),
    stripAnnotations: true,
  }) as object | boolean;
}
