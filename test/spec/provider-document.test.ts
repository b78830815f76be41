import { describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { applyOverlay } from '../../generator/load/apply-overlay.js';
import { openapiPath, overlayPath, readYaml } from './spec-files.js';

/**
 * The provider's published document will not share our component names or structure. Simulate one:
 * every $ref inlined and no components.schemas left. The overlay must still land on the same operations.
 */
describe('the rules overlay on a document structured differently from ours', () => {
  it('lands every rule on the same operations of a fully dereferenced copy', async () => {
    const inlined = (await SwaggerParser.dereference(structuredClone(readYaml(openapiPath)))) as any;
    delete inlined.components.schemas;
    const overlaid = applyOverlay(inlined, readYaml(overlayPath), { file: 'rules.overlay.yaml' }).document as any;
    const ruleIds = (op: any) => (op['x-cbp-rules'] ?? []).map((r: any) => r.id);
    expect(ruleIds(overlaid.paths['/v3/customers/{customer_id}/payments'].post)).toContain('payment.recipient-sum');
    expect(ruleIds(overlaid.paths['/v1/customers/{customer_id}/sessions'].post)).toContain(
      'session.client-reference-unique',
    );
    expect(ruleIds(overlaid.webhooks.paymentStatus.post)).toEqual(['webhook.reconciliation-key']);
  });
});
