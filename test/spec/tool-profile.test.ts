import { describe, expect, it } from 'vitest';
import { deriveToolProfile } from '../../generator/tool-profile/derive.js';
import { paymentsPlugin } from '../../kits/payments/plugin.js';
import { openapiPath, readYaml } from './spec-files.js';

const doc = readYaml(openapiPath);
// The success codes the payments kit declares for its service, as the CLI passes them.
const profile = deriveToolProfile(doc, { successStatus: paymentsPlugin.toolProfile?.successStatus }) as any;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const ops = (d: any) =>
  Object.values(d.paths as Record<string, any>).flatMap((item) => METHODS.filter((m) => item[m]).map((m) => item[m]));

describe('the tool profile (explicit codes for tools that cannot read ranges)', () => {
  it('has no status range left, and the normative document keeps its ranges', () => {
    for (const op of ops(profile))
      for (const code of Object.keys(op.responses)) expect(code, op.operationId).toMatch(/^\d{3}$/);
    expect(Object.keys(doc.paths['/v3/customers/{customer_id}/payments'].post.responses)).toContain('2XX');
  });

  it('answers with the sandbox success codes and tags each expansion with its assumption', () => {
    const payment = profile.paths['/v3/customers/{customer_id}/payments'].post.responses;
    expect(Object.keys(payment)).toEqual(['201', '400', '401', '403', '404', '409', '422', '429', '500', '502', '503']);
    expect(payment['201']['x-assumption'].id).toBe('A-SUCCESS-STATUS');
    expect(payment['422']['x-assumption'].id).toBe('A-ERROR-STATUS');
    expect(Object.keys(profile.paths['/auth/oauth/v2/token'].post.responses)[0]).toBe('200');
  });

  it('gives every parameter an example under each example name of its operation', () => {
    const create = profile.paths['/v3/customers/{customer_id}/payments'].post;
    const customer = create.parameters.find((p: any) => p.name === 'customer_id');
    expect(customer.example).toBe('cust-a-1');
    expect(Object.keys(customer.examples)).toEqual(
      expect.arrayContaining(['same-currency', 'conversion', 'third-party']),
    );
    expect(profile.paths['/v3/customers/{customer_id}/payments'].parameters).toBeUndefined();
  });

  it('puts the token form example on the form fields and leaves the input untouched', () => {
    const form = profile.paths['/auth/oauth/v2/token'].post.requestBody.content['application/x-www-form-urlencoded'];
    expect(form.schema.properties.grant_type.example).toBe('client_credentials');
    expect(
      doc.paths['/auth/oauth/v2/token'].post.requestBody.content['application/x-www-form-urlencoded'].examples,
    ).toBeDefined();
  });

  it(
    'pairs each request example with a success response ' + 'example of its name (Specmatic builds one test per name)',
    () => {
      const va = profile.paths['/v1/customers/{customer_id}/virtual-accounts'].post;
      const requestNames = Object.keys(va.requestBody.content['application/json'].examples);
      expect(requestNames).toEqual(['gbp-account', 'eur-account']);
      expect(Object.keys(va.responses['200'].content['application/json'].examples)).toEqual(requestNames);
      const lookup =
        profile.paths['/v1/customers/{customer_id}/sessions'].get.responses['200'].content['application/json'].examples;
      expect(Object.keys(lookup)).toHaveLength(4); // no request body: the response examples stay as named
    },
  );

  it(
    'says additionalProperties: true where JSON Schema ' + 'leaves an object open, and merges allOf into one object',
    () => {
      expect(profile.components.schemas.ThirdParty.additionalProperties).toBe(true);
      expect(profile.components.schemas.Amount.additionalProperties).toBe(true);
      const create = profile.components.schemas.ThirdPartyCreateRequest;
      expect(create.allOf).toBeUndefined();
      expect(create).toMatchObject({ type: 'object', required: ['client_customer_ref'], additionalProperties: true });
      // the normative document stays as written
      expect(doc.components.schemas.ThirdParty.additionalProperties).toBeUndefined();
    },
  );
});
