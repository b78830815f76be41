/** One rule vocabulary: every id a verdict can cite is explained by `cbp rules`, with its source. */
import { describe, expect, test } from 'vitest';
import { rulesCommand } from '../../cli/commands/rules.js';
import { loadSuiteSpec } from '../../conformance/suites/api/spec.js';
import { assumptionMap } from '../../conformance/suites/verdicts/assumption-map.js';
import { eventRules } from '../../conformance/suites/verdicts/event-rules.js';
import { ruleVocabulary } from '../../conformance/suites/verdicts/vocabulary.js';

describe('the rule vocabulary', async () => {
  const { model, provenance: spec } = await loadSuiteSpec();
  const ids = new Set(ruleVocabulary(model, spec).map((e) => e.id));

  test('lists every overlay rule and every event rule', () => {
    for (const r of model.rules) expect(ids, r.id).toContain(r.id);
    for (const id of Object.keys(eventRules)) expect(ids, id).toContain(id);
  });

  test('explains every assumption id the grading uses (all declared in spec/)', () => {
    const used = [
      ...Object.values(assumptionMap.statuses).flat(),
      'A-SAMPLE-PAYLOADS',
      'A-TENANT-ISOLATION',
      ...Object.values(eventRules).flatMap((r) => ('ids' in r.provenance ? (r.provenance.ids ?? []) : [])),
    ];
    for (const id of used) expect(ids, id).toContain(id);
  });

  test('`cbp rules` prints each id with its seed source', async () => {
    const out: string[] = [];
    expect(
      await rulesCommand.run({ json: false }, { out: (t) => out.push(t), err: () => undefined, cwd: process.cwd() }),
    ).toBe(0);
    const text = out.join('\n');
    expect(text).toContain(
      "payment.recipient-active\n    Every recipient exists and is active\n    the provider's service description, §Create payment (v3), rule 2",
    );
    expect(text).toMatch(
      /events\.nothing-after-cancelled\n.*\n {4}the provider's service description, §States and transitions, row 7 "No further webhooks follow"/,
    );
    // Declared in spec/ (x-cbp-assumptions), so no longer a provisional id of the runner's fallback map.
    expect(text).toMatch(/A-CODE-CASE\n.*\n {4}spec\/ \(x-cbp-assumptions\)/);
  });
});
