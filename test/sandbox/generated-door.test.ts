import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repositoryEdges } from '../architecture/layers.js';

const root = path.join(import.meta.dirname, '../..');

describe('the sandbox and generated/', () => {
  test('enters generated/ through sandbox/generated-api.ts only (ARCHITECTURE.md: its one door)', () => {
    const edges = repositoryEdges(root).filter((e) => e.from === 'sandbox' && e.to === 'generated');
    expect(edges.length).toBeGreaterThan(0);
    expect([...new Set(edges.map((e) => e.file))]).toEqual(['sandbox/generated-api.ts']);
  });
});
