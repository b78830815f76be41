import { describe, expect, it } from 'vitest';
import { compileRoutes } from 'cross-border-payments-runtime/server/route-table.js';

describe('compileRoutes', () => {
  const table = compileRoutes([
    { method: 'get', path: '/payments/{payment_id}', value: 'byId' },
    { method: 'get', path: '/payments/pending', value: 'pending' },
    { method: 'post', path: '/payments', value: 'create' },
    { method: 'get', path: '/files/{name}.json', value: 'json' },
    { method: 'get', path: '/files/{name}', value: 'file' },
    { method: 'get', path: '/a/{x}/c', value: 'axc' },
    { method: 'get', path: '/a/b/d', value: 'abd' },
  ]);

  it('prefers static segments whatever the declaration order', () => {
    expect(table.match('GET', '/payments/pending')).toMatchObject({ kind: 'found', value: 'pending', params: {} });
    expect(table.match('GET', '/payments/p-1')).toMatchObject({ kind: 'found', value: 'byId', params: { payment_id: 'p-1' } });
  });

  it('backtracks from a static segment that leads nowhere to a parameter', () => {
    expect(table.match('GET', '/a/b/c')).toMatchObject({ kind: 'found', value: 'axc', params: { x: 'b' } });
  });

  it('whole-segment parameters before mixed ones; percent-decoding per segment', () => {
    expect(table.match('GET', '/files/a%2Fb')).toMatchObject({ kind: 'found', value: 'file', params: { name: 'a/b' }, rawParams: { name: 'a%2Fb' } });
    expect(table.match('GET', '/files/%E0%A4%A')).toEqual({ kind: 'not-found' });
  });

  it('names parameters per route where routes share a parameter segment', () => {
    const shared = compileRoutes([
      { method: 'get', path: '/c/{customer_id}/payments', value: 'payments' },
      { method: 'get', path: '/c/{cid}/sessions/{sid}', value: 'session' },
      { method: 'post', path: '/c/{cid}/sessions/{sid}', value: 'post' },
      { method: 'post', path: '/c/{id}/sessions/{s}', value: 'same route again: the first one wins' },
    ]);
    expect(shared.match('GET', '/c/c%201/payments')).toMatchObject({ kind: 'found', value: 'payments', params: { customer_id: 'c 1' } });
    expect(shared.match('GET', '/c/c-1/sessions/s-1')).toMatchObject({ kind: 'found', value: 'session', params: { cid: 'c-1', sid: 's-1' } });
    expect(shared.match('POST', '/c/c-1/sessions/s-1')).toMatchObject({ kind: 'found', value: 'post', params: { cid: 'c-1', sid: 's-1' } });
  });

  it('405 lists the allowed methods; 404 for unknown paths and trailing slashes', () => {
    expect(table.match('DELETE', '/payments')).toEqual({ kind: 'method-not-allowed', allow: ['POST'] });
    expect(table.match('GET', '/payments/')).toEqual({ kind: 'not-found' });
    expect(table.match('GET', '/nope')).toEqual({ kind: 'not-found' });
  });
});
