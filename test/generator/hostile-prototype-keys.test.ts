/**
 * Schema and property names like Object.prototype methods through openapi-typescript: its resolver
 * throws on them, so it is handed placeholders (generator/plugins/types/prototype-keys.ts) and the
 * printed types get the names back, references and discriminator mappings included.
 */
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { maskPrototypeKeys } from '../../generator/plugins/types/prototype-keys.js';

const document = () => ({
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {},
  components: {
    schemas: {
      valueOf: {
        type: 'object',
        required: ['hasOwnProperty'],
        properties: { hasOwnProperty: { type: 'string', enum: ['isPrototypeOf', 'x'] }, kind: { type: 'string' } },
      },
      toLocaleString: { type: 'object', properties: { kind: { type: 'string' } } },
      Either: {
        oneOf: [{ $ref: '#/components/schemas/valueOf' }, { $ref: '#/components/schemas/toLocaleString' }],
        discriminator: {
          propertyName: 'kind',
          mapping: { a: '#/components/schemas/valueOf', b: '#/components/schemas/toLocaleString' },
        },
      },
    },
  },
});

describe('names openapi-typescript cannot read as keys', () => {
  it('are its failure when given as they are (why the placeholders exist)', async () => {
    await expect(openapiTS(document() as never, { silent: true })).rejects.toThrow();
  });

  it('come back in the types, with references, required and enum values intact', async () => {
    const masked = maskPrototypeKeys(document());
    const types = masked.unmask(astToString(await openapiTS(masked.document as never, { silent: true })));
    expect(types).not.toMatch(/cbpProtoKey/);
    expect(types).toMatch(/valueOf: \{\s+\/\*\* @enum \{string\} \*\/\s+hasOwnProperty: "isPrototypeOf" \| "x";/);
    expect(types).toContain('Either: components["schemas"]["valueOf"] | components["schemas"]["toLocaleString"];');
  });

  it('leave a document without them untouched, and never clash with the document text', () => {
    const plain = { openapi: '3.1.0', info: { title: 'cbpProtoKey0', version: '1' } };
    expect(maskPrototypeKeys(plain).document).toBe(plain);
    const both = { ...document(), info: { title: 'cbpProtoKey0', version: '1' } };
    const masked = maskPrototypeKeys(both);
    expect(JSON.stringify(masked.document)).toContain('cbpProtoKeyX0');
    expect(masked.unmask('cbpProtoKey0 cbpProtoKeyX0')).toBe('cbpProtoKey0 hasOwnProperty');
  });
});
