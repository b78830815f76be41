import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JSONPath } from 'jsonpath-plus';
import { applyOverlay } from '../../generator/load/apply-overlay.js';
import { openapiPath, overlayPath, readYaml } from './spec-files.js';

const doc = readYaml(openapiPath);
const overlay = readYaml(overlayPath);
const rules = (overlay.actions as any[]).flatMap((a) => a.update?.['x-cbp-rules'] ?? []);
/** Rules written as plain JSON Schema in openapi.yaml (`if`/`then` tagged `x-cbp-rule`). */
const schemaRules = Object.entries(doc.components.schemas as Record<string, any>)
  .filter(([, s]) => typeof s['x-cbp-rule'] === 'object')
  .map(([name, s]) => ({ schema: name, ...s['x-cbp-rule'], condition: s.if, consequence: s.then }));

describe('spec/rules.overlay.yaml', () => {
  it('is an OpenAPI Overlay 1.0 document', () => {
    expect(overlay.overlay).toBe('1.0.0');
    expect(overlay.info.title).toBeTruthy();
    expect(Array.isArray(overlay.actions)).toBe(true);
  });

  const targets: Array<{ index: number; target: string }> = overlay.actions.map((a: any, index: number) => ({
    index,
    target: a.target,
  }));
  it.each(targets)('action $index targets something that exists: $target', ({ target }) => {
    const matches = JSONPath({ path: target, json: doc, wrap: true });
    expect(matches).toHaveLength(1);
  });

  it('targets operations by path and method only, so it applies to the provider document too', () => {
    for (const action of overlay.actions)
      expect(action.target).toMatch(/^\$\.(paths\['[^']+'\]\.(get|post|put)|webhooks\.\w+\.post)$/);
  });

  it('every rule has an id, a seed source, a state and an implementation', () => {
    const ids = rules.map((r: any) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of rules) {
      expect(r.id).toMatch(/^[a-z-]+\.[a-z.-]+$/);
      expect(r.source.length).toBeGreaterThan(5);
      expect(['stateless', 'stateful', 'procedure']).toContain(r.state);
      expect(r.keyword).toMatch(/^[a-z-]+$/);
      expect(r.params).toBeTypeOf('object');
    }
  });

  it('covers the rules the seed states (overlay and openapi.yaml together)', () => {
    // Constraints a schema keyword says carry its rule id as a tag (`x-cbp-rule: <id>`), not a rule object.
    const tags = [...readFileSync(openapiPath, 'utf8').matchAll(/x-cbp-rule: ([a-z.-]+)$/gm)].map((m) => ({
      id: m[1],
    }));
    const byId = Object.fromEntries([...rules, ...schemaRules, ...tags].map((r: any) => [r.id, r]));
    for (const id of [
      'payment.quote-required',
      'payment.quote-usable',
      'payment.recipient-details-non-empty',
      'payment.recipient-sum',
      'payment.third-party-fields',
      'payment.third-party-known',
      'payment.client-reference-unique',
      'session.client-reference-unique',
      'virtual-account.vban-country',
      'payment.confirm-recipient-after-failure',
      'session.lookup-decision',
      'payment.purpose-case',
      'payment.recipient-active',
    ])
      expect(byId[id], id).toBeDefined();
    expect(byId['session.client-reference-unique'].status).toBe('400');
    expect(byId['payment.client-reference-unique'].params.when).toEqual({
      pointer: '/is_third_party_payment',
      equals: true,
    });
    expect(byId['session.lookup-decision'].params.rules.map((r: any) => r.action)).toEqual([
      'create',
      'track-payment',
      'reuse',
      'replace',
    ]);
    expect(byId['payment.quote-usable'].state).toBe('stateful');
    expect(byId['payment.recipient-sum'].state).toBe('stateless');
  });

  it('keeps only what JSON Schema cannot say: the value-dependent required rules are if/then in openapi.yaml', () => {
    const inSchema = schemaRules.map((r) => r.id).sort();
    expect(inSchema).toEqual([
      'payment.third-party-fields',
      'virtual-account.vban-country',
      'webhook.payout-recipient-id',
    ]);
    for (const id of inSchema) expect(rules.map((r: any) => r.id)).not.toContain(id);
    for (const r of schemaRules) {
      expect(r.consequence.required.length, r.id).toBeGreaterThan(0);
      expect(Object.keys(r.condition.properties), r.id).toHaveLength(1);
      expect(r.source.length).toBeGreaterThan(5);
    }
    const vban = schemaRules.find((r) => r.id === 'virtual-account.vban-country')!;
    expect(vban.condition.properties.currency.enum).toEqual(['EUR', 'GBP']);
  });

  it('uniqueness of client_reference_id is not a rule of non-third-party payments', () => {
    const unique = rules.filter((r: any) => r.keyword === 'unique-client-reference');
    expect(unique.map((r: any) => r.params.scope).sort()).toEqual(['session', 'third-party-payment']);
  });

  it('applies to spec/openapi.yaml, and applying it twice gives the same document', () => {
    const once = applyOverlay(doc, overlay, { file: 'rules.overlay.yaml' }).document as any;
    const twice = applyOverlay(once, overlay, { file: 'rules.overlay.yaml' }).document;
    expect(twice).toEqual(once);
    expect(once.paths['/v3/customers/{customer_id}/payments'].post['x-cbp-rules']).toHaveLength(7);
    expect(doc.paths['/v3/customers/{customer_id}/payments'].post['x-cbp-rules']).toBeUndefined(); // input untouched
  });
});
