/**
 * Validation of a bundled document against the OpenAPI 3.0 / 3.1 schema swagger-parser uses,
 * with swagger-parser's ajv options, precompiled by scripts/compile-openapi-schemas.mjs (compiling
 * the schema cost ~0.15 s in every process), plus the check swagger-parser's dereferencing made:
 * every internal `$ref` resolves. The bundled form is validated as it is, Reference Objects
 * included (the schemas allow them wherever the specification does), so nothing is
 * dereferenced: the GitHub REST description validates in ~0.4 s instead of ~2 s.
 */
import { escapeToken, unescapeToken } from 'cross-border-payments-runtime/validators';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CbpError } from '../../lib/errors.js';
import { packageInfo } from '../package-info.js';
import { toSpecInvalidError } from './validation-error.js';

export interface ValidationTarget {
  file: string;
  absolutePath: string;
}

type SchemaValidator = ((document: unknown) => boolean) & { errors?: unknown[] | null };

const validators = new Map<string, Promise<SchemaValidator>>();

/** The precompiled module for one OpenAPI minor version, loaded once per process. */
function validatorFor(minor: '3.0' | '3.1'): Promise<SchemaValidator> {
  let loading = validators.get(minor);
  if (!loading) {
    const file = path.join(packageInfo().root, 'generator/load/openapi-schemas', `oas-${minor}.mjs`);
    loading = import(pathToFileURL(file).href).then((m: { default: SchemaValidator }) => m.default);
    validators.set(minor, loading);
  }
  return loading;
}

export async function validateDocument(bundled: Record<string, unknown>, where: ValidationTarget): Promise<void> {
  const validate = await validatorFor(String(bundled.openapi).startsWith('3.0') ? '3.0' : '3.1');
  if (!validate(bundled)) {
    throw toSpecInvalidError(
      Object.assign(new Error('OpenAPI schema validation failed'), { details: validate.errors ?? [] }),
      where.file,
    );
  }
  const unresolved = firstUnresolvedRef(bundled);
  if (unresolved) {
    throw new CbpError('E_SPEC_INVALID', `$ref ${JSON.stringify(unresolved.ref)} does not resolve in the document`, {
      file: where.file,
      pointer: unresolved.at,
      rule: 'OpenAPI: Reference Object',
      hint: 'point the $ref at an existing component (or fix the name)',
    });
  }
}

/** The first local `$ref` (`#/...`) whose JSON pointer (RFC 6901) names nothing, and where it is.
 * Pointers to each node are built only on the second walk, when something does not resolve. */
function firstUnresolvedRef(root: unknown): { ref: string; at: string } | undefined {
  const resolves = new Map<string, boolean>();
  const broken = (ref: string) => {
    let ok = resolves.get(ref);
    if (ok === undefined) resolves.set(ref, (ok = resolvePointer(root, ref.slice(1))));
    return !ok;
  };
  const refs = (node: object) => {
    const ref = (node as { $ref?: unknown }).$ref;
    return typeof ref === 'string' && ref.startsWith('#') ? ref : undefined;
  };
  let any = false;
  const stack: unknown[] = [root];
  while (stack.length > 0 && !any) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    const ref = Array.isArray(node) ? undefined : refs(node);
    if (ref !== undefined && broken(ref)) any = true;
    for (const value of Array.isArray(node) ? node : Object.values(node))
      if (value !== null && typeof value === 'object') stack.push(value);
  }
  if (!any) return undefined;
  const located: Array<[unknown, string]> = [[root, '']];
  while (located.length > 0) {
    const [node, at] = located.pop() as [unknown, string];
    if (node === null || typeof node !== 'object') continue;
    const ref = Array.isArray(node) ? undefined : refs(node);
    if (ref !== undefined && broken(ref)) return { ref, at: `${at}/$ref` };
    const entries = Array.isArray(node) ? node.map((v, i) => [String(i), v] as const) : Object.entries(node);
    for (const [key, value] of entries) located.push([value, `${at}/${escapeToken(key)}`]);
  }
  return undefined;
}

function resolvePointer(root: unknown, pointer: string): boolean {
  if (pointer === '') return true;
  if (!pointer.startsWith('/')) return false;
  let node = root;
  for (const raw of pointer.slice(1).split('/')) {
    let token: string;
    try {
      token = unescapeToken(decodeURIComponent(raw));
    } catch {
      return false;
    }
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, token)) return false;
    node = (node as Record<string, unknown>)[token];
  }
  return true;
}
