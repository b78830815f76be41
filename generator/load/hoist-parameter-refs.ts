/**
 * Bundling re-points a shared external Parameter Object at its first use, inside an operation
 * (`#/paths/~1v2~1apps/get/parameters/0`); another operation's `$ref` to it is then typed by
 * openapi-typescript as `paths["/v2/apps"]["get"]["parameters"]["query"]["per_page"]`, an index
 * into an optional member (TS2339 under strict). Each such parameter is moved to
 * components.parameters under its own name (by reference) and every `$ref` to it re-pointed, as
 * hoist-schema-refs.ts does for schemas (OpenAPI 3.x, Components Object: reusable parameters).
 */
import { escapeToken, unescapeToken } from 'cross-border-payments-runtime/validators';
import type { SlipContext } from './normalize-slips.js';
import { fileComponentName, resolveLocal } from './normalize-slips.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
/** A parameter of a path item or of an operation. */
const IN_PATHS = /^#\/(?:paths|webhooks)\/[^/]+\/(?:[^/]+\/)?parameters\/\d+$/;
const tokens = (ref: string) => ref.slice(2).split('/').map(unescapeToken);

export function hoistParameterRefs(ctx: SlipContext): void {
  const sites: Obj[] = [];
  collect(ctx.doc, sites, new Set(), '');
  const targets = [...new Set(sites.map((s) => s.$ref as string).filter((r) => IN_PATHS.test(r)))].filter((r) => {
    const p = resolveLocal(ctx.doc, r);
    return isObj(p) && typeof p.name === 'string' && typeof p.in === 'string';
  });
  if (targets.length === 0) return;
  const components = (isObj(ctx.doc.components) ? ctx.doc.components : (ctx.doc.components = {})) as Obj;
  const parameters = (isObj(components.parameters) ? components.parameters : (components.parameters = {})) as Obj;
  const moved = new Map<string, string>();
  for (const target of targets) {
    const param = resolveLocal(ctx.doc, target) as Obj;
    // A file's whole content is where a multi-file description keeps a shared parameter: moved
    // under the file's name, there is nothing to report.
    const fromFile = fileComponentName(ctx, param);
    const base = fromFile ?? (String(param.name).replace(/[^A-Za-z0-9_.-]/g, '_') || 'parameter');
    let name = base;
    for (let n = 2; Object.hasOwn(parameters, name); n++) name = `${base}${n}`;
    Object.defineProperty(parameters, name, { value: param, enumerable: true, writable: true, configurable: true });
    moved.set(target, `#/components/parameters/${escapeToken(name)}`);
    if (fromFile === undefined)
      ctx.warn(
        tokens(target),
        'a Parameter Object referenced from elsewhere lives inside an operation',
        `components.parameters.${name} (the same parameter, moved by reference)`,
      );
  }
  for (const site of sites) {
    const ref = site.$ref as string;
    for (const [from, to] of moved) {
      if (ref === from || ref.startsWith(`${from}/`)) {
        site.$ref = to + ref.slice(from.length);
        break;
      }
    }
  }
}

function collect(node: unknown, out: Obj[], seen: Set<object>, parentKey: string): void {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    for (const v of node) collect(v, out, seen, parentKey);
    return;
  }
  const o = node as Obj;
  if (typeof o.$ref === 'string') out.push(o);
  // Example values are data (unless `example` names a property).
  for (const k of Object.keys(o))
    if (parentKey === 'properties' || (k !== 'example' && k !== 'examples')) collect(o[k], out, seen, k);
}
