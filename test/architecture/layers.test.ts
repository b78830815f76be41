import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { type Edge, folderCycles, renderTable, repositoryEdges, unusedEdges, violations } from './layers.js';

const root = path.resolve(import.meta.dirname, '../..');

describe('layers', () => {
  const edges = repositoryEdges(root);

  test('the import graph is read (a test over no edges would pass vacuously)', () => {
    expect(edges.some((e) => e.from === 'cli' && e.to === 'conformance/suites')).toBe(true);
    expect(edges.some((e) => e.from === 'conformance/suites' && e.to === 'conformance/engine')).toBe(true);
  });

  test('no import crosses a layer the wrong way', () => {
    expect(violations(edges)).toEqual([]);
  });

  test('every edge of the table is one some import uses', () => {
    expect(unusedEdges(edges)).toEqual([]);
    expect(unusedEdges(edges.filter((e) => !(e.from === 'cli' && e.to === 'api')))).toEqual(['cli -> api']);
  });

  test('no cycle between top-level folders', () => {
    expect(folderCycles(edges)).toEqual([]);
  });

  test('a wrong-way import and a folder cycle are both reported', () => {
    const bad: Edge[] = [
      {
        file: 'conformance/engine/x.ts',
        specifier: '../suites/api/context.js',
        from: 'conformance/engine',
        to: 'conformance/suites',
      },
      { file: 'lib/y.ts', specifier: '../cli/main.js', from: 'lib', to: 'cli' },
      { file: 'cli/z.ts', specifier: '../lib/y.js', from: 'cli', to: 'lib' },
    ];
    expect(violations(bad)).toEqual([
      expect.stringContaining(
        "conformance/engine/x.ts: '../suites/api/context.js' crosses conformance/engine -> conformance/suites",
      ),
      expect.stringContaining("lib/y.ts: '../cli/main.js' crosses lib -> cli"),
    ]);
    expect(folderCycles(bad)).toEqual(['cli -> lib -> cli']);
  });

  test('ARCHITECTURE.md states the same table', () => {
    const doc = readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8');
    const block = /```layers\n([\s\S]*?)\n```/.exec(doc)?.[1];
    expect(block, 'ARCHITECTURE.md has a ```layers block').toBeDefined();
    expect(block).toBe(renderTable());
  });
});
