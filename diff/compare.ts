/**
 * The walk: match the two sides (operations and webhooks by key, parameters by location and
 * name, bodies by media type, responses by status, schemas by property, item and variant), hand
 * every matched pair to the rules registered for it (rules/index.ts), and merge what they report:
 * a change in a shared component is one change listing every operation it reaches.
 */
import { child, isObj, operationsOf, parameterSchema, resolve, schemaView, type IndexedOperation } from './document.js';
import { diffRules } from './rules/index.js';
import {
  SEVERITIES,
  type Change,
  type ContractSide,
  type DiffRule,
  type Direction,
  type Finding,
  type Obj,
  type RuleContext,
  type Severity,
  type Sides,
  type Subject,
} from './types.js';

type RuleOn<K extends DiffRule['on']> = Extract<DiffRule, { on: K }>;

export interface CompareOptions {
  /** The rules to run (default: every registered rule). */
  rules?: readonly DiffRule[];
}

export function compareContracts(oldSide: ContractSide, newSide: ContractSide, options: CompareOptions = {}): Change[] {
  const rules = options.rules ?? diffRules;
  const on = <K extends DiffRule['on']>(kind: K) => rules.filter((r): r is RuleOn<K> => r.on === kind);
  const sides: Sides = { old: oldSide, new: newSide };
  const ctx: RuleContext = {
    sides,
    resolve: (side, value, pointer) => resolve(sides[side].document, value, pointer),
  };
  const out = new ChangeSet();
  const oldOps = operationsOf(oldSide.document);
  const newOps = operationsOf(newSide.document);
  const schemaRules = on('schema');
  const walker = new SchemaWalker(oldSide.document, newSide.document, schemaRules, ctx);

  for (const rule of on('contract')) out.add(rule.id, rule.check(sides, ctx), []);
  for (const [key, o] of oldOps) {
    const n = newOps.get(key);
    if (n === undefined) continue;
    const subjects = [n.subject];
    const kind = o.subject.kind;
    const pair = { key, old: o.operation, new: n.operation, oldPointer: o.pointer, newPointer: n.pointer, kind };
    for (const rule of on('operation')) out.add(rule.id, rule.check(pair, ctx), subjects);
    // A webhook's request is the provider's, read by the partner; its responses are the partner's answer.
    const bodyDirection: Direction = kind === 'webhook' ? 'response' : 'request';
    const answerDirection: Direction = kind === 'webhook' ? 'request' : 'response';
    comparePairs(o, n, bodyDirection, answerDirection, walker, on('parameter'), ctx, (id, f) =>
      out.add(id, f, subjects),
    );
  }
  if (oldSide.table !== undefined && newSide.table !== undefined) {
    // The state table reaches the partner through the webhooks that carry a status.
    const webhooks = [...newOps.values()].filter((x) => x.subject.kind === 'webhook').map((x) => x.subject);
    for (const rule of on('state-table'))
      out.add(
        rule.id,
        rule.check(oldSide.table, newSide.table).map((f) => ({ ...f, in: 'state-table' as const })),
        webhooks,
      );
  }
  return out.list();
}

function comparePairs(
  o: IndexedOperation,
  n: IndexedOperation,
  bodyDirection: Direction,
  answerDirection: Direction,
  walker: SchemaWalker,
  parameterRules: readonly RuleOn<'parameter'>[],
  ctx: RuleContext,
  report: (rule: string, findings: Finding[]) => void,
): void {
  for (const [key, op] of o.parameters) {
    const np = n.parameters.get(key);
    if (np === undefined) continue;
    const pair = {
      old: op.parameter,
      new: np.parameter,
      oldPointer: op.pointer,
      newPointer: np.pointer,
      direction: bodyDirection,
    };
    for (const rule of parameterRules) report(rule.id, rule.check(pair, ctx));
    const os = parameterSchema(op.parameter, op.pointer);
    const ns = parameterSchema(np.parameter, np.pointer);
    if (os && ns) walker.compare(os.schema, os.pointer, ns.schema, ns.pointer, bodyDirection, report);
  }
  const ob = ctx.resolve('old', o.operation.requestBody, child(o.pointer, 'requestBody'));
  const nb = ctx.resolve('new', n.operation.requestBody, child(n.pointer, 'requestBody'));
  compareContent(ob, nb, bodyDirection, walker, report);
  const oResponses = o.operation.responses;
  const nResponses = n.operation.responses;
  if (!isObj(oResponses) || !isObj(nResponses)) return;
  for (const [status, raw] of Object.entries(oResponses)) {
    if (!(status in nResponses)) continue;
    const or = ctx.resolve('old', raw, child(o.pointer, 'responses', status));
    const nr = ctx.resolve('new', nResponses[status], child(n.pointer, 'responses', status));
    compareContent(or, nr, answerDirection, walker, report);
    if (isObj(or.value.headers) && isObj(nr.value.headers))
      for (const [name, h] of Object.entries(or.value.headers)) {
        const nh = nr.value.headers[name];
        if (nh === undefined) continue;
        const oh = ctx.resolve('old', h, child(or.pointer, 'headers', name));
        const nhr = ctx.resolve('new', nh, child(nr.pointer, 'headers', name));
        const os = parameterSchema(oh.value, oh.pointer);
        const ns = parameterSchema(nhr.value, nhr.pointer);
        if (os && ns) walker.compare(os.schema, os.pointer, ns.schema, ns.pointer, answerDirection, report);
      }
  }
}

function compareContent(
  o: { value: Obj; pointer: string },
  n: { value: Obj; pointer: string },
  direction: Direction,
  walker: SchemaWalker,
  report: (rule: string, findings: Finding[]) => void,
): void {
  const oc = o.value.content;
  const nc = n.value.content;
  if (!isObj(oc) || !isObj(nc)) return;
  for (const [type, media] of Object.entries(oc)) {
    const nm = nc[type];
    if (!isObj(media) || !isObj(nm) || media.schema === undefined || nm.schema === undefined) continue;
    walker.compare(
      media.schema,
      child(o.pointer, 'content', type, 'schema'),
      nm.schema,
      child(n.pointer, 'content', type, 'schema'),
      direction,
      report,
    );
  }
}

type Recorded = Array<{ rule: string; findings: Finding[] }>;

/** Compares two schemas and what they contain. A pair of resolved schemas is compared once per
 * direction: a component every operation shares costs one walk, and its changes are replayed for
 * each operation that reaches it (a cycle, met again while it is being compared, adds nothing). */
class SchemaWalker {
  private readonly memo = new WeakMap<object, WeakMap<object, Map<Direction, Recorded>>>();

  constructor(
    private readonly oldDoc: Obj,
    private readonly newDoc: Obj,
    private readonly rules: readonly RuleOn<'schema'>[],
    private readonly ctx: RuleContext,
  ) {}

  compare(
    oldValue: unknown,
    oldPointer: string,
    newValue: unknown,
    newPointer: string,
    direction: Direction,
    report: (rule: string, findings: Finding[]) => void,
  ): void {
    for (const r of this.walk(oldValue, oldPointer, newValue, newPointer, direction)) report(r.rule, r.findings);
  }

  private walk(oldValue: unknown, oldPointer: string, newValue: unknown, newPointer: string, direction: Direction) {
    const o = resolve(this.oldDoc, oldValue, oldPointer);
    const n = resolve(this.newDoc, newValue, newPointer);
    let byNew = this.memo.get(o.value);
    if (!byNew) this.memo.set(o.value, (byNew = new WeakMap()));
    let byDirection = byNew.get(n.value);
    if (!byDirection) byNew.set(n.value, (byDirection = new Map()));
    const hit = byDirection.get(direction);
    if (hit) return hit;
    const recorded: Recorded = [];
    byDirection.set(direction, recorded);
    const ov = schemaView(this.oldDoc, o.value, o.pointer);
    const nv = schemaView(this.newDoc, n.value, n.pointer);
    const pair = { old: ov, new: nv, direction };
    for (const rule of this.rules) {
      const findings = rule.check(pair, this.ctx);
      if (findings.length > 0) recorded.push({ rule: rule.id, findings });
    }
    const into = (a: unknown, ap: string, b: unknown, bp: string) => {
      for (const r of this.walk(a, ap, b, bp, direction)) recorded.push(r);
    };
    for (const [name, op] of ov.properties) {
      const np = nv.properties.get(name);
      if (np) into(op.schema, op.pointer, np.schema, np.pointer);
    }
    for (const keyword of ['items', 'additionalProperties', 'not'] as const) {
      const a = ov.get(keyword);
      const b = nv.get(keyword);
      if (isObj(a) && isObj(b)) into(a, ov.at(keyword), b, nv.at(keyword));
    }
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const a = ov.get(keyword);
      const b = nv.get(keyword);
      if (!Array.isArray(a) || !Array.isArray(b)) continue;
      for (const [i, j] of matchVariants(a, b)) into(a[i], child(ov.at(keyword), i), b[j], child(nv.at(keyword), j));
    }
    return recorded;
  }
}

/** Variants matched by what identifies them: the component they name (directly or as the first
 * `allOf` member, as GitHub's rule variants are), else the single value of a `const`/`enum`
 * property (a tag), else their position among the variants left. */
export function matchVariants(a: readonly unknown[], b: readonly unknown[]): Array<[number, number]> {
  const identity = (v: unknown): string | undefined => {
    if (!isObj(v)) return undefined;
    if (typeof v.$ref === 'string') return `ref:${v.$ref.split('/').pop()}`;
    const refs = Array.isArray(v.allOf)
      ? v.allOf.flatMap((m) => (isObj(m) && typeof m.$ref === 'string' ? [m.$ref.split('/').pop()] : []))
      : [];
    if (refs.length > 0) return `allOf:${refs.join('+')}`;
    if (isObj(v.properties))
      for (const [name, p] of Object.entries(v.properties)) {
        if (!isObj(p)) continue;
        const tag = p.const ?? (Array.isArray(p.enum) && p.enum.length === 1 ? p.enum[0] : undefined);
        if (tag !== undefined) return `tag:${name}=${JSON.stringify(tag)}`;
      }
    return undefined;
  };
  const pairs: Array<[number, number]> = [];
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  a.forEach((v, i) => {
    const id = identity(v);
    if (id === undefined) return;
    const j = b.findIndex((w, k) => !usedB.has(k) && identity(w) === id);
    if (j < 0) return;
    pairs.push([i, j]);
    usedA.add(i);
    usedB.add(j);
  });
  const restA = a.map((_, i) => i).filter((i) => !usedA.has(i) && identity(a[i]) === undefined);
  const restB = b.map((_, j) => j).filter((j) => !usedB.has(j) && identity(b[j]) === undefined);
  for (let k = 0; k < Math.min(restA.length, restB.length); k++) pairs.push([restA[k]!, restB[k]!]);
  return pairs;
}

/** Findings merged by rule and place, keeping every subject they reach. */
class ChangeSet {
  private readonly byKey = new Map<string, Change>();

  add(rule: string, findings: readonly Finding[], subjects: readonly Subject[]): void {
    for (const f of findings) {
      const key = `${rule}\u0000${f.severity}\u0000${f.in ?? ''}\u0000${f.old ?? ''}\u0000${f.new ?? ''}\u0000${f.message}`;
      const reach = f.subjects ?? subjects;
      const hit = this.byKey.get(key);
      if (hit) {
        for (const s of reach)
          if (!hit.subjects.some((x) => x.key === s.key && x.kind === s.kind)) hit.subjects.push(s);
        continue;
      }
      const { subjects: _drop, ...rest } = f;
      this.byKey.set(key, { rule, ...rest, subjects: [...reach] });
    }
  }

  list(): Change[] {
    const rank = (s: Severity) => SEVERITIES.indexOf(s);
    return [...this.byKey.values()].sort(
      (a, b) =>
        rank(a.severity) - rank(b.severity) ||
        a.rule.localeCompare(b.rule) ||
        (a.old ?? a.new ?? '').localeCompare(b.old ?? b.new ?? ''),
    );
  }
}
