/**
 * Every rule id spec/ defines, wherever it is written: the overlay's `x-cbp-rules` (and the
 * `if`/`then` rules the generator lifts), the decision branches a procedure lists under
 * `params.rules` (the session lookup's four), and the constraints written as one schema keyword
 * tagged `x-cbp-rule: <id>` in openapi.yaml (the purpose case, the reference limits, non-empty
 * recipients). The coverage names them all, so no rule hides behind `schema.pattern`.
 */
import type { ApiModel } from '../../../generator/ir/model.js';

export interface SpecRule {
  id: string;
  kind: 'overlay rule' | 'decision branch' | 'schema keyword rule';
  title: string;
  source: string;
  /**
   * A procedure for the receiver of webhooks (`state: procedure`, `in: webhook`): what a caller
   * does with what it receives. No API case can exercise it (`cbp conformance consumer` does).
   */
  callerProcedure?: boolean;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

export function specRules(model: ApiModel): SpecRule[] {
  const out = new Map<string, SpecRule>();
  const add = (r: SpecRule) => {
    if (!out.has(r.id)) out.set(r.id, r);
  };
  for (const r of model.rules) {
    add({
      id: r.id,
      kind: 'overlay rule',
      title: r.title,
      source: r.source,
      ...(r.state === 'procedure' && r.in === 'webhook' ? { callerProcedure: true } : {}),
    });
    const branches = Array.isArray(r.params?.rules) ? r.params.rules : [];
    for (const b of branches) {
      if (isObj(b) && typeof b.id === 'string') {
        add({
          id: b.id,
          kind: 'decision branch',
          title: `${r.title}: when ${String(b.when ?? '')}, ${String(b.action ?? '')}`,
          source: `${r.source} (rule ${String(b.order ?? '?')})`,
        });
      }
    }
  }
  for (const [name, schema] of Object.entries(model.schemas)) walk(schema, name, undefined, add, 0);
  return [...out.values()];
}

/** Finds string `x-cbp-rule` tags in a schema and the schemas nested in it. */
function walk(node: unknown, at: string, seedOf: string | undefined, add: (r: SpecRule) => void, depth: number): void {
  if (depth > 12) return;
  if (Array.isArray(node)) {
    for (const [i, n] of node.entries()) walk(n, `${at}[${i}]`, seedOf, add, depth + 1);
    return;
  }
  if (!isObj(node)) return;
  const seed = typeof node['x-cbp-seed'] === 'string' ? node['x-cbp-seed'] : seedOf;
  const tag = node['x-cbp-rule'];
  if (typeof tag === 'string') {
    const description = typeof node.description === 'string' ? node.description.split('\n')[0].trim() : '';
    add({
      id: tag,
      kind: 'schema keyword rule',
      title: description || `the schema keywords of ${at}`,
      source: `${seed ?? 'spec/openapi.yaml'} (${at}, a schema keyword)`,
    });
  }
  for (const [k, v] of Object.entries(node))
    if (k !== 'examples' && k !== 'example' && !k.startsWith('x-')) walk(v, `${at}.${k}`, seed, add, depth + 1);
}
