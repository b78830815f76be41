import { describe, expect, test } from 'vitest';
import { applyOverlay } from '../../generator/load/apply-overlay.js';
import { CbpError } from '../../lib/errors.js';

const doc = () => ({
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  paths: {
    '/v1/payments': {
      post: { operationId: 'createPayment', tags: ['payments'], responses: { '201': { description: 'created' } } },
      get: { operationId: 'listPayments', 'x-internal': true, responses: { '200': { description: 'ok' } } },
    },
    '/v1/customers/{customer_id}': { get: { operationId: 'getCustomer', responses: { '200': { description: 'ok' } } } },
  },
});

const overlay = (actions: unknown[]) => ({ overlay: '1.0.0', info: { title: 'rules', version: '1' }, actions });

function errorOf(fn: () => unknown): CbpError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(CbpError);
    return err as CbpError;
  }
  throw new Error('expected a CbpError');
}

describe('applyOverlay (OpenAPI Overlay 1.0)', () => {
  test('update merges objects recursively and appends to arrays', () => {
    const { document } = applyOverlay(
      doc(),
      overlay([
        {
          target: "$.paths['/v1/payments'].post",
          update: { summary: 'Create', tags: ['v3'], responses: { '400': { description: 'bad' } } },
        },
      ]),
    );
    const post = (document as ReturnType<typeof doc>).paths['/v1/payments'].post as Record<string, unknown>;
    expect(post.summary).toBe('Create');
    expect(post.tags).toEqual(['payments', 'v3']);
    expect(Object.keys(post.responses as object)).toEqual(['201', '400']);
  });

  test('a target matching several nodes updates each of them', () => {
    const { document } = applyOverlay(doc(), overlay([{ target: '$.paths.*.get', update: { 'x-checked': true } }]));
    const paths = (document as ReturnType<typeof doc>).paths;
    expect((paths['/v1/payments'].get as Record<string, unknown>)['x-checked']).toBe(true);
    expect((paths['/v1/customers/{customer_id}'].get as Record<string, unknown>)['x-checked']).toBe(true);
  });

  test('filter expressions select by content', () => {
    const { document } = applyOverlay(
      doc(),
      overlay([{ target: "$.paths.*[?(@['x-internal'] == true)]", remove: true }]),
    );
    expect((document as ReturnType<typeof doc>).paths['/v1/payments']).not.toHaveProperty('get');
  });

  test('remove deletes object members and array elements', () => {
    const { document } = applyOverlay(
      doc(),
      overlay([
        { target: "$.paths['/v1/customers/{customer_id}']", remove: true },
        { target: "$.paths['/v1/payments'].post.tags[0]", remove: true },
      ]),
    );
    const d = document as ReturnType<typeof doc>;
    expect(Object.keys(d.paths)).toEqual(['/v1/payments']);
    expect(d.paths['/v1/payments'].post.tags).toEqual([]);
  });

  test('an update on an array target appends one entry; entries with an id replace by id', () => {
    const base = { ...doc(), 'x-cbp-rules': [{ id: 'a', title: 'old' }] };
    const o = overlay([
      { target: "$['x-cbp-rules']", update: { id: 'a', title: 'new' } },
      { target: "$['x-cbp-rules']", update: { id: 'b', title: 'B' } },
    ]);
    const { document } = applyOverlay(base, o);
    expect((document as typeof base)['x-cbp-rules']).toEqual([
      { id: 'a', title: 'new' },
      { id: 'b', title: 'B' },
    ]);
  });

  test('applying the same overlay twice gives the same document', () => {
    const o = overlay([
      {
        target: "$.paths['/v1/payments'].post",
        update: { 'x-cbp-rules': [{ id: 'r1', title: 'sum', params: { at: '/amount' } }], tags: ['v3'] },
      },
      { target: "$.paths['/v1/payments'].post['x-cbp-rules']", update: { id: 'r2', title: 'two' } },
      { target: '$.info', update: { 'x-notes': ['one'] } },
    ]);
    const once = applyOverlay(doc(), o).document;
    const twice = applyOverlay(once, o).document;
    expect(twice).toEqual(once);
    expect(JSON.stringify(twice)).toBe(JSON.stringify(once));
  });

  test('is pure: the input document is not modified', () => {
    const input = doc();
    const before = JSON.stringify(input);
    applyOverlay(input, overlay([{ target: '$.paths', remove: true }]));
    expect(JSON.stringify(input)).toBe(before);
  });

  test('__proto__ keys in an update stay plain data', () => {
    const update = JSON.parse('{"__proto__": {"polluted": true}, "x-ok": 1}');
    const { document } = applyOverlay(doc(), overlay([{ target: '$.info', update }]));
    const info = (document as ReturnType<typeof doc>).info as Record<string, unknown>;
    expect(Object.getPrototypeOf(info)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(info['x-ok']).toBe(1);
  });

  test('a target that matches nothing is E_OVERLAY_TARGET with the action pointer', () => {
    const o = overlay([
      { target: '$.info', update: { summary: 's' } },
      { target: "$.paths['/v9/nothing'].post", update: { summary: 'x' } },
    ]);
    const err = errorOf(() => applyOverlay(doc(), o, { file: 'spec/rules.overlay.yaml' }));
    expect(err.code).toBe('E_OVERLAY_TARGET');
    expect(err.details.pointer).toBe('/actions/1/target');
    expect(err.format()).toContain('spec/rules.overlay.yaml#/actions/1/target');
  });

  test('onMissingTarget: warn turns that error into a warning and keeps going', () => {
    const o = overlay([
      { target: "$.paths['/v9/nothing']", update: { summary: 'x' } },
      { target: '$.info', update: { summary: 's' } },
    ]);
    const { document, warnings } = applyOverlay(doc(), o, { file: 'o.yaml', onMissingTarget: 'warn' });
    expect(warnings).toEqual([expect.stringContaining('o.yaml#/actions/0/target')]);
    expect((document as { info: { summary?: string } }).info.summary).toBe('s');
  });

  test.each([
    [{ info: { title: 't', version: '1' }, actions: [{ target: '$', update: {} }] }, '/overlay'],
    [{ overlay: '2.0.0', info: { title: 't', version: '1' }, actions: [{ target: '$', update: {} }] }, '/overlay'],
    [{ overlay: '1.0.0', actions: [{ target: '$', update: {} }] }, '/info'],
    [{ overlay: '1.0.0', info: { title: 't', version: '1' }, actions: [] }, '/actions'],
    [{ overlay: '1.0.0', info: { title: 't', version: '1' }, actions: [{ update: {} }] }, '/actions/0/target'],
    [{ overlay: '1.0.0', info: { title: 't', version: '1' }, actions: [{ target: '$.info' }] }, '/actions/0'],
    [
      { overlay: '1.0.0', info: { title: 't', version: '1' }, actions: [{ target: '$.paths[?(', update: {} }] },
      '/actions/0/target',
    ],
    [
      { overlay: '1.0.0', info: { title: 't', version: '1' }, actions: [{ target: '$.info.title', update: { a: 1 } }] },
      '/actions/0/update',
    ],
    [
      { overlay: '1.0.0', info: { title: 't', version: '1' }, actions: [{ target: '$', remove: true }] },
      '/actions/0/target',
    ],
  ])('an invalid overlay is E_OVERLAY_INVALID at the right pointer (%#)', (bad, pointer) => {
    const err = errorOf(() => applyOverlay(doc(), bad));
    expect(err.code).toBe('E_OVERLAY_INVALID');
    expect(err.details.pointer).toBe(pointer);
  });
});
