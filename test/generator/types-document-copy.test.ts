/**
 * The types emitter hands openapi-typescript a changed view of the document (normalized
 * operationIds, JSON `content` parameters typed by their schema) while the other emitters read
 * the same document at the same time: the view must copy what it changes and leave the
 * document as it was.
 */
import { describe, expect, test } from 'vitest';
import { withNormalizedOperationIds } from '../../generator/plugins/types/emit.js';
import type { ApiModel } from '../../generator/ir/model.js';

const jsonParam = (name: string, where: string) => ({
  name,
  in: where,
  content: { 'application/json': { schema: { type: 'object', properties: { a: { type: 'string' } } } } },
});

function document() {
  return {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {
      '/things': {
        parameters: [jsonParam('pathLevel', 'query')],
        get: {
          operationId: 'list-things',
          parameters: [jsonParam('filter', 'query'), { $ref: '#/components/parameters/shared' }],
          responses: { '200': { description: 'ok' } },
        },
      },
      '/other': { $ref: '#/components/pathItems/other' },
    },
    components: {
      parameters: { shared: jsonParam('shared', 'header') },
      pathItems: { other: { get: { responses: { '200': { description: 'ok' } } } } },
    },
  };
}

describe('withNormalizedOperationIds', () => {
  test('copies what it changes and leaves the caller document untouched', () => {
    const original = document();
    const before = structuredClone(original);
    const model = {
      operations: [
        { id: 'listThings', path: '/things', method: 'get' },
        { id: 'getOther', path: '/other', method: 'get' },
      ],
    } as unknown as ApiModel;
    const view = withNormalizedOperationIds(original, model) as any;
    expect(original).toEqual(before);
    expect(view.paths['/things'].get.operationId).toBe('listThings');
    expect(view.paths['/other'].get.operationId).toBe('getOther');
    expect(view.paths['/things'].parameters[0]).toEqual({
      name: 'pathLevel',
      in: 'query',
      schema: { type: 'object', properties: { a: { type: 'string' } } },
    });
    expect(view.paths['/things'].get.parameters[0].content).toBeUndefined();
    expect(view.paths['/things'].get.parameters[0].schema).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
    });
    expect(view.components.parameters.shared.schema).toBeDefined();
    // What did not change is shared, not copied.
    expect(view.components.pathItems).toBe(original.components.pathItems);
    expect(view.info).toBe(original.info);
  });
});
