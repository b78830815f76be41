/**
 * Parameters beside the style table: `content` parameters with a JSON media type (OpenAPI 3.1
 * §4.8.12.2: the value is the media type's representation, here JSON text) and `allowReserved`
 * query values (RFC 3986 §2.2 reserved characters sent as they are).
 */
import { describe, expect, it } from 'vitest';
import {
  encodeReserved,
  serializeCookieParam,
  serializeHeaderParam,
  serializePathParam,
  serializeQueryParam,
} from '../../packages/runtime/src/client/parameter-serializer.js';
import { parseCookieHeader, parseQuery } from 'cross-border-payments-runtime/server';
import { readRequestParams } from '../../packages/runtime/src/server/coerce.js';
import type { ParamMeta } from '../../packages/runtime/src/server/param-values.js';
import { readCookieParams, readHeaderParam } from '../../packages/runtime/src/server/read-header-cookie.js';
import { readPathParam } from '../../packages/runtime/src/server/read-path.js';
import { readQueryParams } from '../../packages/runtime/src/server/read-query.js';

const value = { status: 'open & shut', tags: ['a', 'b'], n: 1.5 };
const text = JSON.stringify(value);
const json = (location: ParamMeta['in']): ParamMeta => ({ name: 'filter', in: location, required: false, json: true });
const form = { style: 'form', explode: true, json: true } as const;
const simple = { style: 'simple', explode: false, json: true } as const;

describe('a JSON content parameter, both ways', () => {
  it('is written as JSON text in each location, percent-encoded where the location needs it', () => {
    expect(serializeQueryParam('filter', value, form)).toBe(`filter=${encodeURIComponent(text)}`);
    expect(serializePathParam('filter', value, simple)).toBe(encodeURIComponent(text));
    expect(serializeHeaderParam(value, simple)).toBe(text);
    expect(serializeCookieParam('filter', value, form)).toBe(`filter=${encodeURIComponent(text)}`);
  });

  it('is read back as the value from what each location carries', () => {
    const query = parseQuery(new URLSearchParams(serializeQueryParam('filter', value, form)))!;
    expect(readQueryParams(query, [json('query')]).values).toEqual({ filter: value });
    expect(readPathParam(json('path'), serializePathParam('filter', value, simple))).toEqual(value);
    expect(readHeaderParam(json('header'), ` ${text} `)).toEqual(value);
    expect(
      readCookieParams(parseCookieHeader(serializeCookieParam('filter', value, form)), [json('cookie')]).values,
    ).toEqual({ filter: value });
  });

  it('is malformed when the text is not JSON, or JSON that could poison prototypes', () => {
    expect(readQueryParams({ filter: '{"a":' }, [json('query')]).malformed).toEqual(['filter']);
    expect(readQueryParams({ filter: '{"__proto__":{}}' }, [json('query')]).malformed).toEqual(['filter']);
    const read = readRequestParams(
      { path: [], query: [], header: [json('header')], cookie: [] },
      {},
      {},
      { filter: 'nope' },
    );
    expect(read.malformed).toEqual([
      expect.objectContaining({
        rule: 'request.malformed-parameter',
        pointer: '/filter',
        in: 'headers',
        message: expect.stringMatching(/not valid JSON/),
      }),
    ]);
  });

  it('keeps JSON scalars as JSON: "1" is the number 1, "\\"1\\"" the string', () => {
    expect(
      readQueryParams(
        { a: '1', b: '"1"', c: 'null' },
        ['a', 'b', 'c'].map((n) => ({ ...json('query'), name: n })),
      ).values,
    ).toEqual({ a: 1, b: '1', c: null });
  });
});

describe('allowReserved query values', () => {
  it('leave RFC 3986 reserved characters and percent-encoded triples as they are, encode the rest', () => {
    expect(encodeReserved(":/?[]@!$&'()*+,;=")).toBe(":/?[]@!$&'()*+,;=");
    expect(encodeReserved('a b%20c%zz é#')).toBe('a%20b%20c%25zz%20%C3%A9%23');
  });

  it('apply to the value of every query style, never to the name', () => {
    const reserved = { style: 'form', explode: true, allowReserved: true } as const;
    expect(serializeQueryParam('q', 'a/b?c=d', reserved)).toBe('q=a/b?c=d');
    expect(serializeQueryParam('q', 'a/b?c=d', { style: 'form', explode: true })).toBe('q=a%2Fb%3Fc%3Dd');
    expect(serializeQueryParam('q x', ['a:b', 'c/d'], reserved)).toBe('q%20x=a:b&q%20x=c/d');
    expect(serializeQueryParam('q', ['a:b', 'c/d'], { ...reserved, explode: false })).toBe('q=a:b,c/d');
    expect(serializeQueryParam('f', { k: 'v/w' }, { style: 'deepObject', explode: true, allowReserved: true })).toBe(
      'f[k]=v/w',
    );
  });

  it('reach the router as the value that was sent', () => {
    const sent = 'a/b?c:d@e,f=g';
    const query = parseQuery(
      new URLSearchParams(serializeQueryParam('q', sent, { style: 'form', explode: true, allowReserved: true })),
    )!;
    expect(readQueryParams(query, [{ name: 'q', in: 'query', required: false, type: 'string' }]).values).toEqual({
      q: sent,
    });
  });
});
