import { describe, expect, it } from 'vitest';
import { compileRoutes, MAX_PATH_LENGTH } from 'cross-border-payments-runtime/server';

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
    expect(table.match('GET', '/payments/p-1')).toMatchObject({
      kind: 'found',
      value: 'byId',
      params: { payment_id: 'p-1' },
    });
  });

  it('backtracks from a static segment that leads nowhere to a parameter', () => {
    expect(table.match('GET', '/a/b/c')).toMatchObject({ kind: 'found', value: 'axc', params: { x: 'b' } });
  });

  it('whole-segment parameters before mixed ones; percent-decoding per segment', () => {
    expect(table.match('GET', '/files/a%2Fb')).toMatchObject({
      kind: 'found',
      value: 'file',
      params: { name: 'a/b' },
      rawParams: { name: 'a%2Fb' },
    });
    expect(table.match('GET', '/files/%E0%A4%A')).toEqual({ kind: 'not-found' });
  });

  it('names parameters per route where routes share a parameter segment', () => {
    const shared = compileRoutes([
      { method: 'get', path: '/c/{customer_id}/payments', value: 'payments' },
      { method: 'get', path: '/c/{cid}/sessions/{sid}', value: 'session' },
      { method: 'post', path: '/c/{cid}/sessions/{sid}', value: 'post' },
      { method: 'post', path: '/c/{id}/sessions/{s}', value: 'same route again: the first one wins' },
    ]);
    expect(shared.match('GET', '/c/c%201/payments')).toMatchObject({
      kind: 'found',
      value: 'payments',
      params: { customer_id: 'c 1' },
    });
    expect(shared.match('GET', '/c/c-1/sessions/s-1')).toMatchObject({
      kind: 'found',
      value: 'session',
      params: { cid: 'c-1', sid: 's-1' },
    });
    expect(shared.match('POST', '/c/c-1/sessions/s-1')).toMatchObject({
      kind: 'found',
      value: 'post',
      params: { cid: 'c-1', sid: 's-1' },
    });
  });

  it('405 lists the allowed methods; 404 for unknown paths and trailing slashes', () => {
    expect(table.match('DELETE', '/payments')).toEqual({ kind: 'method-not-allowed', allow: ['POST'] });
    expect(table.match('GET', '/payments/')).toEqual({ kind: 'not-found' });
    expect(table.match('GET', '/nope')).toEqual({ kind: 'not-found' });
  });
});

describe('compileRoutes: several parameters in one segment', () => {
  const table = compileRoutes([
    { method: 'get', path: '/b/{x}.{y}.{z}.json', value: 'three' },
    { method: 'get', path: '/f/{name}.{ext}', value: 'two' },
    { method: 'get', path: '/v/v{major}-{minor}', value: 'prefixed' },
    { method: 'get', path: '/p/{a}{b}', value: 'adjacent' },
  ]);

  it('reads each parameter up to the first occurrence of the literal after it; the last one up to the suffix', () => {
    expect(table.match('GET', '/b/1.2.3.json')).toMatchObject({
      kind: 'found',
      value: 'three',
      params: { x: '1', y: '2', z: '3' },
    });
    expect(table.match('GET', '/b/a.b.c.d.json')).toMatchObject({ params: { x: 'a', y: 'b', z: 'c.d' } });
    expect(table.match('GET', '/b/..x...json')).toMatchObject({ params: { x: '.', y: 'x', z: '.' } });
    expect(table.match('GET', '/f/archive.tar.gz')).toMatchObject({
      value: 'two',
      params: { name: 'archive', ext: 'tar.gz' },
    });
    expect(table.match('GET', '/v/v2-10')).toMatchObject({ value: 'prefixed', params: { major: '2', minor: '10' } });
    // Nothing between two parameters: the first one is one character, as the shortest reading.
    expect(table.match('GET', '/p/abc')).toMatchObject({ value: 'adjacent', params: { a: 'a', b: 'bc' } });
    expect(table.match('GET', '/f/a%2Eb.c')).toMatchObject({
      params: { name: 'a.b', ext: 'c' },
      rawParams: { name: 'a%2Eb', ext: 'c' },
    });
  });

  it('refuses empty parameters, missing literals and bad percent-encoding', () => {
    for (const path of [
      '/b/1.2.json',
      '/b/.2.3.json',
      '/b/1..3.json',
      '/b/1.2..json',
      '/b/1.2.3.jso',
      '/f/name',
      '/f/name.',
      '/v/2-10',
      '/v/v2-',
      '/p/a',
      '/f/%E0%A4%A.json',
    ]) {
      expect(table.match('GET', path), path).toEqual({ kind: 'not-found' });
    }
  });

  it('answers a 4 KB segment of delimiters at once (a backtracking matcher took seconds)', () => {
    const started = performance.now();
    for (const segment of [
      '.'.repeat(4096),
      `${'.'.repeat(4096)}x`,
      `${'a.'.repeat(2048)}jso`,
      `${'.json'.repeat(800)}x`,
    ]) {
      expect(table.match('GET', `/b/${segment}`).kind).toMatch(/found|not-found/);
    }
    expect(performance.now() - started).toBeLessThan(250);
  });
});

describe('compileRoutes: path length', () => {
  const table = compileRoutes([{ method: 'get', path: '/a/{id}', value: 'a' }]);
  it(`matches paths up to ${MAX_PATH_LENGTH} characters and calls longer ones too-long`, () => {
    const at = `/a/${'x'.repeat(MAX_PATH_LENGTH - 3)}`;
    expect(table.match('GET', at)).toMatchObject({ kind: 'found' });
    expect(table.match('GET', `${at}x`)).toEqual({ kind: 'too-long', limit: MAX_PATH_LENGTH });
    expect(
      compileRoutes([{ method: 'get', path: '/a/{id}', value: 'a' }], { maxPathLength: 10 }).match(
        'GET',
        '/a/12345678',
      ),
    ).toEqual({ kind: 'too-long', limit: 10 });
  });
});
