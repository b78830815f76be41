// Worker thread body for generator/plugins/types/types-thread.ts: runs openapi-typescript's transform
// (TypeScript's AST, ~0.5 s to load TypeScript) and its printer beside the main thread, which
// meanwhile emits the client, server and validators. Stays alive for later requests of the same
// process. Plain JavaScript so that it runs the same from sources (vitest) and from dist/.
//
// openapi-typescript's entry point (`openapiTS`) first lints and bundles the document with
// @redocly/openapi-core (on the 13 MB GitHub REST description: ~0.8 s of lint, ~0.9 s of
// bundling, and loading that package). The document this worker receives has already been
// bundled (internal `$ref`s only) and validated against the OpenAPI schema, every `$ref`
// checked to resolve (generator/load/validate-document.ts), and its operationIds are unique:
// the lint's error rules (struct, no-unresolved-refs, operation-operationId-unique) cannot fire.
// Bundling such a document changes it in three ways only (@redocly/openapi-core lib/bundle.js):
// a missing `components` becomes `{}`; a `$ref` as an `example` (where the description allows
// any value) is replaced by what it points to; a discriminator mapping value is
// rewritten to `#/components/schemas/<name>`, its target copied there if it is not one.
// `bundleForTransform` does the first two; when the third would change something, the worker
// calls openapiTS. Otherwise it calls the transform openapiTS calls, with the same context:
// types.ts is byte for byte the same (test/generator/types-worker.test.ts).
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort } from 'node:worker_threads';

// Loaded at once: the worker is started as generation begins (generator/generate.ts), so that
// this load overlaps reading, validating and normalizing the document on the main thread.
// Its CommonJS build, by require: imported as ES modules, Node first compiles TypeScript's 9 MB
// CommonJS file to detect its module format and scans it for named exports, then compiles it
// again to run it, which about doubles the load (the longest step of a small document's run).
// The transform's modules only, not the package's entry point, which loads @redocly/openapi-core.
// Required after this module has run, so that the message handler below is in place.
const require = createRequire(import.meta.url);
const loading = Promise.resolve().then(() => {
  checkTypeScript();
  return {
    transformSchema: require('openapi-typescript/dist/transform/index.cjs'),
    utils: require('openapi-typescript/dist/lib/utils.cjs'),
    printer: require('openapi-typescript/dist/lib/ts.cjs'),
  };
});

/** What openapi-typescript (in maintenance mode: no release will follow TypeScript) builds its
 * output with: TypeScript's compiler API as of 5.x (ARCHITECTURE.md, "What we rely on from
 * openapi-typescript"). A TypeScript that no longer offers it (a 7.x without the JavaScript API,
 * a renamed factory) fails here with what to do, not deep inside the transform. */
const TS_API = {
  functions: [
    'createPrinter',
    'createSourceFile',
    'addSyntheticLeadingComment',
    'isArrayTypeNode',
    'isInterfaceDeclaration',
    'isTupleTypeNode',
    'isTypeAliasDeclaration',
    'isTypeNode',
  ],
  objects: ['factory', 'SyntaxKind', 'NodeFlags', 'NewLineKind', 'ScriptKind', 'ScriptTarget'],
};

function checkTypeScript() {
  // The TypeScript openapi-typescript itself resolves.
  const fromOts = createRequire(require.resolve('openapi-typescript/dist/lib/ts.cjs'));
  let ts;
  let version = 'unknown';
  try {
    ts = fromOts('typescript');
    version = String(ts?.version ?? 'unknown');
  } catch (err) {
    throw new Error(typeScriptBroken(version, `it does not load (${err?.message ?? err})`));
  }
  const missing = [
    ...TS_API.functions.filter((name) => typeof ts?.[name] !== 'function'),
    ...TS_API.objects.filter((name) => ts?.[name] === null || typeof ts?.[name] !== 'object'),
  ];
  if (missing.length > 0) throw new Error(typeScriptBroken(version, `its compiler API lacks ${missing.join(', ')}`));
}

function typeScriptBroken(version, why) {
  return (
    `the types plugin cannot run openapi-typescript with TypeScript ${version}: ${why}. ` +
    'openapi-typescript 7.13 builds types.ts with the compiler API of TypeScript 5.x; install ' +
    'typescript@5 beside this toolkit (npm install -D typescript@5), or leave the types plugin out ' +
    '(ARCHITECTURE.md: what we rely on from openapi-typescript)'
  );
}
// Observed by the first request; a failure to load is that request's error.
loading.catch(() => undefined);

/** Keys whose value @redocly/openapi-core's bundler takes as data of any kind, where a `$ref`
 * object is replaced by what it points to (its types: `example: { isExample: true }` in Schema,
 * Parameter, Header and Media Type Objects; `default` and `const` are not walked at all), and that
 * openapi-typescript prints (JSDoc `@example`). It also inlines a `$ref` as an Example Object's
 * `value` or a Link Object's `requestBody`, which openapi-typescript never reads. */
const ANY_VALUE_KEYS = new Set(['example']);
/** Keys whose value is data, not description: never searched (nor `x-` extensions). */
const DATA_KEYS = new Set([...ANY_VALUE_KEYS, 'default', 'const', 'enum', 'value', 'examples']);
/** Maps whose keys are names (a property called `example` is no keyword). */
const NAME_MAPS = new Set([
  ...['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'schemas', 'responses'],
  ...['parameters', 'requestBodies', 'headers', 'securitySchemes', 'links', 'callbacks'],
  ...['pathItems', 'content', 'encoding', 'variables', 'paths', 'webhooks', 'mapping'],
]);
const COMPONENT_SCHEMA = /^#\/components\/schemas\/[A-Za-z0-9._-]+$/;

/** The node an internal `$ref` names (RFC 6901), following `$ref`s as the bundler's resolver does;
 * undefined when it names nothing. */
function resolveInternal(document, ref, seen = new Set()) {
  if (typeof ref !== 'string' || !ref.startsWith('#') || seen.has(ref)) return undefined;
  seen.add(ref);
  let node = document;
  for (const token of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  const chained = node !== null && typeof node === 'object' && typeof node.$ref === 'string';
  return chained ? resolveInternal(document, node.$ref, seen) : node;
}

/** Makes `document` what the bundler would hand openapi-typescript's transform, or returns false
 * when that takes more than this: a missing `components` becomes `{}`, and a `$ref` object as an
 * `example` is replaced in place by what it names, its sibling keys kept (the bundler's
 * replaceRef). False when a discriminator mapping value is not a component schema
 * (the bundler would copy its target into components) or such a `$ref` names nothing. */
function bundleForTransform(document) {
  const schemas = document.components?.schemas ?? {};
  const inline = [];
  // [node, the key it is under ('' for an entry of a map of names)]
  const stack = [[document, '']];
  while (stack.length > 0) {
    const [node, key] = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node) if (item !== null && typeof item === 'object') stack.push([item, '']);
      continue;
    }
    const named = NAME_MAPS.has(key);
    for (const [k, value] of Object.entries(node)) {
      if (value === null || typeof value !== 'object') continue;
      if (!named && ANY_VALUE_KEYS.has(k) && typeof value.$ref === 'string') inline.push(value);
      const mapping = !named && k === 'discriminator' ? value.mapping : undefined;
      if (mapping !== null && typeof mapping === 'object') {
        for (const target of Object.values(mapping)) {
          const name = typeof target === 'string' && COMPONENT_SCHEMA.test(target) ? target.slice(21) : '';
          if (!Object.hasOwn(schemas, name)) return false;
        }
      }
      if (named || !(DATA_KEYS.has(k) || k.startsWith('x-'))) stack.push([value, named ? '' : k]);
    }
  }
  const targets = inline.map((ref) => resolveInternal(document, ref.$ref));
  if (targets.some((t) => t === undefined)) return false;
  for (const [i, ref] of inline.entries()) {
    delete ref.$ref;
    Object.assign(ref, { ...targets[i], ...ref });
  }
  document.components ||= {};
  return true;
}

/** openapiTS's transform context for `options` (openapi-typescript 7.13.0, dist/index.cjs; the
 * version is pinned exactly in package.json). */
function transformContext(schema, options, utils) {
  return {
    additionalProperties: options.additionalProperties ?? false,
    alphabetize: options.alphabetize ?? false,
    arrayLength: options.arrayLength ?? false,
    defaultNonNullable: options.defaultNonNullable ?? true,
    discriminators: utils.scanDiscriminators(schema, options),
    emptyObjectsUnknown: options.emptyObjectsUnknown ?? false,
    enum: options.enum ?? false,
    enumValues: options.enumValues ?? false,
    conditionalEnums: options.conditionalEnums ?? false,
    dedupeEnums: options.dedupeEnums ?? false,
    excludeDeprecated: options.excludeDeprecated ?? false,
    exportType: options.exportType ?? false,
    immutable: options.immutable ?? false,
    rootTypes: options.rootTypes ?? false,
    rootTypesNoSchemaPrefix: options.rootTypesNoSchemaPrefix ?? false,
    rootTypesKeepCasing: options.rootTypesKeepCasing ?? false,
    injectFooter: [],
    pathParamsAsTypes: options.pathParamsAsTypes ?? false,
    postTransform: undefined,
    propertiesRequiredByDefault: options.propertiesRequiredByDefault ?? false,
    // Read only by the lint and bundle passes skipped above.
    redoc: undefined,
    silent: options.silent ?? false,
    inject: options.inject ?? undefined,
    transform: undefined,
    transformProperty: undefined,
    makePathsEnum: options.makePathsEnum ?? false,
    generatePathParams: options.generatePathParams ?? false,
    readWriteMarkers: options.readWriteMarkers ?? false,
    resolve($ref) {
      return utils.resolveRef(schema, $ref, { silent: options.silent ?? false });
    },
  };
}

/** V8's full collection: the process's own `gc` when Node was started with --expose-gc, else one
 * taken from a context made while the flag is set (the way jest's leak detector takes it), the
 * flag then restored so that later contexts are as before. Undefined if V8 refuses. */
function fullCollection() {
  if (typeof globalThis.gc === 'function') return globalThis.gc;
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc');
  } catch {
    return undefined;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

/** After each reply, what the request left (the document's copy, TypeScript's syntax tree of the
 * output and its printing: ~100 MB on the GitHub description) is garbage that V8 would keep until
 * this idle thread next allocates, while the main thread goes on emitting. Collected at once (some
 * 30 ms, on this thread), the process's peak memory is some 40 MB lower on that description. */
const collect = fullCollection();

parentPort.on('message', async ({ id, document, options }) => {
  try {
    const { transformSchema, utils, printer } = await loading;
    let ast;
    if (bundleForTransform(document)) {
      ast = transformSchema(document, transformContext(document, options, utils));
    } else {
      ast = await require('openapi-typescript').default(document, options);
    }
    const text = printer.astToString(ast);
    parentPort.postMessage({ id, ok: true, text });
  } catch (err) {
    parentPort.postMessage({ id, ok: false, message: String(err?.message ?? err) });
  } finally {
    // Once this handler has returned, so that its document, tree and text are unreachable.
    setImmediate(() => collect?.());
  }
});
