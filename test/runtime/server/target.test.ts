import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitTarget } from '../../../packages/runtime/src/server/target.js';

/** What the router did before the fast path: the WHATWG parser on every target. */
function viaUrl(target: string): { pathname: string; query: [string, string][] } | undefined {
  try {
    const url = target.startsWith('/') ? new URL(`http://router.invalid${target}`) : new URL(target);
    return { pathname: url.pathname, query: [...url.searchParams] };
  } catch {
    return undefined;
  }
}

function viaSplit(target: string): { pathname: string; query: [string, string][] } | undefined {
  const t = splitTarget(target);
  return t && { pathname: t.pathname, query: [...new URLSearchParams(t.search)] };
}

describe('splitTarget', () => {
  it('splits a plain target without changing it', () => {
    expect(splitTarget('/v3/customers/cust-1/payments?a=1&b=x%20y')).toEqual({
      pathname: '/v3/customers/cust-1/payments',
      search: 'a=1&b=x%20y',
    });
    expect(splitTarget('/x')).toEqual({ pathname: '/x', search: '' });
  });

  it('normalizes what the URL parser normalizes', () => {
    expect(splitTarget('/a/../b/./c?q=1#frag')).toEqual({ pathname: '/b/c', search: 'q=1' });
    expect(splitTarget('//evil.example/x')?.pathname).toBe('//evil.example/x');
    expect(viaSplit('/a b?c d')).toEqual({ pathname: '/a%20b', query: [['c d', '']] });
    expect(viaSplit('/x??a=1')).toEqual({ pathname: '/x', query: [['?a', '1']] });
    expect(splitTarget('http://h.example/p?x=1')).toEqual({ pathname: '/p', search: 'x=1' });
    expect(splitTarget('not a url')).toBeUndefined();
  });

  it('gives the same pathname and query parameters as the URL parser for any target', () => {
    const chars = fc.constantFrom(...'aZ09-_~./?#&=%+ :;@!$*()\\"<>\'é2F'.split(''));
    const target = fc.array(chars, { maxLength: 30 }).map((cs) => `/${cs.join('')}`);
    fc.assert(
      fc.property(target, (t) => {
        expect(viaSplit(t)).toEqual(viaUrl(t));
      }),
      { numRuns: 2000 },
    );
  });
});
