/**
 * The OpenAPI 3.1.0 style table (test/fixtures/parameter-styles.json, §4.8.12.4 "Style
 * Examples", plus cookie rows) both ways: the generated client's serializer writes each value
 * as the specification's exact text, and the router's readers turn that text back into the
 * typed value.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
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
import { parameterShape } from '../../generator/ir/parameter-style.js';

type Kind = 'empty' | 'string' | 'array' | 'object';
interface Row {
  style: string;
  explode: boolean;
  in: ParamMeta['in'];
  empty: string | null;
  string: string | null;
  array: string | null;
  object: string | null;
  wire?: Partial<Record<Kind, string>>;
}
interface Table {
  parameter: string;
  values: Record<Kind, unknown>;
  schemas: Record<Kind, { type: string; items?: { type: string }; properties?: Record<string, { type: string }> }>;
  rows: Row[];
}

const table = JSON.parse(readFileSync(new URL('../fixtures/parameter-styles.json', import.meta.url), 'utf8')) as Table;
const KINDS: Kind[] = ['empty', 'string', 'array', 'object'];
const name = table.parameter;

function meta(row: Row, kind: Kind): ParamMeta {
  const schema = table.schemas[kind];
  const properties = schema.properties
    ? Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, v.type]))
    : undefined;
  return {
    name,
    in: row.in,
    required: true,
    type: schema.type,
    ...(schema.items ? { itemType: schema.items.type } : {}),
    ...(properties ? { properties } : {}),
    style: row.style,
    explode: row.explode,
  };
}

function write(row: Row, value: unknown): string {
  const style = { style: row.style, explode: row.explode };
  if (row.in === 'path') return serializePathParam(name, value, style);
  if (row.in === 'query') return serializeQueryParam(name, value, style);
  if (row.in === 'header') return serializeHeaderParam(value, style);
  return serializeCookieParam(name, value, style);
}

function read(row: Row, kind: Kind, text: string): unknown {
  const m = meta(row, kind);
  if (row.in === 'path') return readPathParam(m, text);
  if (row.in === 'header') return readHeaderParam(m, text);
  if (row.in === 'cookie') return readCookieParams(parseCookieHeader(text), [m]).values[name];
  const query = parseQuery(new URLSearchParams(text)) ?? {};
  return readQueryParams(query, [m]).values[name];
}

const cases = table.rows.flatMap((row) =>
  KINDS.flatMap((kind) => {
    const cell = row[kind];
    return cell === null
      ? []
      : [
          {
            label: `${row.in} ${row.style} explode=${row.explode} ${kind}: ${cell}`,
            row,
            kind,
            cell,
            wire: row.wire?.[kind] ?? cell,
          },
        ];
  }),
);

describe('the OpenAPI style table', () => {
  it('has every style and location the specification defines, with n/a cells left out', () => {
    expect(new Set(table.rows.map((r) => `${r.in} ${r.style}`))).toEqual(
      new Set([
        'path matrix',
        'path label',
        'path simple',
        'header simple',
        'query form',
        'query spaceDelimited',
        'query pipeDelimited',
        'query deepObject',
        'cookie form',
      ]),
    );
    expect(cases.length).toBe(49);
  });

  it.each(cases)('the client writes $label', ({ row, kind, wire }) => {
    expect(write(row, table.values[kind])).toBe(wire);
  });

  it.each(cases)('the router reads $label', ({ row, kind, wire }) => {
    expect(read(row, kind, wire)).toEqual(table.values[kind]);
  });
});

describe('text that breaks its style', () => {
  const label: ParamMeta = {
    name: 'color',
    in: 'path',
    required: true,
    type: 'array',
    itemType: 'string',
    style: 'label',
  };
  const matrixObject: ParamMeta = { name: 'color', in: 'path', required: true, type: 'object', style: 'matrix' };

  it('is a 400-worthy malformed parameter with a pointer, not a silently wrong value', () => {
    const read = readRequestParams(
      { path: [label], query: [], header: [], cookie: [] },
      { color: 'blue,black' },
      {},
      {},
    );
    expect(read.malformed).toEqual([
      expect.objectContaining({ rule: 'request.malformed-parameter', pointer: '/color', in: 'params' }),
    ]);
    expect(
      readRequestParams(
        { path: [matrixObject], query: [], header: [], cookie: [] },
        { color: ';color=R,100,G' },
        {},
        {},
      ).malformed,
    ).toHaveLength(1);
    expect(
      readRequestParams({ path: [matrixObject], query: [], header: [], cookie: [] }, { color: ';other=R,1' }, {}, {})
        .malformed,
    ).toHaveLength(1);
  });

  it('reads the RFC 6570 comma form of a non-exploded label array too', () => {
    expect(readPathParam(label, '.blue,black')).toEqual(['blue', 'black']);
  });

  it('finds delimiters before percent-decoding in the path', () => {
    const simple: ParamMeta = { name: 'ids', in: 'path', required: true, type: 'array', itemType: 'string' };
    expect(readPathParam(simple, 'a%2Cb,c')).toEqual(['a,b', 'c']);
    expect(serializePathParam('ids', ['a,b', 'c'], { style: 'simple', explode: false })).toBe('a%2Cb,c');
  });

  it('keeps prototype names as plain keys of a deepObject', () => {
    const deep: ParamMeta = {
      name: 'filter',
      in: 'query',
      required: false,
      type: 'object',
      style: 'deepObject',
      explode: true,
    };
    const query = parseQuery(new URLSearchParams('filter[__proto__]=x&filter[a]=1')) ?? {};
    const { filter } = readQueryParams(query, [deep]).values;
    const value = filter as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'a']);
    expect(({} as { x?: unknown }).x).toBeUndefined();
  });

  it('reads a quoted cookie value and ignores cookies nobody declared', () => {
    const cookie: ParamMeta = { name: 'session', in: 'cookie', required: true, type: 'integer' };
    expect(readCookieParams(parseCookieHeader('other=1; session="42"'), [cookie]).values).toEqual({ session: 42 });
  });
});

describe('combinations the table marks n/a', () => {
  it('write and read exploded delimited styles as form does', () => {
    for (const style of ['spaceDelimited', 'pipeDelimited']) {
      const array: ParamMeta = {
        name: 'c',
        in: 'query',
        required: false,
        type: 'array',
        itemType: 'integer',
        style,
        explode: true,
      };
      const object: ParamMeta = {
        name: 'c',
        in: 'query',
        required: false,
        type: 'object',
        properties: { R: 'integer' },
        style,
        explode: true,
      };
      expect(serializeQueryParam('c', [1, 2], { style, explode: true })).toBe('c=1&c=2');
      expect(serializeQueryParam('c', { R: 1 }, { style, explode: true })).toBe('R=1');
      expect(readQueryParams({ c: ['1', '2'] }, [array]).values).toEqual({ c: [1, 2] });
      expect(readQueryParams({ R: '1' }, [object]).values).toEqual({ c: { R: 1 } });
    }
  });
});

describe('parameter shapes read from the document', () => {
  it('follow $ref and allOf, and stop at a cycle', () => {
    const doc = {
      components: {
        schemas: {
          Loop: {
            allOf: [{ $ref: '#/components/schemas/Loop' }, { type: 'object', properties: { a: { type: 'integer' } } }],
          },
          Self: { $ref: '#/components/schemas/Self' },
        },
      },
    };
    expect(parameterShape(doc, { $ref: '#/components/schemas/Loop' })).toEqual({
      type: 'object',
      properties: { a: 'integer' },
    });
    expect(parameterShape(doc, { $ref: '#/components/schemas/Self' })).toEqual({});
    expect(parameterShape(doc, { type: 'array', items: { $ref: '#/components/schemas/Loop' } })).toEqual({
      type: 'array',
      itemType: 'object',
    });
  });
});
