/**
 * One rule vocabulary: every rule and assumption id a verdict can cite, with the seed words (or
 * the assumption) it rests on. `cbp rules` prints it; a failure's `rule:` is always one of these
 * ids or an overlay rule of spec/.
 */
import type { CheckRule } from '../../engine/check.js';
import { describeProvenance, SERVICE_DESCRIPTION } from '../../engine/provenance.js';
import { checks } from '../api/checks/index.js';
import type { ConformanceCheck } from '../api/context.js';
import type { ApiModel } from '../../../generator/ir/model.js';
import { eventRules } from './event-rules.js';
import type { SpecProvenance } from './spec-provenance.js';
import { specRules } from './spec-rules.js';

/** The kinds of rule, in the order `cbp rules` and docs/reference/rules.md list them. */
export const RULE_KINDS = [
  'overlay rule',
  'decision branch',
  'schema keyword rule',
  'event rule',
  'check rule',
  'assumption',
] as const;

/** A kind's heading where rules are listed by kind: "decision branches", "assumptions". */
export const ruleKindPlural = (kind: (typeof RULE_KINDS)[number]): string =>
  kind.endsWith('h') ? `${kind}es` : `${kind}s`;

export interface VocabularyEntry {
  id: string;
  kind: (typeof RULE_KINDS)[number];
  title: string;
  source: string;
}

/** `registry`: the API suite's checks (checks/index.ts) unless a test passes its own. */
export function ruleVocabulary(
  model: ApiModel,
  spec: SpecProvenance,
  registry: readonly ConformanceCheck[] = checks,
): VocabularyEntry[] {
  const out: VocabularyEntry[] = model.rules.map((r) => ({
    id: r.id,
    kind: 'overlay rule',
    title: r.title,
    source: describeProvenance(spec.rule(r.id, r.source)),
  }));
  const known = new Set(out.map((e) => e.id));
  for (const r of specRules(model).filter((x) => !known.has(x.id)))
    out.push({ id: r.id, kind: r.kind, title: r.title, source: `${SERVICE_DESCRIPTION}, §${r.source}` });
  for (const [id, r] of Object.entries(eventRules))
    out.push({ id, kind: 'event rule', title: r.title, source: describeProvenance(r.provenance) });
  // The rule ids the checks cite that are neither overlay nor event rules, declared by each check.
  for (const [id, r] of checkRules(registry))
    out.push({ id, kind: 'check rule', title: r.title, source: describeProvenance(r.provenance) });
  for (const a of spec.assumptions())
    out.push({ id: a.id, kind: 'assumption', title: a.text, source: 'spec/ (x-cbp-assumptions)' });
  return out;
}

/** Each check's declared rules, in registry order; an id two checks declare is listed once. */
function checkRules(registry: readonly ConformanceCheck[]): [string, CheckRule][] {
  const seen = new Map<string, CheckRule>();
  for (const c of registry) for (const [id, r] of Object.entries(c.rules ?? {})) if (!seen.has(id)) seen.set(id, r);
  return [...seen];
}
