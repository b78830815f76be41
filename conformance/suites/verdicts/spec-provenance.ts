/**
 * The provenance of an expectation, read from the contract the run loaded (api/spec.ts) and
 * nowhere else: `x-assumption` (any form, see readAssumptionIds) on a schema, parameter,
 * response, overlay rule (as the rules overlay put it on its operation) or state-table
 * transition, with the keywords each id `covers` (openapi.yaml `x-cbp-assumptions`); otherwise
 * the seed section the item names. Only generic status expectations come from assumption-map.ts.
 * The loaded document keeps every extension the normalized model drops.
 */
import type { JSONSchema } from '../../../generator/ir/json-schema.js';
import { assumptionMap, type AssumptionMap } from './assumption-map.js';
import { assumption, type Provenance, readAssumptionIds, seed } from '../../engine/provenance.js';
import { unescapeToken } from '../../engine/json-pointer.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** What provenance reads: parts of the one loaded contract (SuiteSpec), never files. */
export interface ContractSource {
  /** The published contract as loaded: openapi.yaml with the rules overlay applied. */
  document: Obj;
  /** The state table's transitions as loaded (each keeps its `x-assumption`). */
  transitions: readonly object[];
  /** What OUR sandbox answers beyond the published contract (sandbox.overlay.yaml), if known. */
  sandboxOverlay?: Obj;
}

/** Every `x-cbp-rules` entry the rules overlay put on an operation or webhook of the document, in document order. */
function overlayRulesOf(document: Obj): Obj[] {
  const items = [document.paths, document.webhooks].flatMap((group) => (isObj(group) ? Object.values(group) : []));
  return items.flatMap((item) =>
    (isObj(item) ? Object.values(item) : []).flatMap((op) => {
      const rules = isObj(op) ? op['x-cbp-rules'] : undefined;
      return Array.isArray(rules) ? rules.filter(isObj) : [];
    }),
  );
}

/** `$.components.schemas.X.properties` (or `$.components.schemas.X` with `properties`) updates of the sandbox overlay.
 */
function sandboxProperties(overlay: Obj): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const a of Array.isArray(overlay.actions) ? overlay.actions : []) {
    if (!isObj(a) || typeof a.target !== 'string' || !isObj(a.update)) continue;
    const m = /^\$\.components\.schemas\.([^.]+)(\.properties)?$/.exec(a.target);
    if (!m) continue;
    const props = m[2] ? a.update : isObj(a.update.properties) ? a.update.properties : {};
    for (const [name, node] of Object.entries(props)) out[`${m[1]}.${name}`] = isObj(node) ? idsOf(node) : [];
  }
  return out;
}

const idsOf = (o: Obj): string[] => [...readAssumptionIds(o['x-assumption']), ...readAssumptionIds(o.assumption)];

/** The ids of a rule's `x-assumption` that cover one generated violation (an entry's `violations` narrows it). */
function ruleIdsFor(rule: Obj, description: string | undefined): string[] {
  return [rule['x-assumption'], rule.assumption].flat().flatMap((a) => {
    if (isObj(a) && typeof a.violations === 'string' && !new RegExp(a.violations).test(description ?? '')) return [];
    return readAssumptionIds(a);
  });
}

interface Contract {
  document: Obj;
  overlayRules: Obj[];
  transitions: Obj[];
  /** `Component.property` → the assumption ids this project's sandbox overlay gives it. */
  sandboxProperties?: Record<string, string[]>;
}

export class SpecProvenance {
  private readonly raw: Contract;
  private readonly schemas: Record<string, JSONSchema>;
  /** Keywords an assumption on a schema node covers ([] = it only keeps the schema open); absent: every keyword. */
  private readonly scope: Record<string, string[]>;
  constructor(
    source: ContractSource,
    private readonly map: AssumptionMap = assumptionMap,
  ) {
    const raw: Contract = {
      document: source.document,
      overlayRules: overlayRulesOf(source.document),
      transitions: source.transitions.filter(isObj),
      sandboxProperties: source.sandboxOverlay ? sandboxProperties(source.sandboxOverlay) : undefined,
    };
    this.raw = raw;
    const components = isObj(raw.document.components) ? raw.document.components : {};
    this.schemas = (isObj(components.schemas) ? components.schemas : {}) as Record<string, JSONSchema>;
    const declared = Array.isArray(raw.document['x-cbp-assumptions']) ? raw.document['x-cbp-assumptions'] : [];
    this.scope = Object.fromEntries(
      declared.flatMap((a) =>
        isObj(a) && typeof a.id === 'string' && Array.isArray(a.covers) ? [[a.id, a.covers.map(String)]] : [],
      ),
    );
  }

  /** An overlay rule, optionally narrowed to one generated violation. */
  rule(ruleId: string, source: string, violation: { pointer?: string; description?: string } = {}): Provenance {
    const raw = this.raw.overlayRules.find((r) => r.id === ruleId);
    const declared = raw ? ruleIdsFor(raw, violation.description) : [];
    if (declared.length > 0) return assumption(declared, source);
    return seed(source, typeof raw?.['x-cbp-seed'] === 'string' ? raw['x-cbp-seed'] : undefined);
  }

  /** A schema keyword at `pointer` of a value validated by `root` (undefined: nothing says it is an assumption). */
  schemaConstraint(root: JSONSchema | undefined, pointer: string, keyword: string): Provenance | undefined {
    if (!root) return undefined;
    const tokens = pointer === '' ? [] : pointer.slice(1).split('/');
    const owner = keyword === 'required' ? tokens.slice(0, -1) : tokens;
    const at = chainAt(root, owner, this.schemas);
    for (const node of at.nodes) {
      if (!(keyword in node)) continue;
      const ids = idsOf(node).filter((id) => this.covers(id, keyword));
      if (ids.length > 0) return assumption(ids);
    }
    // A property that `$ref`s a shared schema carries the assumption of its own use beside the
    // `$ref` (a recipient's purpose follows the top-level rule): it covers the keywords it reaches.
    if (!at.nodes.some((node) => keyword in node)) return undefined;
    for (const node of at.nodes) {
      if (keyword in node) continue;
      const ids = idsOf(node).filter((id) => this.covers(id, keyword));
      if (ids.length > 0) return assumption(ids);
    }
    return undefined;
  }

  /**
   * A value at `pointer` under a property the published contract (openapi.yaml with the rules
   * overlay) does not declare: the property it sits in, and the assumption ids its expectation
   * rests on (this project's sandbox overlay, else the enclosing record's open-fields assumption).
   * Undefined when the contract declares the property. A live target is judged against the
   * published contract: a property the seed does not show is never a seed fact.
   */
  unshownProperty(root: JSONSchema | undefined, pointer: string): { property: string; ids: string[] } | undefined {
    if (!root || pointer === '') return undefined;
    const tokens = pointer.slice(1).split('/');
    for (let n = tokens.length; n > 0; n--) {
      const parent = chainAt(root, tokens.slice(0, n - 1), this.schemas);
      if (parent.nodes.length === 0) continue;
      if (chainAt(root, tokens.slice(0, n), this.schemas).nodes.length > 0) return undefined;
      const name = unescapeToken(tokens[n - 1]);
      const fromSandbox = parent.components.flatMap((c) => this.raw.sandboxProperties?.[`${c}.${name}`] ?? []);
      const fromRecord = parent.nodes.flatMap(idsOf).filter((id) => this.scope[id]?.length === 0);
      const ids = [
        ...new Set(fromSandbox.length > 0 ? fromSandbox : fromRecord.length > 0 ? fromRecord : ['A-RECORD-FIELDS']),
      ];
      return { property: tokens.slice(0, n).join('/'), ids };
    }
    return undefined;
  }

  /** A required query parameter. */
  parameter(operationId: string, name: string): Provenance | undefined {
    const raw = this.rawParameter(operationId, name);
    const ids = raw ? idsOf(raw) : [];
    return ids.length > 0 ? assumption(ids) : undefined;
  }

  /**
   * The assumption ids saying an operation's request payload is not shown (an open body schema
   * whose x-assumption constrains nothing), or undefined when the payload is the seed's.
   */
  payloadNotShown(operationId: string): string[] | undefined {
    const op = this.rawOperation(operationId);
    const body =
      op && isObj(op.requestBody)
        ? typeof op.requestBody.$ref === 'string'
          ? this.ref(op.requestBody.$ref)
          : op.requestBody
        : undefined;
    const content = isObj(body) && isObj(body.content) ? Object.values(body.content) : [];
    const ids = content
      .flatMap((c) => (isObj(c) ? expand(c.schema, this.schemas).flatMap((x) => idsOf(x.node)) : []))
      .filter((id) => this.scope[id]?.length === 0);
    return ids.length > 0 ? [...new Set(ids)] : undefined;
  }

  /** A documented response of an operation: its x-assumption, else the operation's seed section; undefined when not
   * documented. */
  response(operationId: string, status: string): Provenance | undefined {
    const op = this.rawOperation(operationId);
    const raw = op && isObj(op.responses) ? op.responses[status] : undefined;
    if (!isObj(raw)) return undefined;
    const resolved = typeof raw.$ref === 'string' ? this.ref(raw.$ref) : raw;
    const ids = [...idsOf(raw), ...(isObj(resolved) ? idsOf(resolved) : [])];
    const section = typeof op?.['x-cbp-seed-section'] === 'string' ? op['x-cbp-seed-section'] : 'Errors table';
    return ids.length > 0 ? assumption([...new Set(ids)], section) : seed(section);
  }

  /** The assumptions spec/ lists (openapi.yaml `x-cbp-assumptions`). */
  assumptions(): Array<{ id: string; text: string }> {
    const list = this.raw.document['x-cbp-assumptions'];
    return (Array.isArray(list) ? list : []).flatMap((a) =>
      isObj(a) && typeof a.id === 'string' ? [{ id: a.id, text: String(a.text ?? '') }] : [],
    );
  }

  /** A state-table transition by id. */
  transition(id: string): Provenance {
    const t = this.raw.transitions.find((x) => x.id === id);
    const ids = t ? idsOf(t) : [];
    const source = typeof t?.source === 'string' ? t.source : 'States and transitions';
    return ids.length > 0 ? assumption(ids, source) : seed(source, typeof t?.emits === 'string' ? t.emits : undefined);
  }

  /** Status expectations (auth, spec-status). */
  status(kind: keyof AssumptionMap['statuses']): Provenance {
    return assumption(this.map.statuses[kind]);
  }

  private covers(id: string, keyword: string): boolean {
    const scope = this.scope[id];
    return scope === undefined || scope.includes(keyword);
  }

  private rawOperation(operationId: string): Obj | undefined {
    const paths = isObj(this.raw.document.paths) ? this.raw.document.paths : {};
    for (const item of Object.values(paths)) {
      for (const op of isObj(item) ? Object.values(item) : [])
        if (isObj(op) && op.operationId === operationId) return op;
    }
    return undefined;
  }

  private rawParameter(operationId: string, name: string): Obj | undefined {
    const op = this.rawOperation(operationId);
    for (const p of Array.isArray(op?.parameters) ? op.parameters : []) {
      const resolved = isObj(p) && typeof p.$ref === 'string' ? this.ref(p.$ref) : p;
      if (isObj(resolved) && resolved.name === name) return resolved;
    }
    return undefined;
  }

  private ref(ref: string): unknown {
    let node: unknown = this.raw.document;
    for (const t of ref.replace(/^#\//, '').split('/'))
      node = isObj(node) ? node[t.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    return node;
  }
}

interface ChainAt {
  /** The schema nodes that own keywords at the pointer (the node, its $ref target, allOf parts). */
  nodes: Obj[];
  /** Component names of those nodes. */
  components: string[];
  /** `Component.property` labels of every ancestor step, outermost first. */
  labels: string[];
}

function expand(
  node: unknown,
  schemas: Record<string, JSONSchema>,
  depth = 0,
): Array<{ node: Obj; component?: string }> {
  if (!isObj(node) || depth > 12) return [];
  const out: Array<{ node: Obj; component?: string }> = [{ node }];
  const m = typeof node.$ref === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(node.$ref) : null;
  if (m) {
    const name = unescapeToken(decodeURIComponent(m[1]));
    out.push(...expand(schemas[name], schemas, depth + 1).map((x) => ({ ...x, component: x.component ?? name })));
  }
  for (const k of ['allOf', 'anyOf', 'oneOf'] as const) {
    for (const part of Array.isArray(node[k]) ? node[k] : []) out.push(...expand(part, schemas, depth + 1));
  }
  return out;
}

function chainAt(root: JSONSchema, tokens: string[], schemas: Record<string, JSONSchema>): ChainAt {
  let level = expand(root, schemas);
  const labels: string[] = [];
  for (const raw of tokens) {
    const token = unescapeToken(raw);
    const next: Array<{ node: Obj; component?: string }> = [];
    for (const { node, component } of level) {
      const props = isObj(node.properties) ? node.properties : undefined;
      if (props && token in props) {
        if (component) labels.push(`${component}.${token}`);
        next.push(...expand(props[token], schemas));
      } else if (/^\d+$/.test(token) && node.items !== undefined) {
        next.push(...expand(node.items, schemas));
      }
    }
    level = next;
  }
  return {
    nodes: level.map((x) => x.node),
    components: [...new Set(level.flatMap((x) => (x.component ? [x.component] : [])))],
    labels,
  };
}
