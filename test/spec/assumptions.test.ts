import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assumptionMap } from '../../conformance/suites/verdicts/assumption-map.js';
import { openapiPath, overlayPath, readYaml, sandboxOverlayPath, specDir, statesPath } from './spec-files.js';

const declared = new Map<string, string>(readYaml(openapiPath)['x-cbp-assumptions'].map((a: any) => [a.id, a.text]));
const readme = readFileSync(`${specDir}README.md`, 'utf8');

function usedIds(): Set<string> {
  const ids = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'x-assumption') for (const a of [value].flat()) ids.add((a as any)?.id);
        if (key === 'assumption' && typeof value === 'string') ids.add(value);
        walk(value);
      }
    }
  };
  for (const path of [openapiPath, overlayPath, statesPath, sandboxOverlayPath]) walk(readYaml(path));
  for (const a of readYaml(statesPath).assumptions) ids.add(a.id);
  return ids;
}

describe('assumptions', () => {
  it('every assumption used in spec/ is declared in x-cbp-assumptions', () => {
    for (const id of usedIds()) expect(declared.has(id), id).toBe(true);
  });

  it(
    "the runner's status map cites only ids spec/ declares and " +
      'spec/README.md lists (the rest of the grading is in spec/)',
    () => {
      expect(Object.keys(assumptionMap)).toEqual(['statuses']);
      const ids = Object.values(assumptionMap.statuses).flat();
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) {
        expect(declared.has(id), id).toBe(true);
        expect(readme, id).toContain(`| ${id} |`);
      }
    },
  );

  it('covers names JSON Schema keywords only', () => {
    const keywords = new Set([
      'required',
      'pattern',
      'enum',
      'const',
      'format',
      'minLength',
      'maxLength',
      'minItems',
      'maxItems',
      'type',
      'minimum',
      'minProperties',
    ]);
    for (const a of readYaml(openapiPath)['x-cbp-assumptions'])
      for (const k of a.covers ?? []) expect(keywords, `${a.id}: ${k}`).toContain(k);
  });

  it('every declared assumption is listed in spec/README.md', () => {
    for (const id of declared.keys()) expect(readme, id).toContain(`| ${id} |`);
  });

  it('x-assumption has one form everywhere: { id, note } or a list of them', () => {
    const bad: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) {
        for (const [i, n] of node.entries()) walk(n, `${at}/${i}`);
      } else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key.startsWith('x-assumption') && key !== 'x-assumption') bad.push(`${at}/${key}`);
          if (key === 'x-assumption') {
            for (const a of [value].flat())
              if (
                !(
                  a &&
                  typeof (a as any).id === 'string' &&
                  /^A-[A-Z0-9-]+$/.test((a as any).id) &&
                  typeof (a as any).note === 'string'
                )
              )
                bad.push(`${at}/${key}`);
          }
          walk(value, `${at}/${key}`);
        }
      }
    };
    for (const path of [openapiPath, overlayPath, statesPath, sandboxOverlayPath])
      walk(readYaml(path), path.replace(specDir, ''));
    expect(bad).toEqual([]);
  });

  it('every x-assumption carries an explanatory note', () => {
    const text = readFileSync(openapiPath, 'utf8');
    const notes = [...text.matchAll(/x-assumption: \{ id: ([A-Z0-9-]+), note: "([^"]+)"/g)];
    expect(notes.length).toBeGreaterThan(20);
    for (const [, id, note] of notes) expect(note!.length, id).toBeGreaterThan(15);
  });
});
