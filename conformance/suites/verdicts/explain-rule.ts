/**
 * `cbp rules <id>`: one rule explained for the user who read its id in a report: the seed's words
 * (or the assumption) it rests on, how the contract states it (the x-cbp-rules keyword, where it
 * applies, the status a break is answered with) and which checks judge it. Which checks judge a
 * rule comes from a real run (judged-by.ts, kept true by a test), never from a guess.
 */
import type { Provenance } from '../../engine/types.js';
import type { ApiModel } from '../../../generator/ir/model.js';
import { checks } from '../api/checks/index.js';
import type { ConformanceCheck } from '../api/context.js';
import { eventRules } from './event-rules.js';
import { JUDGED_BY } from './judged-by.js';
import type { SpecProvenance } from './spec-provenance.js';
import { ruleVocabulary, type VocabularyEntry } from './vocabulary.js';

export interface RuleExplanation {
  entry: VocabularyEntry;
  /** The seed's own words, when the rule's provenance quotes them. */
  quote?: string;
  /** The contract's statement of it: keyword and parameters, where, the status of a break. */
  keyword?: { keyword: string; params: Record<string, unknown>; target: string; in: string; status?: string };
  /** Check ids (and other commands) whose cases judge it. */
  judgedBy: string[];
}

/** An entry id with a placeholder (`schema.<keyword>`) matches every id of that shape. */
const matches = (pattern: string, id: string) =>
  pattern === id ||
  (pattern.includes('<') &&
    new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/<[^>]+>/g, '[^.]+')}$`).test(id));

export function explainRule(
  id: string,
  model: ApiModel,
  spec: SpecProvenance,
  registry: readonly ConformanceCheck[] = checks,
): RuleExplanation | undefined {
  const entries = ruleVocabulary(model, spec, registry);
  const entry = entries.find((e) => e.id === id) ?? entries.find((e) => matches(e.id, id));
  if (!entry) return undefined;
  const rule = model.rules.find((r) => r.id === id);
  const provenance: Provenance | undefined = rule
    ? spec.rule(rule.id, rule.source)
    : entry.kind === 'event rule'
      ? (eventRules as Readonly<Record<string, { provenance: Provenance }>>)[id]?.provenance
      : registry.flatMap((c) => Object.entries(c.rules ?? {})).find(([k]) => k === entry.id)?.[1].provenance;
  const quote = provenance && 'quote' in provenance ? provenance.quote : undefined;
  return {
    entry,
    ...(quote ? { quote } : {}),
    ...(rule
      ? {
          keyword: {
            keyword: rule.keyword,
            params: rule.params,
            target: rule.target,
            in: rule.in,
            ...(rule.status ? { status: rule.status } : {}),
          },
        }
      : {}),
    judgedBy: judgedBy(entry, id, registry, rule?.state === 'procedure'),
  };
}

function judgedBy(entry: VocabularyEntry, id: string, registry: readonly ConformanceCheck[], procedure: boolean) {
  const seen = JUDGED_BY[id] ?? [];
  const declaring = registry.filter((c) => Object.keys(c.rules ?? {}).includes(entry.id)).map((c) => c.id);
  const out = [...new Set([...seen, ...declaring])];
  if (entry.kind === 'event rule')
    out.push('lifecycle (the webhooks of a run)', 'cbp conformance events (a captured log)');
  if (procedure) out.push('cbp conformance consumer (a webhook receiver follows it; no API case can)');
  if (entry.kind === 'assumption')
    out.push('every check whose finding rests on it: a warning, a failure with --strict');
  return out;
}

/** The ids closest to `id` (edit distance on the whole id), best first. */
export function nearestRuleIds(id: string, ids: readonly string[], count = 3): string[] {
  return ids
    .map((x) => ({ x, d: distance(id.toLowerCase(), x.toLowerCase()) }))
    .sort((a, b) => a.d - b.d || a.x.localeCompare(b.x))
    .slice(0, count)
    .map((e) => e.x);
}

function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/** The explanation as printed by `cbp rules <id>`. */
export function explanationLines(e: RuleExplanation): string[] {
  const lines = [`${e.entry.id} (${e.entry.kind})`, `  ${e.entry.title}`, `  source: ${e.entry.source}`];
  if (e.quote) lines.push(`  the service description says: "${e.quote}"`);
  if (e.keyword) {
    const k = e.keyword;
    const params = Object.keys(k.params).length > 0 ? ` ${JSON.stringify(k.params)}` : '';
    lines.push(
      `  keyword: ${k.keyword}${params} on ${k.target} (${k.in})${k.status ? `, broken: answered ${k.status}` : ''}`,
    );
  }
  lines.push(`  judged by: ${e.judgedBy.length > 0 ? e.judgedBy.join(', ') : 'no check of this suite'}`);
  return lines;
}
