/**
 * Loading an OpenAPI 3.0/3.1 document: read (YAML/JSON) → apply overlays to the raw document →
 * bundle external $refs (swagger-parser) → validate against the OpenAPI schema. Every failure
 * is a CbpError with a file and, where known, a JSON pointer.
 */
import path from 'node:path';
import { CbpError } from '../../lib/errors.js';
import { readDocumentFile, displayName, isUrl } from './read-document.js';
import { applyOverlay, type MissingTargetMode } from './apply-overlay.js';
import { toSpecInvalidError } from './validation-error.js';
import { validateDocument } from './validate-document.js';
import { normalizeSlips } from './normalize-slips.js';
import { copyMappingRefs, mappingRefsParser, restoreMappingRefs } from './mapping-refs.js';
import { canonicalizeRefs } from './canonical-refs.js';
import { RefGuard } from './ref-origins.js';
import { checkOverlayRefs } from './overlay-refs.js';

export type OpenApiDocument = Record<string, unknown>;

export interface LoadOptions {
  cwd?: string;
  /** Overlay files applied in order, before bundling and validation. */
  overlays?: string[];
  /** What to do when an overlay action targets nothing. Default: 'error'. */
  onMissingTarget?: MissingTargetMode;
  /** http(s) origins (`https://host[:port]`, see parseOrigin) any `$ref` may reach besides a
   * fetched document's own origin (ref-origins.ts). Default: none. */
  allowRefOrigins?: readonly string[];
}

export interface LoadedDocument {
  /** The bundled, overlaid, validated document (internal $refs kept). */
  document: OpenApiDocument;
  /** File name as shown to users (relative to cwd). */
  file: string;
  warnings: string[];
}

export async function loadDocument(spec: string, options: LoadOptions = {}): Promise<LoadedDocument> {
  const cwd = options.cwd ?? process.cwd();
  const file = displayName(spec, cwd);
  let raw = await readDocumentFile(spec, { cwd });
  const warnings: string[] = [];
  const allowOrigins = [...(options.allowRefOrigins ?? [])];
  for (const overlayPath of options.overlays ?? []) {
    const overlayFile = displayName(overlayPath, cwd);
    const overlay = await readDocumentFile(overlayPath, { cwd, kind: 'overlay', parseErrorCode: 'E_OVERLAY_INVALID' });
    // A fetched overlay's references are judged by its own origin before they join the document.
    const reached = checkOverlayRefs(overlay, {
      location: overlayPath,
      shown: overlayFile,
      allowOrigins: options.allowRefOrigins,
    });
    allowOrigins.push(...reached.filter((o) => !allowOrigins.includes(o)));
    const result = applyOverlay(raw, overlay, { file: overlayFile, onMissingTarget: options.onMissingTarget });
    raw = result.document;
    warnings.push(...result.warnings);
  }
  // A URL stays the base for the document's relative $refs (swagger-parser fetches them).
  const where = { file, absolutePath: isUrl(spec) ? spec : path.resolve(cwd, spec) };
  const guard = new RefGuard({ root: where.absolutePath, shown: file, allowOrigins });
  const fileOf = new WeakMap<object, string>();
  const document = await bundle(raw, where, guard, fileOf);
  // In place: `raw` is our own parse of the file (overlays copy it), never a caller's object.
  warnings.push(...normalizeSlips(document, file, fileOf));
  await validateDocument(document, where);
  return { document, file, warnings };
}

/** Bundles external $refs. A document whose every $ref already points into #/components is left
 * as it is: swagger-parser would only crawl it (1.8 s on the GitHub description) to return the
 * same structure. (Refs into other places, e.g. #/paths/..., are re-pointed by bundling, which
 * the validators rely on.) */
async function bundle(
  raw: unknown,
  where: { file: string; absolutePath: string },
  guard: RefGuard,
  fileOf: WeakMap<object, string>,
): Promise<OpenApiDocument> {
  checkVersion(raw, where.file);
  copyMappingRefs(raw, true);
  if (!needsBundling(raw)) return raw as OpenApiDocument;
  guard.checkRoot(raw);
  let bundled: OpenApiDocument;
  try {
    // The guard's resolvers decide which files and origins a $ref may reach (a document the user
    // named by URL reaches its siblings on its own origin, loopback or private ones included).
    // Each external file's parsed content is recorded with its location: bundling writes that very
    // object at the file's first use, and the schema or parameter moved from there into components
    // is named after the file.
    const recording = {
      ...mappingRefsParser,
      parse(file: { url: string; data: Buffer | string }): unknown {
        const parsed = mappingRefsParser.parse(file);
        if (parsed !== null && typeof parsed === 'object') fileOf.set(parsed, file.url);
        return parsed;
      },
    };
    const options = { parse: { cbpMappingRefs: guard.parser(recording) }, resolve: guard.resolvers() };
    // Loaded only here: with its ajv dialect and the OpenAPI schemas it requires, it is ~0.1 s
    // and some MB that a single-file document never needs.
    const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
    bundled = (await SwaggerParser.bundle(
      where.absolutePath,
      raw as never,
      options as never,
    )) as unknown as OpenApiDocument;
  } catch (err) {
    throw guard.violation?.error ?? toSpecInvalidError(err, where.file);
  }
  // A refused reference whose failure json-schema-ref-parser absorbed (a parser fallback) still fails.
  if (guard.violation) throw guard.violation.error;
  canonicalizeRefs(bundled);
  restoreMappingRefs(bundled);
  return bundled;
}

function needsBundling(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && !value.startsWith('#/components/')) return true;
        if (value !== null && typeof value === 'object') stack.push(value);
      }
    }
  }
  return false;
}

function checkVersion(raw: unknown, file: string): void {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new CbpError('E_SPEC_INVALID', 'the document is not an object', { file, pointer: '' });
  }
  const version = (raw as Record<string, unknown>).openapi;
  if (typeof version !== 'string' || !/^3\.[01]\.\d+$/.test(version)) {
    const swagger = (raw as Record<string, unknown>).swagger !== undefined;
    throw new CbpError(
      'E_SPEC_INVALID',
      `unsupported document version ${JSON.stringify(version ?? (raw as Record<string, unknown>).swagger ?? null)}`,
      {
        file,
        pointer: swagger ? '/swagger' : '/openapi',
        hint: swagger ? 'convert Swagger 2.0 to OpenAPI 3.x first' : 'set `openapi: 3.1.0` (or a 3.0.x version)',
        rule: 'OpenAPI: openapi field',
      },
    );
  }
}
