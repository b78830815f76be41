/**
 * After bundling, every local `$ref` names the place its target is written at.
 *
 * json-schema-ref-parser's bundle re-points a reference to a part of an external schema
 * (`b.yaml#/Order/properties/amount`) beneath the place where it kept that schema, and that place
 * is the path on which its crawler first met the schema: a path that may pass through another
 * `$ref` (a reference it did not inline, e.g. one with sibling keywords, re-pointed at the copy it
 * kept). The result, `#/paths/…/schema/properties/previous/properties/amount` where `…/schema` is
 * itself `{ $ref: … }`, resolves only for a resolver that follows references halfway through a
 * pointer. A JSON Pointer names a place in the document as written (RFC 6901, section 4), and the
 * hoisting of schemas into components, ajv and openapi-typescript read it that way: they either
 * find nothing there or, once the enclosing schema is hoisted, type the property by itself
 * (TS2502). Each such pointer is rewritten to the written place; a pointer that resolves without
 * passing through a `$ref` is left byte for byte as it is.
 */
import { unescapeToken } from 'cross-border-payments-runtime/validators';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Rewrites, in place, every local `$ref` of `doc` whose pointer passes through another `$ref`. */
export function canonicalizeRefs(doc: Obj): void {
  const memo = new Map<string, string | undefined>();
  const stack: unknown[] = [doc];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const v of node) stack.push(v);
      continue;
    }
    const o = node as Obj;
    if (typeof o.$ref === 'string' && o.$ref.startsWith('#/')) {
      const written = canonical(doc, o.$ref, memo, new Set());
      if (written !== undefined && written !== o.$ref) o.$ref = written;
    }
    for (const [k, v] of Object.entries(o))
      if (k !== 'example' && k !== 'examples' && v !== null && typeof v === 'object') stack.push(v);
  }
}

/** The pointer of the place `ref` resolves to, following `$ref`s met on the way; `ref` itself when
 * it met none; undefined when it does not resolve (left for validation to report). */
function canonical(
  doc: Obj,
  ref: string,
  memo: Map<string, string | undefined>,
  active: Set<string>,
): string | undefined {
  if (memo.has(ref)) return memo.get(ref);
  if (active.has(ref)) return undefined; // a loop of references names no place
  active.add(ref);
  const result = walk(doc, ref, memo, active);
  active.delete(ref);
  memo.set(ref, result);
  return result;
}

function walk(doc: Obj, ref: string, memo: Map<string, string | undefined>, active: Set<string>): string | undefined {
  let prefix = '#';
  let node: unknown = doc;
  let followed = false;
  for (const token of ref.slice(2).split('/')) {
    const key = decode(token);
    if (key === undefined) return undefined;
    while (isObj(node) && !Object.hasOwn(node, key) && typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
      const target = canonical(doc, node.$ref, memo, active);
      if (target === undefined) return undefined;
      prefix = target;
      node = at(doc, target);
      followed = true;
    }
    if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(key) && Number(key) < node.length) node = node[Number(key)];
    else if (isObj(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
    prefix += `/${token}`;
  }
  return followed ? prefix : ref;
}

function decode(token: string): string | undefined {
  try {
    return unescapeToken(decodeURIComponent(token));
  } catch {
    return undefined;
  }
}

/** The node at a pointer written without `$ref`s on the way (what `canonical` returns). */
function at(doc: Obj, ref: string): unknown {
  let node: unknown = doc;
  for (const token of ref.slice(2).split('/')) {
    const key = decode(token);
    if (key === undefined) return undefined;
    node = Array.isArray(node) ? node[Number(key)] : isObj(node) && Object.hasOwn(node, key) ? node[key] : undefined;
  }
  return node;
}
